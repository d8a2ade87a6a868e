import type { FastifyPluginAsync } from 'fastify';
import { ACTIVATION_MESSAGES as M } from '@rms/contracts/activations';
import { activationApi as A } from '@rms/contracts/api/activations';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { listActivatedDevices, listActivatedPoles, listAvailableItems, listProjects } from './lookups';
import { createActivation, getActivation, listActivations, refreshDevice, updateActivation } from './service';

// The activation area's handlers; paths, access and schemas are declared in contracts (api/activations.ts).

export const activationRoutes: FastifyPluginAsync = async (app) => {
  route(app, A.list, (request) => listActivations(app.db, caller(request), request.query));

  route(app, A.create, async (request) => {
    const auth = caller(request);
    const id = await createActivation(app.db, auth, request.body);
    return { ...(await getActivation(app.db, auth, id)), detail: M.activated };
  });

  route(app, A.update, async (request) => {
    const auth = caller(request);
    const { id, detail } = await updateActivation(app.db, auth, request.body);
    if (request.body.kind === 'delete') return { id, detail };
    return { ...(await getActivation(app.db, auth, id)), detail };
  });

  route(app, A.refresh, async (request) => {
    const command = await refreshDevice(app.db, caller(request), request.body.device);
    return { detail: M.refreshed, command };
  });

  route(app, A.projects, (request) => listProjects(app.db, caller(request), request.query));
  route(app, A.poles, (request) => listActivatedPoles(app.db, caller(request)));
  route(app, A.available, (request) => {
    const { kind, activation, query } = request.query;
    return listAvailableItems(app.db, caller(request), kind, activation, query);
  });
  route(app, A.one, (request) => getActivation(app.db, caller(request), request.params.id));
  route(app, A.devices, (request) => listActivatedDevices(app.db, caller(request), request.query));
};
