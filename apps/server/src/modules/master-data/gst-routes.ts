import type { FastifyPluginAsync } from 'fastify';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { routeEndpoint as route } from '../../endpoint-route';
import { providerOnly } from './provider-only';
import { listGst, saveGst } from './gst-service';

// The GST rates' handlers; paths, access and schemas are declared in contracts (api/master-data.ts).

export const gstRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.gst, (request) => listGst(app.db, request.query));

  // The spec's form saves through POST (with id when editing): 201 when it adds, 200 otherwise.
  route(
    app,
    D.saveGst,
    async (request, reply) => {
      const { row, detail } = await saveGst(app.db, request.body);
      if (request.body.kind !== 'save' || request.body.id !== undefined) reply.status(200);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
  // PUT does the same for REST clients, always with 200.
  route(
    app,
    D.putGst,
    async (request) => {
      const { row, detail } = await saveGst(app.db, request.body);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
};
