import { z } from 'zod';
import { messageBody } from '../common';
import { endpoint } from '../endpoint';
import {
  energyReport,
  energyReportExportQuery,
  energyReportQuery,
  energySubscriptionBody,
  energySubscriptionParams,
  energySubscriptionRow,
  energySubscriptionSaved,
  energySubscriptionUpdateBody,
} from '../energy-reports';
import { anyOf } from '../permissions';

// The energy and service report (docs/energy-reports.md) and its monthly e-mail. Everything takes
// VIEW_ENERGY_REPORTS: whoever may read the report may have it mailed. A customer's people see their
// organization's figures and subscriptions; the provider's people any organization's. Another
// organization's group or subscription answers 404.

const area = 'energy-reports';
const BASE = '/lighting/energy-report/';
const SUBSCRIPTIONS = `${BASE}subscriptions/`;
const READ = anyOf('VIEW_ENERGY_REPORTS');

export const energyReportApi = {
  report: endpoint({
    area,
    method: 'GET',
    path: BASE,
    access: READ,
    summary:
      'One local month of an organization, project or group: burning hours, lamp energy, harvest, availability against the night plans, energy saved against full brightness, battery autonomy and CO₂ avoided; per day and per device (paged)',
    query: energyReportQuery,
    response: energyReport,
  }),
  reportExport: endpoint({
    area,
    method: 'GET',
    path: `${BASE}export/`,
    access: READ,
    summary: 'The report as a file with every device: format=xlsx or pdf',
    query: energyReportExportQuery,
  }),
  subscriptionList: endpoint({
    area,
    method: 'GET',
    path: SUBSCRIPTIONS,
    access: READ,
    summary: 'The monthly e-mails of the report the caller sees',
    response: z.array(energySubscriptionRow),
  }),
  subscriptionCreate: endpoint({
    area,
    method: 'POST',
    path: SUBSCRIPTIONS,
    access: READ,
    summary: "Mail the report of an organization (or one of its projects) on each month's 1st to recipients",
    body: energySubscriptionBody,
    response: energySubscriptionSaved,
    status: 201,
  }),
  subscriptionUpdate: endpoint({
    area,
    method: 'PUT',
    path: `${SUBSCRIPTIONS}:id/`,
    access: READ,
    summary: "Change a subscription's project or recipients",
    params: energySubscriptionParams,
    body: energySubscriptionUpdateBody,
    response: energySubscriptionSaved,
  }),
  subscriptionDelete: endpoint({
    area,
    method: 'DELETE',
    path: `${SUBSCRIPTIONS}:id/`,
    access: READ,
    summary: 'Stop a monthly e-mail',
    params: energySubscriptionParams,
    response: messageBody,
  }),
};
