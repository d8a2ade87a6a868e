import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@rms/contracts/routes';
import {
  INSPECTION_MESSAGES,
  inspectionBody,
  inspectionList,
  inspectionListQuery,
  inspectionRow,
} from '@rms/contracts/inspections';
import { caller } from '../../auth/access';
import { inspect, listInspections } from './service';

const tags = ['inspections'];
const security = [{ bearer: [] }];
const URL = '/devices/inspection/';
// The console routes /add-inspection and /view-inspection both take DEVICE_ACTIVATION (routes.ts).
const ADD = accessOf('/add-inspection');
const VIEW = accessOf('/view-inspection');

export const inspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "Inspection history of the caller's organization (?query= matches a device id)",
        security,
        querystring: inspectionListQuery,
        response: { 200: inspectionList },
      },
    },
    async (request) => listInspections(app.db, caller(request), request.query),
  );

  app.post(
    URL,
    {
      config: { access: ADD },
      schema: {
        tags,
        summary: 'Force the selected devices on (insp 1) or off (insp 2): one command per device',
        security,
        body: inspectionBody,
        response: { 201: inspectionRow.extend({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await inspect(app.db, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: INSPECTION_MESSAGES.inspected });
    },
  );
};
