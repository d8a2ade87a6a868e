import type { FastifyPluginAsync } from 'fastify';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { routeEndpoint as route } from '../../endpoint-route';
import { providerOnly } from './provider-only';
import { createCity, listCities, updateCity } from './cities-service';

// The cities' handlers; paths, access and schemas are declared in contracts (api/master-data.ts).

export const cityRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.cities, (request) => listCities(app.db, request.query));

  route(
    app,
    D.createCity,
    async (request) => ({ ...(await createCity(app.db, request.body)), detail: M.cityAdded }),
    { preValidation: providerOnly },
  );

  route(
    app,
    D.updateCity,
    async (request) => {
      const { row, detail } = await updateCity(app.db, request.body);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
};
