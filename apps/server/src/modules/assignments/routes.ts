import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ASSIGNMENT,
  ASSIGNMENT_BODIES,
  ASSIGNMENT_KINDS,
  assignableList,
  assignmentInput,
  assignmentList,
  assignmentListQuery,
  assignmentSaved,
  type AssignmentKind,
} from '@rms/contracts/assignments';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { assignItem, getAssignment, listAssignable, listAssignments } from './service';

const tags = ['assignments'];
const security = [{ bearer: [] }];

function register(app: FastifyInstance, kind: AssignmentKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = ASSIGNMENT[kind];
  const url = `/${config.path}`;
  const access = accessOf(config.consolePath);
  const body = ASSIGNMENT_BODIES[kind] as unknown as z.ZodType<Record<string, unknown>>;

  api.get(
    url,
    {
      config: { access },
      schema: {
        tags,
        summary: `History of ${config.itemLabel} assignments the caller's organization gave or received (?query=)`,
        security,
        querystring: assignmentListQuery,
        response: { 200: assignmentList },
      },
    },
    async (request) => listAssignments(app.db, caller(request), kind, request.query),
  );

  api.get(
    `${url}items/`,
    {
      config: { access },
      schema: {
        tags,
        summary: `${config.itemLabel}s the caller's organization may assign: its own, active, not activated`,
        security,
        querystring: assignmentListQuery,
        response: { 200: assignableList },
      },
    },
    async (request) => listAssignable(app.db, caller(request), kind, request.query),
  );

  api.post(
    url,
    {
      config: { access },
      schema: {
        tags,
        summary: `Assign a ${config.itemLabel} to a buyer organization with an expiry date`,
        security,
        body,
        response: { 201: assignmentSaved },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const input = assignmentInput(kind, request.body);
      const id = await app.db.transaction((tx) => assignItem(tx, app.config.timeZone, auth, kind, input));
      const row = await getAssignment(app.db, kind, id);
      return reply.status(201).send({ ...row, detail: config.assigned });
    },
  );
}

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ASSIGNMENT_KINDS) register(app, kind);
};
