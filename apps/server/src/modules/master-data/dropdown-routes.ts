import type { FastifyPluginAsync } from 'fastify';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { routeEndpoint as route } from '../../endpoint-route';
import { providerOnly } from './provider-only';
import {
  createDropdownValue,
  dropdownTree,
  listDropdownValues,
  updateDropdownValue,
} from './dropdown-service';

// The dropdown settings' handlers; paths, access and schemas are declared in contracts
// (api/master-data.ts). Reading is for every signed-in user: device type, operator, battery and the
// other lists feed the forms of other screens (activation, assignment, inspections).

export const dropdownRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.dropdownTree, () => dropdownTree(app.db));

  route(app, D.dropdownValues, (request) => listDropdownValues(app.db, request.query));

  route(
    app,
    D.createDropdownValue,
    async (request) => ({ ...(await createDropdownValue(app.db, request.body)), detail: M.dropdownAdded }),
    { preValidation: providerOnly },
  );

  route(
    app,
    D.updateDropdownValue,
    async (request) => {
      const { row, detail } = await updateDropdownValue(app.db, request.body);
      return { ...row, detail };
    },
    { preValidation: providerOnly },
  );
};
