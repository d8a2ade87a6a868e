import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardAlarmList,
  dashboardAlarmQuery,
  deviceSummary,
  fleetHarvestQuery,
  inventoryCounts,
  inventoryQuery,
  summaryQuery,
} from '@rms/contracts/dashboard';
import { harvestPoint } from '@rms/contracts/monitoring';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { harvestOf } from '../monitoring/harvest-service';
import { dashboardAlarms, deviceSummary as summarize, inventoryCounts as countInventory } from './service';

// The dashboard (spec 01 §2): the spec's paths (§7) for inventory counts, alarm tabs and the fleet's
// energy harvest; the device summary is ours. Company counts are `admin_settings/dashboard_companies/`.

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const DASHBOARD = accessOf('/');

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary/',
    {
      config: { access: DASHBOARD },
      schema: {
        tags,
        summary: "The caller's activated devices by status (project, state, city filters)",
        security,
        querystring: summaryQuery,
        response: { 200: deviceSummary },
      },
    },
    async (request) => summarize(app.db, caller(request), request.query),
  );

  app.get(
    '/admin_settings/dashboard_inventory/',
    {
      config: { access: DASHBOARD },
      schema: {
        tags,
        summary: 'Active STLT, pole and RMS counts the caller sees',
        security,
        querystring: inventoryQuery,
        response: { 200: inventoryCounts },
      },
    },
    async (request) => countInventory(app.db, caller(request)),
  );

  app.get(
    '/admin_settings/alarms/',
    {
      config: { access: DASHBOARD },
      schema: {
        tags,
        summary:
          "The newest alarms (page_size ≤ 5): today's (is_today=true), unresolved or resolved (is_solve)",
        security,
        querystring: dashboardAlarmQuery,
        response: { 200: dashboardAlarmList },
      },
    },
    async (request) => dashboardAlarms(app.db, app.config.timeZone, caller(request), request.query),
  );

  app.get(
    '/admin_settings/harvest_report/',
    {
      config: { access: DASHBOARD },
      schema: {
        tags,
        summary: 'Energy harvest per local day (Wh) of every device the caller sees',
        security,
        querystring: fleetHarvestQuery,
        response: { 200: z.array(harvestPoint) },
      },
    },
    async (request) => harvestOf(app.db, caller(request), request.query),
  );
};
