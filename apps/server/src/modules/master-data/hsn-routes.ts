import type { FastifyPluginAsync } from 'fastify';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { routeEndpoint as route } from '../../endpoint-route';
import { providerOnly } from './provider-only';
import { listHsn, saveHsn } from './hsn-service';

// The HSN codes' handlers; paths, access and schemas are declared in contracts (api/master-data.ts).

export const hsnRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.hsn, (request) => listHsn(app.db, request.query));

  // The spec's form saves through POST (with id when editing): 201 when it adds, 200 otherwise.
  route(
    app,
    D.saveHsn,
    async (request, reply) => {
      const { row, detail } = await saveHsn(app.db, request.body);
      if (request.body.kind !== 'save' || request.body.id !== undefined) reply.status(200);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
  // PUT does the same for REST clients, always with 200.
  route(
    app,
    D.putHsn,
    async (request) => {
      const { row, detail } = await saveHsn(app.db, request.body);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
};
