import { queryOptions } from '@tanstack/react-query';
import type { AlarmRuleCreateBody, AlarmRuleUpdateBody } from '@rms/contracts/alarm-rules';
import { alarmRuleApi as R } from '@rms/contracts/api/alarm-rules';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { api } from '../../api/client';
import { apiQuery, useInvalidatingMutation } from '../../api/queries';

// The alarm rules' calls, declared in contracts (api/alarm-rules.ts). A save reloads the rules (the
// effective ones too: same area) and the audit log, which records it.

const RELOADS = [R.alarmRuleList.area, auditLogApi.list.area];

export interface RuleScope {
  /** Undefined: the caller's own organization. */
  organization?: number;
  /** Undefined: the whole organization. */
  project?: string;
}

export const effectiveRulesQuery = (scope: RuleScope) =>
  queryOptions(apiQuery(R.alarmRuleEffective, { query: scope }));

/** The organization's own saved rules (all its projects'), to tell what the scope overrides. */
export const savedRulesQuery = (scope: RuleScope) =>
  queryOptions(apiQuery(R.alarmRuleList, { query: { organization: scope.organization } }));

export const ruleChoicesQuery = (organization?: number) =>
  queryOptions({ ...apiQuery(R.alarmRuleChoices, { query: { organization } }), staleTime: 60_000 });

export function useCreateRule() {
  return useInvalidatingMutation((body: AlarmRuleCreateBody) => api(R.alarmRuleCreate, { body }), RELOADS, {
    silent: true,
  });
}

export function useUpdateRule() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: AlarmRuleUpdateBody }) =>
      api(R.alarmRuleUpdate, { params: { id }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useDeleteRule() {
  return useInvalidatingMutation((id: number) => api(R.alarmRuleDelete, { params: { id } }), RELOADS);
}
