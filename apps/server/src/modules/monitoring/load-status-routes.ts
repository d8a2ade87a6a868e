import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, SIGNED_IN } from '@rms/contracts/permissions';
import {
  loadStatusCreateBody,
  loadStatusQuery,
  loadStatusRow,
  loadStatusUpdateBody,
} from '@rms/contracts/monitoring';
import { caller } from '../../auth/access';
import { createLoadStatus, loadStatusOf, updateLoadStatus } from './load-status-service';

const tags = ['monitoring'];
const security = [{ bearer: [] }];
const URL = '/monitoring/load_status/';
const saved = loadStatusRow.extend({ detail: z.string() });
// Reading follows /analysis (any signed-in user, within their organization). Switching a light is a
// command to the device, like inspection force on/off: it takes DEVICE_ACTIVATION.
const SWITCH = anyOf('DEVICE_ACTIVATION');

export const loadStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "The device's load status record (none, or one) with its command's progress",
        security,
        querystring: loadStatusQuery,
        response: { 200: z.array(loadStatusRow) },
      },
    },
    async (request) => loadStatusOf(app.db, caller(request), request.query.device),
  );

  app.post(
    URL,
    {
      config: { access: SWITCH },
      schema: {
        tags,
        summary: 'Create the load status record (switch on/off) and send the load command',
        security,
        body: loadStatusCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const { row, detail } = await createLoadStatus(app.db, caller(request), request.body);
      return reply.status(201).send({ ...row, detail });
    },
  );

  app.put(
    URL,
    {
      config: { access: SWITCH },
      schema: {
        tags,
        summary: 'Switch the load on/off (lo_sts 1/0) and send the load command',
        security,
        body: loadStatusUpdateBody,
        response: { 200: saved },
      },
    },
    async (request) => {
      const { row, detail } = await updateLoadStatus(app.db, caller(request), request.body);
      return { ...row, detail };
    },
  );
};
