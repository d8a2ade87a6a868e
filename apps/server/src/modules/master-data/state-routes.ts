import type { FastifyPluginAsync } from 'fastify';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { routeEndpoint as route } from '../../endpoint-route';
import { providerOnly } from './provider-only';
import { createState, listStates, updateState } from './states-service';

// The states' handlers; paths, access and schemas are declared in contracts (api/master-data.ts).

export const stateRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.states, (request) => listStates(app.db, request.query));

  route(
    app,
    D.createState,
    async (request) => ({ ...(await createState(app.db, request.body)), detail: M.stateAdded }),
    { preValidation: providerOnly },
  );

  route(
    app,
    D.updateState,
    async (request) => {
      const { row, detail } = await updateState(app.db, request.body);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
};
