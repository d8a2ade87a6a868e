import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVATION_MESSAGES as M,
  activationCreateBody,
  activationList,
  activationListQuery,
  activationRefreshBody,
  activationRow,
  activationUpdateBody,
  availableItems,
  availableItemsQuery,
  deviceList,
  deviceListQuery,
  projectList,
} from '@rms/contracts/activations';
import { pageQuery } from '@rms/contracts/common';
import { queryId } from '@rms/contracts/fields';
import { anyOf } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { listActivatedDevices, listActivatedPoles, listAvailableItems, listProjects } from './lookups';
import { createActivation, getActivation, listActivations, refreshDevice, updateActivation } from './service';

const tags = ['activations'];
const security = [{ bearer: [] }];
const URL = '/devices/activation/';
// Spec 02 §6: the lists serve View Activation (VIEW_DEVICE_ACTIVATION) and the bulk-parameter and
// inspection screens (DEVICE_ACTIVATION), so either code reads; saving, deleting and refreshing take
// the add-activation code.
const READ = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');
const WRITE = accessOf('/device-activation');
const saved = activationRow.extend({ detail: z.string() });

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    URL,
    {
      config: { access: READ },
      schema: {
        tags,
        summary:
          'Activations the caller sees, with filters; is_parameter_data=true adds the newest load_regulation, dim_1, dim_2; is_active=false lists the deleted ones',
        security,
        querystring: activationListQuery,
        response: { 200: activationList },
      },
    },
    async (request) => listActivations(app.db, caller(request), request.query),
  );

  app.post(
    URL,
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: "Activate a device as a project of the caller's organization",
        security,
        body: activationCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const id = await createActivation(app.db, auth, request.body);
      const row = await getActivation(app.db, auth, id);
      return reply.status(201).send({ ...row, detail: M.activated });
    },
  );

  app.put(
    URL,
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary:
          'Update an activation (id and the fields); {id, is_active: false} deletes it (soft), {id, is_active: true} restores a deleted one',
        security,
        body: activationUpdateBody,
        response: { 200: z.union([saved, z.object({ id: z.number().int(), detail: z.string() })]) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { id, detail } = await updateActivation(app.db, auth, request.body);
      if (request.body.kind === 'delete') return { id, detail };
      return { ...(await getActivation(app.db, auth, id)), detail };
    },
  );

  app.post(
    `${URL}refresh/`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Ask an activated device for a fresh report (records a refresh command)',
        security,
        body: activationRefreshBody,
        response: { 200: z.object({ detail: z.string(), command: z.number().int() }) },
      },
    },
    async (request) => {
      const command = await refreshDevice(app.db, caller(request), request.body.device);
      return { detail: M.refreshed, command };
    },
  );

  // Spec 01 §7 names this call GET admin_settings/project_list/: one handler answers at both paths.
  for (const url of [`${URL}projects/`, '/admin_settings/project_list/']) {
    app.get(
      url,
      {
        config: { access: READ },
        schema: {
          tags,
          summary: 'Project names of the activations the caller sees (pagination=false → [{name}])',
          security,
          querystring: pageQuery,
          response: { 200: projectList },
        },
      },
      async (request) => listProjects(app.db, caller(request), request.query),
    );
  }

  app.get(
    `${URL}poles/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "Poles of the activations the caller sees (the list's pole filter)",
        security,
        response: { 200: availableItems },
      },
    },
    async (request) => listActivatedPoles(app.db, caller(request)),
  );

  app.get(
    `${URL}available/`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary:
          "The form's choices: the organization's active RMS devices, STLTs or poles no active activation uses",
        security,
        querystring: availableItemsQuery,
        response: { 200: availableItems },
      },
    },
    async (request) => {
      const { kind, activation, query } = request.query;
      return listAvailableItems(app.db, caller(request), kind, activation, query);
    },
  );

  app.get(
    `${URL}:id/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One activation the caller sees (the form loads it to edit)',
        security,
        params: z.object({ id: queryId }),
        response: { 200: activationRow },
      },
    },
    async (request) => getActivation(app.db, caller(request), request.params.id),
  );

  // The header's device search; spec 01 §7 names it GET admin_settings/device_data/: one handler, both paths.
  for (const url of ['/devices/device_list/', '/admin_settings/device_data/']) {
    app.get(
      url,
      {
        config: { access: READ },
        schema: {
          tags,
          summary: 'Activated devices the caller sees (?query= matches device ID, model and project name)',
          security,
          querystring: deviceListQuery,
          response: { 200: deviceList },
        },
      },
      async (request) => listActivatedDevices(app.db, caller(request), request.query),
    );
  }
};
