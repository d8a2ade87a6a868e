import type { FastifyPluginAsync } from 'fastify';
import { ALARM_MESSAGES } from '@rms/contracts/alarms';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { caller, type AuthUser } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { actOnAlarms, assigneesOf, type AlarmAction } from './alarm-workflow';
import { alarmCountsOf, alarmDetailOf } from './alarms-service';

// The alarm workflow's routes (docs/operations.md "Alarms"): one alarm with its timeline, the counts by
// severity, and acknowledge / assign / comment / clear on one alarm or a selection. Paths, access and
// schemas are declared in contracts (api/monitoring.ts).

export const alarmRoutes: FastifyPluginAsync = async (app) => {
  const act = async (auth: AuthUser, ids: readonly number[], action: AlarmAction) => {
    const changed = await actOnAlarms(app.db, auth, ids, action);
    app.liveEvents.changed({ alarms: changed });
    return changed;
  };
  const one = async (auth: AuthUser, id: number, action: AlarmAction) => {
    await act(auth, [id], action);
    return alarmDetailOf(app.db, auth, id);
  };
  const selection = async (
    auth: AuthUser,
    ids: readonly number[],
    action: AlarmAction,
    detail: (n: number) => string,
  ) => {
    const changed = await act(auth, ids, action);
    return { detail: detail(ids.length), changed };
  };

  route(app, M.alarm, (request) => alarmDetailOf(app.db, caller(request), request.params.id));
  route(app, M.alarmCounts, (request) => alarmCountsOf(app.db, caller(request), request.query));
  route(app, M.alarmAssignees, (request) => assigneesOf(app.db, caller(request), request.query.ids));

  route(app, M.alarmAcknowledge, (request) =>
    one(caller(request), request.params.id, { type: 'acknowledge' }),
  );
  route(app, M.alarmAssign, (request) =>
    one(caller(request), request.params.id, { type: 'assign', assignee: request.body.assignee }),
  );
  route(app, M.alarmComment, (request) =>
    one(caller(request), request.params.id, { type: 'comment', text: request.body.text }),
  );
  route(app, M.alarmClear, (request) =>
    one(caller(request), request.params.id, { type: 'clear', note: request.body.note }),
  );

  route(app, M.alarmsAcknowledge, (request) =>
    selection(caller(request), request.body.ids, { type: 'acknowledge' }, ALARM_MESSAGES.acknowledged),
  );
  route(app, M.alarmsAssign, (request) => {
    const { ids, assignee } = request.body;
    const said = assignee === null ? ALARM_MESSAGES.unassigned : ALARM_MESSAGES.assigned;
    return selection(caller(request), ids, { type: 'assign', assignee }, said);
  });
  route(app, M.alarmsComment, (request) =>
    selection(
      caller(request),
      request.body.ids,
      { type: 'comment', text: request.body.text },
      ALARM_MESSAGES.commented,
    ),
  );
  route(app, M.alarmsClear, (request) =>
    selection(
      caller(request),
      request.body.ids,
      { type: 'clear', note: request.body.note },
      ALARM_MESSAGES.cleared,
    ),
  );
};
