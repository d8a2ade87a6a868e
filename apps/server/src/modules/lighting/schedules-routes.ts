import type { FastifyPluginAsync } from 'fastify';
import { scheduleApi as S } from '@rms/contracts/api/schedules';
import { SCHEDULE_MESSAGES as M } from '@rms/contracts/schedules';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import {
  addException,
  createSchedule,
  deleteException,
  deleteSchedule,
  listSchedules,
  scheduleOf,
  setEnabled,
  updateException,
  updateSchedule,
} from './schedules-service';
import { listDeliveries, scheduleCalendar, scheduleChoices, scheduleConflicts } from './schedules-views';

// The lighting schedules' routes (docs/lighting-schedules.md). Paths, access and schemas are declared
// in contracts (api/schedules.ts); every change answers the schedule as it now is.

export const scheduleRoutes: FastifyPluginAsync = async (app) => {
  route(app, S.scheduleList, (request) => listSchedules(app.db, caller(request), request.query));
  route(app, S.scheduleConflicts, (request) =>
    scheduleConflicts(app.db, caller(request), app.config.timeZone, request.query),
  );
  route(app, S.scheduleCalendar, (request) => scheduleCalendar(app.db, caller(request), request.query));
  route(app, S.scheduleDeliveries, (request) => listDeliveries(app.db, caller(request), request.query));
  route(app, S.scheduleChoices, (request) => scheduleChoices(app.db, caller(request), request.query));
  route(app, S.scheduleGet, (request) => scheduleOf(app.db, caller(request), request.params.id));
  // Every change has the organization's devices sent their new nights before the answer (plans): only
  // those whose nights changed get a command.
  const planned = async <T extends { organization: number }>(schedule: Promise<T>): Promise<T> => {
    const saved = await schedule;
    await app.plans.replan({ organizationId: saved.organization });
    return saved;
  };
  route(app, S.scheduleCreate, async (request) => ({
    detail: M.created,
    schedule: await planned(createSchedule(app.db, caller(request), request.body)),
  }));
  route(app, S.scheduleUpdate, async (request) => ({
    detail: M.updated,
    schedule: await planned(updateSchedule(app.db, caller(request), request.params.id, request.body)),
  }));
  route(app, S.scheduleDelete, async (request) => {
    const organizationId = await deleteSchedule(app.db, caller(request), request.params.id);
    await app.plans.replan({ organizationId });
    return { detail: M.deleted };
  });
  route(app, S.scheduleEnable, async (request) => ({
    detail: M.enabled,
    schedule: await planned(setEnabled(app.db, caller(request), request.params.id, true)),
  }));
  route(app, S.scheduleDisable, async (request) => ({
    detail: M.disabled,
    schedule: await planned(setEnabled(app.db, caller(request), request.params.id, false)),
  }));
  route(app, S.scheduleExceptionAdd, async (request) => ({
    detail: M.exceptionSaved,
    schedule: await planned(addException(app.db, caller(request), request.params.id, request.body)),
  }));
  route(app, S.scheduleExceptionUpdate, async (request) => ({
    detail: M.exceptionSaved,
    schedule: await planned(
      updateException(app.db, caller(request), request.params.id, request.params.exception, request.body),
    ),
  }));
  route(app, S.scheduleExceptionDelete, async (request) => ({
    detail: M.exceptionDeleted,
    schedule: await planned(
      deleteException(app.db, caller(request), request.params.id, request.params.exception),
    ),
  }));
};
