import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse } from '@rms/contracts/common';
import {
  alarmListQuery,
  alarmRow,
  alarmStatusRow,
  deviceQuery,
  harvestPoint,
  harvestQuery,
  liveReport,
  mpptDay,
} from '@rms/contracts/monitoring';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { alarmStatusOf, listAlarms } from './alarms-service';
import { harvestOf, mpptDaysOf } from './harvest-service';
import { liveReportOf } from './live-report-service';

// Device analysis (/analysis: live report, MPPT list, alarm status, harvest chart), the alarms view
// (/alarms-view) and the dashboard's fleet harvest (harvest without a device).

const tags = ['monitoring'];
const security = [{ bearer: [] }];
const ANALYSIS = accessOf('/analysis');

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeZone } = app.config;

  app.get(
    '/monitoring/live_report/',
    {
      config: { access: ANALYSIS },
      schema: {
        tags,
        summary: "The device's live report: newest sample, activation, parameters, today's load times",
        security,
        querystring: deviceQuery,
        response: { 200: liveReport },
      },
    },
    async (request) => liveReportOf(app.db, timeZone, caller(request), request.query.device),
  );

  app.get(
    '/monitoring/mppt_efficiency/',
    {
      config: { access: ANALYSIS },
      schema: {
        tags,
        summary: 'MPPT efficiency per local day over the last 7 days (mean of daytime samples), oldest first',
        security,
        querystring: deviceQuery,
        response: { 200: z.array(mpptDay) },
      },
    },
    async (request) => mpptDaysOf(app.db, timeZone, caller(request), request.query.device),
  );

  app.get(
    '/monitoring/alarm_status/',
    {
      config: { access: ANALYSIS },
      schema: {
        tags,
        summary: "The device's newest alarms (at most 20)",
        security,
        querystring: deviceQuery,
        response: { 200: z.array(alarmStatusRow) },
      },
    },
    async (request) => alarmStatusOf(app.db, caller(request), request.query.device),
  );

  app.get(
    '/monitoring/harvest/',
    {
      config: { access: ANALYSIS },
      schema: {
        tags,
        summary: 'Energy harvest per local day (Wh) of a device, or of every device the caller sees',
        security,
        querystring: harvestQuery,
        response: { 200: z.array(harvestPoint) },
      },
    },
    async (request) => harvestOf(app.db, caller(request), request.query),
  );

  app.get(
    '/monitoring/alarms/',
    {
      config: { access: accessOf('/alarms-view') },
      schema: {
        tags,
        summary: 'Alarms of the devices the caller sees, newest fault first (is_solve: resolved or not)',
        security,
        querystring: alarmListQuery,
        response: { 200: listResponse(alarmRow) },
      },
    },
    async (request) => listAlarms(app.db, caller(request), request.query),
  );
};
