import type { FastifyPluginAsync } from 'fastify';
import { ASSIGNMENT_API } from '@rms/contracts/api/assignments';
import { ASSIGNMENT, ASSIGNMENT_KINDS, assignmentInput } from '@rms/contracts/assignments';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { assignItem, getAssignment, listAssignable, listAssignments } from './service';

// The assignment area's handlers; paths, access and schemas are declared in contracts (api/assignments.ts).

export const assignmentRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of ASSIGNMENT_KINDS) {
    const E = ASSIGNMENT_API[kind];
    route(app, E.list, (request) => listAssignments(app.db, caller(request), kind, request.query));
    route(app, E.items, (request) => listAssignable(app.db, caller(request), kind, request.query));
    route(app, E.assign, async (request) => {
      const auth = caller(request);
      const input = assignmentInput(kind, request.body);
      const id = await app.db.transaction((tx) => assignItem(tx, app.config.timeZone, auth, kind, input));
      return { ...(await getAssignment(app.db, kind, id)), detail: ASSIGNMENT[kind].assigned };
    });
  }
};
