import {
  alarmRuleChoices,
  alarmRuleCreateBody,
  alarmRuleList,
  alarmRuleListQuery,
  alarmRuleParamsOf,
  alarmRuleRow,
  alarmRuleSaved,
  alarmRuleUpdateBody,
  effectiveAlarmRules,
} from '../alarm-rules';
import { messageBody } from '../common';
import { endpoint } from '../endpoint';
import { accessOf } from '../routes';

// Alarm rules (docs/alarms.md): people holding MANAGE_ALARM_RULES read and change their organization's
// rules; the provider's people any organization's (naming it with `organization`). A rule outside the
// caller's scope answers 404. A change applies to the next sample on every instance.
const area = 'alarm-rules';
const MANAGE = accessOf('/alarm-rules');
const LIST = '/monitoring/alarm-rules/';
const ONE = '/monitoring/alarm-rules/:id/';

export const alarmRuleApi = {
  alarmRuleList: endpoint({
    area,
    method: 'GET',
    path: LIST,
    access: MANAGE,
    summary:
      "The organization's saved rules (the caller's, or ?organization= for the provider; ?project= narrows to one project), organization-wide first; never long: one per kind and project",
    query: alarmRuleListQuery,
    response: alarmRuleList,
  }),
  alarmRuleEffective: endpoint({
    area,
    method: 'GET',
    path: `${LIST}effective/`,
    access: MANAGE,
    summary:
      "Every kind as a device of the organization (or of ?project=) is judged: the project's rule, else the organization's, else the built-in default",
    query: alarmRuleListQuery,
    response: effectiveAlarmRules,
  }),
  alarmRuleChoices: endpoint({
    area,
    method: 'GET',
    path: `${LIST}choices/`,
    access: MANAGE,
    summary:
      "The organization's projects, and the people a rule may escalate to (those who may see its alarms)",
    query: alarmRuleListQuery,
    response: alarmRuleChoices,
  }),
  alarmRuleCreate: endpoint({
    area,
    method: 'POST',
    path: LIST,
    access: MANAGE,
    summary:
      'Add a rule for one alarm kind of an organization or one of its projects; what is left out takes the default',
    body: alarmRuleCreateBody,
    response: alarmRuleSaved,
    status: 201,
  }),
  alarmRuleGet: endpoint({
    area,
    method: 'GET',
    path: ONE,
    access: MANAGE,
    summary: 'One rule',
    params: alarmRuleParamsOf,
    response: alarmRuleRow,
  }),
  alarmRuleUpdate: endpoint({
    area,
    method: 'PUT',
    path: ONE,
    access: MANAGE,
    summary: 'Change a rule: only the fields sent change (params key by key)',
    params: alarmRuleParamsOf,
    body: alarmRuleUpdateBody,
    response: alarmRuleSaved,
  }),
  alarmRuleDelete: endpoint({
    area,
    method: 'DELETE',
    path: ONE,
    access: MANAGE,
    summary: "Delete a rule: the organization's rule (or the default) applies again",
    params: alarmRuleParamsOf,
    response: messageBody,
  }),
};
