import type { FastifyPluginAsync } from 'fastify';
import { ALARM_RULE_MESSAGES } from '@rms/contracts/alarm-rules';
import { alarmRuleApi as R } from '@rms/contracts/api/alarm-rules';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import {
  createRule,
  deleteRule,
  effectiveRules,
  listRules,
  ruleChoices,
  ruleOf,
  updateRule,
} from './service';

// The alarm rules' routes (docs/alarms.md). Paths, access and schemas are declared in contracts
// (api/alarm-rules.ts). After a write commits, this instance reloads its rules before answering (the
// others hear the write's notification), so the next sample it takes is judged by the new rule.

export const alarmRuleRoutes: FastifyPluginAsync = async (app) => {
  const reloaded = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await app.alarmRules.reload();
    return result;
  };

  route(app, R.alarmRuleList, (request) => listRules(app.db, caller(request), request.query));
  route(app, R.alarmRuleEffective, (request) => effectiveRules(app.db, caller(request), request.query));
  route(app, R.alarmRuleChoices, (request) => ruleChoices(app.db, caller(request), request.query));
  route(app, R.alarmRuleGet, (request) => ruleOf(app.db, caller(request), request.params.id));
  route(app, R.alarmRuleCreate, async (request) => ({
    detail: ALARM_RULE_MESSAGES.created,
    rule: await reloaded(createRule(app.db, caller(request), request.body)),
  }));
  route(app, R.alarmRuleUpdate, async (request) => ({
    detail: ALARM_RULE_MESSAGES.updated,
    rule: await reloaded(updateRule(app.db, caller(request), request.params.id, request.body)),
  }));
  route(app, R.alarmRuleDelete, async (request) => {
    await reloaded(deleteRule(app.db, caller(request), request.params.id));
    return { detail: ALARM_RULE_MESSAGES.deleted };
  });
};
