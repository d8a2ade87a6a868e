import { z } from 'zod';
import {
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
} from '../activations';
import { pageQuery } from '../common';
import { endpoint } from '../endpoint';
import { queryId } from '../fields';
import { anyOf } from '../permissions';
import { accessOf } from '../routes';

// Spec 02 §6: the lists serve View Activation (VIEW_DEVICE_ACTIVATION) and the bulk-parameter and
// inspection screens (DEVICE_ACTIVATION), so either code reads; saving, deleting and refreshing take
// the add-activation code.
const READ = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');
const WRITE = accessOf('/device-activation');
const area = 'activations';
const URL = '/devices/activation/';
const saved = activationRow.extend({ detail: z.string() });

export const activationApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: READ,
    summary:
      'Activations the caller sees, with filters; is_parameter_data=true adds the newest load_regulation, dim_1, dim_2; is_active=false lists the deleted ones',
    query: activationListQuery,
    response: activationList,
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: WRITE,
    summary: "Activate a device as a project of the caller's organization",
    body: activationCreateBody,
    response: saved,
    status: 201,
  }),
  update: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: WRITE,
    summary:
      'Update an activation (id and the fields); {id, is_active: false} deletes it (soft), {id, is_active: true} restores a deleted one',
    body: activationUpdateBody,
    response: z.union([saved, z.object({ id: z.number().int(), detail: z.string() })]),
  }),
  refresh: endpoint({
    area,
    method: 'POST',
    path: `${URL}refresh/`,
    access: WRITE,
    summary: 'Ask an activated device for a fresh report (records a refresh command)',
    body: activationRefreshBody,
    response: z.object({ detail: z.string(), command: z.number().int() }),
  }),
  // Spec 01 §7 names this call GET admin_settings/project_list/: one handler answers at both paths.
  projects: endpoint({
    area,
    method: 'GET',
    path: `${URL}projects/`,
    aliases: ['/admin_settings/project_list/'],
    access: READ,
    summary: 'Project names of the activations the caller sees (pagination=false → [{name}])',
    query: pageQuery,
    response: projectList,
  }),
  poles: endpoint({
    area,
    method: 'GET',
    path: `${URL}poles/`,
    access: READ,
    summary: "Poles of the activations the caller sees (the list's pole filter)",
    response: availableItems,
  }),
  available: endpoint({
    area,
    method: 'GET',
    path: `${URL}available/`,
    access: WRITE,
    summary:
      "The form's choices: the organization's active RMS devices, STLTs or poles no active activation uses",
    query: availableItemsQuery,
    response: availableItems,
  }),
  one: endpoint({
    area,
    method: 'GET',
    path: `${URL}:id/`,
    access: READ,
    summary: 'One activation the caller sees (the form loads it to edit)',
    params: z.object({ id: queryId }),
    response: activationRow,
  }),
  // The header's device search; spec 01 §7 names it GET admin_settings/device_data/: one handler, both paths.
  devices: endpoint({
    area,
    method: 'GET',
    path: '/devices/device_list/',
    aliases: ['/admin_settings/device_data/'],
    access: READ,
    summary: 'Activated devices the caller sees (?query= matches device ID, model and project name)',
    query: deviceListQuery,
    response: deviceList,
  }),
};
