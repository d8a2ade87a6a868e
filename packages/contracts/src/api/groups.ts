import { z } from 'zod';
import { listResponse, messageBody } from '../common';
import { endpoint } from '../endpoint';
import {
  groupCandidatesQuery,
  groupCreateBody,
  groupDevice,
  groupDevicesQuery,
  groupListQuery,
  groupMembersBody,
  groupParams,
  groupPreview,
  groupPreviewBody,
  groupRow,
  groupSaved,
  groupUpdateBody,
} from '../groups';
import { anyOf } from '../permissions';
import { accessOf } from '../routes';

// Device groups (docs/device-groups.md). Reading takes what opens the Device Groups screen: MANAGE_GROUPS,
// MANAGE_SCHEDULES (schedules are given to groups) or VIEW_DEVICE_DATA (whoever sees the devices may
// see how they are grouped). Every change takes MANAGE_GROUPS. Customers see and change their
// organization's groups, the provider's people any organization's; another organization's group
// answers 404.

const area = 'groups';
const BASE = '/lighting/groups/';
const ONE = `${BASE}:id/`;
const READ = accessOf('/device-groups');
const MANAGE = anyOf('MANAGE_GROUPS');

export const groupApi = {
  groupList: endpoint({
    area,
    method: 'GET',
    path: BASE,
    access: READ,
    summary:
      'Device groups the caller sees, by name (query searches the name; organization= for the provider; kind=), each with its device and schedule counts now',
    query: groupListQuery,
    response: listResponse(groupRow),
  }),
  groupCreate: endpoint({
    area,
    method: 'POST',
    path: BASE,
    access: MANAGE,
    summary:
      'Add a static group (chosen devices) or a dynamic one (organization, project, state, city, status, tag)',
    body: groupCreateBody,
    response: groupSaved,
    status: 201,
  }),
  groupPreview: endpoint({
    area,
    method: 'POST',
    path: `${BASE}preview/`,
    access: READ,
    audited: false,
    summary: 'What an unsaved dynamic filter selects now: the count and the first devices',
    body: groupPreviewBody,
    response: groupPreview,
  }),
  groupCandidates: endpoint({
    area,
    method: 'GET',
    path: `${BASE}candidates/`,
    access: READ,
    summary:
      "The organization's active devices matching query (RMS ID or project), for a static group's picker",
    query: groupCandidatesQuery,
    response: z.array(groupDevice),
  }),
  groupGet: endpoint({
    area,
    method: 'GET',
    path: ONE,
    access: READ,
    summary: 'One group',
    params: groupParams,
    response: groupRow,
  }),
  groupDevices: endpoint({
    area,
    method: 'GET',
    path: `${ONE}devices/`,
    access: READ,
    summary: "The group's devices now, by RMS ID, paged",
    params: groupParams,
    query: groupDevicesQuery,
    response: listResponse(groupDevice),
  }),
  groupUpdate: endpoint({
    area,
    method: 'PUT',
    path: ONE,
    access: MANAGE,
    summary: 'Rename a group or change its criteria: only the fields sent change',
    params: groupParams,
    body: groupUpdateBody,
    response: groupSaved,
  }),
  groupMembers: endpoint({
    area,
    method: 'POST',
    path: `${ONE}members/`,
    access: MANAGE,
    summary: "Add and remove a static group's devices, all or nothing",
    params: groupParams,
    body: groupMembersBody,
    response: groupSaved,
  }),
  groupDelete: endpoint({
    area,
    method: 'DELETE',
    path: ONE,
    access: MANAGE,
    summary: 'Delete a group; 409 while a schedule uses it',
    params: groupParams,
    response: messageBody,
  }),
};
