import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@rms/contracts/routes';
import {
  PARAMETER_MESSAGES,
  bulkParameterBody,
  bulkParameterResult,
  parameterSetting,
  parameterSettingBody,
  parameterDevice,
  parameterDeviceQuery,
  parameterSettingQuery,
} from '@rms/contracts/parameters';
import { anyOf } from '@rms/contracts/permissions';
import { caller } from '../../auth/access';
import { deviceChoices } from './devices-in-scope';
import { getSetting, saveBulk, saveSetting } from './service';

const tags = ['parameters'];
const security = [{ bearer: [] }];
const URL = '/devices/parameter_settings/';
// Spec 02 §6: reading takes either parameter code; saving sends parameters to a device, so it takes
// CHANGE_PARAMETER_SETTINGS. Bulk parameter follows its console route (DEVICE_ACTIVATION).
const VIEW = accessOf('/parameter-setting');
const CHANGE = anyOf('CHANGE_PARAMETER_SETTINGS');
const BULK = accessOf('/add-inspection-parameter');
const saved = parameterSetting.extend({ detail: z.string() });

export const parameterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "A device's newest parameter set with its command status, or the defaults (version null)",
        security,
        querystring: parameterSettingQuery,
        response: { 200: parameterSetting },
      },
    },
    async (request) => getSetting(app.db, caller(request), request.query.device),
  );

  // Its own device list: holding a parameter code is enough to pick a device (the RMS list needs VIEW_RMS).
  app.get(
    `${URL}devices/`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The RMS devices whose parameters the caller may read ({id, device_id}; ?query= searches)',
        security,
        querystring: parameterDeviceQuery,
        response: { 200: z.array(parameterDevice) },
      },
    },
    async (request) => deviceChoices(app.db, caller(request), request.query.query),
  );

  const saveSchema = {
    tags,
    summary: 'Save a new version of a device’s parameters (all six groups) and record its command',
    security,
    body: parameterSettingBody,
  };
  app.post(
    URL,
    { config: { access: CHANGE }, schema: { ...saveSchema, response: { 201: saved } } },
    async (request, reply) => {
      const row = await saveSetting(app.db, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: PARAMETER_MESSAGES.added });
    },
  );
  // PUT is the same save (spec 02 §7 names both): every save is a new version.
  app.put(
    URL,
    { config: { access: CHANGE }, schema: { ...saveSchema, response: { 200: saved } } },
    async (request) => ({
      ...(await saveSetting(app.db, caller(request), request.body)),
      detail: PARAMETER_MESSAGES.added,
    }),
  );

  app.post(
    '/devices/bulk_parameter/',
    {
      config: { access: BULK },
      schema: {
        tags,
        summary: 'Set load watt and full/half brightness hours on many devices: one version and command each',
        security,
        body: bulkParameterBody,
        response: { 201: bulkParameterResult },
      },
    },
    async (request, reply) => {
      const devices = await saveBulk(app.db, caller(request), request.body);
      return reply.status(201).send({ detail: PARAMETER_MESSAGES.bulkAdded, devices });
    },
  );
};
