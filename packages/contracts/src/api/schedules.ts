import { listResponse, messageBody } from '../common';
import { endpoint } from '../endpoint';
import { anyOf } from '../permissions';
import { accessOf } from '../routes';
import {
  deliveryList,
  deliveryListQuery,
  scheduleCalendar,
  scheduleCalendarQuery,
  scheduleChoices,
  scheduleChoicesQuery,
  scheduleConflictQuery,
  scheduleConflicts,
  scheduleCreateBody,
  scheduleDetail,
  scheduleExceptionBody,
  scheduleExceptionParams,
  scheduleListQuery,
  scheduleParams,
  scheduleRow,
  scheduleSaved,
  scheduleUpdateBody,
} from '../schedules';

// Lighting schedules (docs/lighting-schedules.md). Reading (list, detail, conflicts, calendar,
// deliveries) takes MANAGE_SCHEDULES or VIEW_DEVICE_DATA, the Lighting Schedules screen's access:
// whoever sees the devices' data may see what their lights are planned to do and whether the plan
// reached them. Every change takes MANAGE_SCHEDULES. Customers see and change their organization's
// schedules, the provider's people any organization's; another organization's answers 404.

const area = 'schedules';
const BASE = '/lighting/schedules/';
const ONE = `${BASE}:id/`;
const READ = accessOf('/lighting-schedules');
const MANAGE = anyOf('MANAGE_SCHEDULES');

export const scheduleApi = {
  scheduleList: endpoint({
    area,
    method: 'GET',
    path: BASE,
    access: READ,
    summary:
      'Schedules the caller sees, by name (query searches the name; organization=, group=, profile=, enabled=), with group and profile names, exception count and devices covered',
    query: scheduleListQuery,
    response: listResponse(scheduleRow),
  }),
  scheduleCreate: endpoint({
    area,
    method: 'POST',
    path: BASE,
    access: MANAGE,
    summary:
      'Add a schedule: a group of the organization runs a profile on the weekdays picked, within an optional season',
    body: scheduleCreateBody,
    response: scheduleSaved,
    status: 201,
  }),
  scheduleConflicts: endpoint({
    area,
    method: 'GET',
    path: `${BASE}conflicts/`,
    access: READ,
    summary:
      'Devices covered by more than one applicable schedule on some night from..to (default the next 14 nights, at most 62), with the schedules and which wins each night',
    query: scheduleConflictQuery,
    response: scheduleConflicts,
  }),
  scheduleCalendar: endpoint({
    area,
    method: 'GET',
    path: `${BASE}calendar/`,
    access: READ,
    summary:
      "A month's nights for a group (its schedules) or a device (every schedule covering it): the winning schedule, its profile or lights off, and whether an exception decided it",
    query: scheduleCalendarQuery,
    response: scheduleCalendar,
  }),
  scheduleDeliveries: endpoint({
    area,
    method: 'GET',
    path: `${BASE}deliveries/`,
    access: READ,
    summary:
      "Each scheduled device's plan delivery (pending, applied, failed, retrying) with counts by status (organization=, schedule=, status=, query searches the RMS ID)",
    query: deliveryListQuery,
    response: deliveryList,
  }),
  scheduleChoices: endpoint({
    area,
    method: 'GET',
    path: `${BASE}choices/`,
    access: READ,
    summary:
      "What a schedule of the organization may name (its groups and profiles; the provider's too for the provider's people), and up to 50 of its devices (device= searches the RMS ID) for the calendar",
    query: scheduleChoicesQuery,
    response: scheduleChoices,
  }),
  scheduleGet: endpoint({
    area,
    method: 'GET',
    path: ONE,
    access: READ,
    summary: 'One schedule with its exceptions',
    params: scheduleParams,
    response: scheduleDetail,
  }),
  scheduleUpdate: endpoint({
    area,
    method: 'PUT',
    path: ONE,
    access: MANAGE,
    summary: 'Change a schedule: only the fields sent change',
    params: scheduleParams,
    body: scheduleUpdateBody,
    response: scheduleSaved,
  }),
  scheduleDelete: endpoint({
    area,
    method: 'DELETE',
    path: ONE,
    access: MANAGE,
    summary:
      'Delete a schedule and its exceptions; its devices fall to their other schedules, or their own parameters',
    params: scheduleParams,
    response: messageBody,
  }),
  scheduleEnable: endpoint({
    area,
    method: 'POST',
    path: `${ONE}enable/`,
    access: MANAGE,
    summary: 'Enable a schedule',
    params: scheduleParams,
    response: scheduleSaved,
  }),
  scheduleDisable: endpoint({
    area,
    method: 'POST',
    path: `${ONE}disable/`,
    access: MANAGE,
    summary: 'Disable a schedule: it no longer runs any night until enabled again',
    params: scheduleParams,
    response: scheduleSaved,
  }),
  scheduleExceptionAdd: endpoint({
    area,
    method: 'POST',
    path: `${ONE}exceptions/`,
    access: MANAGE,
    summary:
      'Add a dated exception (festival, event, outage, other): from..to run its profile, or lights off with profile null; at most 2 years ahead',
    params: scheduleParams,
    body: scheduleExceptionBody,
    response: scheduleSaved,
    status: 201,
  }),
  scheduleExceptionUpdate: endpoint({
    area,
    method: 'PUT',
    path: `${ONE}exceptions/:exception/`,
    access: MANAGE,
    summary: 'Change an exception (every field is given again)',
    params: scheduleExceptionParams,
    body: scheduleExceptionBody,
    response: scheduleSaved,
  }),
  scheduleExceptionDelete: endpoint({
    area,
    method: 'DELETE',
    path: `${ONE}exceptions/:exception/`,
    access: MANAGE,
    summary: 'Remove an exception: its nights follow the weekday pattern again',
    params: scheduleExceptionParams,
    response: scheduleSaved,
  }),
};
