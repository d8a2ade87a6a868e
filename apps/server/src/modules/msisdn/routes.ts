import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@rms/contracts/routes';
import {
  MSISDN_MESSAGES,
  msisdnCreateBody,
  msisdnList,
  msisdnListQuery,
  msisdnRow,
  msisdnUpdateBody,
} from '@rms/contracts/msisdn';
import { caller } from '../../auth/access';
import { createMapping, listMappings, updateMapping } from './service';

const tags = ['msisdn'];
const security = [{ bearer: [] }];
const URL = '/devices/msisdn_mapping/';
// Spec 02 §6: the list takes DEVICE_ACTIVATION or VIEW_DEVICE_ACTIVATION, adding and editing DEVICE_ACTIVATION.
const VIEW = accessOf('/view-msison-mapping');
const MANAGE = accessOf('/add-msison-mapping');
const saved = msisdnRow.extend({ detail: z.string() });

export const msisdnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'MSISDN mappings the caller sees (?query= searches SIM number, IMSI and MSISDN; ?is_active=false: the deleted ones)',
        security,
        querystring: msisdnListQuery,
        response: { 200: msisdnList },
      },
    },
    async (request) => listMappings(app.db, caller(request), request.query),
  );

  app.post(
    URL,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: "Map a SIM card: SIM number (ICCID), IMSI and MSISDN, owned by the caller's organization",
        security,
        body: msisdnCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const row = await createMapping(app.db, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: MSISDN_MESSAGES.added });
    },
  );

  app.put(
    URL,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary:
          'Update a mapping (id and the three numbers); {id, is_active: false} deletes it (soft), {id, is_active: true} restores a deleted one',
        security,
        body: msisdnUpdateBody,
        response: { 200: saved },
      },
    },
    async (request) => {
      const { row, detail } = await updateMapping(app.db, caller(request), request.body);
      return { ...row, detail };
    },
  );
};
