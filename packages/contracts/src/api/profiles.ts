import { listResponse, messageBody } from '../common';
import { endpoint } from '../endpoint';
import { anyOf } from '../permissions';
import {
  profileCreateBody,
  profileDeviceChoice,
  profileDeviceQuery,
  profileDuplicateBody,
  profileListQuery,
  profileParams,
  profilePreview,
  profilePreviewBody,
  profileRow,
  profileSaved,
  profileUpdateBody,
} from '../profiles';
import { accessOf } from '../routes';
import { z } from 'zod';

// Dimming profiles (docs/dimming-profiles.md). Reading (the list, a profile, the preview, the device
// picker) takes MANAGE_SCHEDULES or VIEW_DEVICE_DATA, the Dimming Profiles screen's access: whoever sees
// the devices' data may see what their lights are planned to do. Every change takes MANAGE_SCHEDULES.
// Customers see and change their organization's profiles, the provider's people any organization's; a
// profile (or device) of another organization answers 404.

const area = 'profiles';
const BASE = '/lighting/profiles/';
const ONE = `${BASE}:id/`;
const READ = accessOf('/dimming-profiles');
const MANAGE = anyOf('MANAGE_SCHEDULES');

export const profileApi = {
  profileList: endpoint({
    area,
    method: 'GET',
    path: BASE,
    access: READ,
    summary:
      'Dimming profiles the caller sees, by name (query searches the name; organization= for the provider), each with how many schedules and exceptions use it',
    query: profileListQuery,
    response: listResponse(profileRow),
  }),
  profileCreate: endpoint({
    area,
    method: 'POST',
    path: BASE,
    access: MANAGE,
    summary: 'Add a profile: up to 6 steps relative to dusk, dawn or clock time, at most 3 lit',
    body: profileCreateBody,
    response: profileSaved,
    status: 201,
  }),
  profilePreview: endpoint({
    area,
    method: 'POST',
    path: `${BASE}preview/`,
    access: READ,
    audited: false,
    summary:
      "Steps (saved or not) made concrete for one night at a device's place or a latitude/longitude: dusk, dawn, the night's steps, brightness every 10 minutes, lit minutes and energy against full brightness all night",
    body: profilePreviewBody,
    response: profilePreview,
  }),
  profileDevices: endpoint({
    area,
    method: 'GET',
    path: `${BASE}devices/`,
    access: READ,
    summary: "The caller's active devices matching query (by RMS ID or project), for the preview's picker",
    query: profileDeviceQuery,
    response: z.array(profileDeviceChoice),
  }),
  profileGet: endpoint({
    area,
    method: 'GET',
    path: ONE,
    access: READ,
    summary: 'One profile',
    params: profileParams,
    response: profileRow,
  }),
  profileUpdate: endpoint({
    area,
    method: 'PUT',
    path: ONE,
    access: MANAGE,
    summary: 'Change a profile: only the fields sent change',
    params: profileParams,
    body: profileUpdateBody,
    response: profileSaved,
  }),
  profileDelete: endpoint({
    area,
    method: 'DELETE',
    path: ONE,
    access: MANAGE,
    summary: 'Delete a profile; 409 while a schedule or a schedule exception uses it',
    params: profileParams,
    response: messageBody,
  }),
  profileDuplicate: endpoint({
    area,
    method: 'POST',
    path: `${ONE}duplicate/`,
    access: MANAGE,
    summary: 'Copy a profile within its organization, named "<name> (copy)" unless a name is sent',
    params: profileParams,
    body: profileDuplicateBody,
    response: profileSaved,
    status: 201,
  }),
};
