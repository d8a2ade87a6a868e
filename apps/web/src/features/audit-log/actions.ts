import { API } from '@rms/contracts/api/index';

// What the audit log can hold, read from the endpoint declarations: every area and, within it, every
// endpoint that writes (not a GET) and is recorded (not `audited: false`). The filters offer these.

export interface AuditedAction {
  area: string;
  action: string;
  method: string;
  summary: string;
}

export const AUDITED_ACTIONS: readonly AuditedAction[] = Object.values(API).flatMap((group) =>
  Object.entries(group)
    .filter(([, e]) => e.method !== 'GET' && e.audited !== false)
    .map(([action, e]) => ({ area: e.area, action, method: e.method, summary: e.summary })),
);

export const AUDITED_AREAS: readonly string[] = [...new Set(AUDITED_ACTIONS.map((a) => a.area))].sort();

export function actionsOf(area: string | undefined): readonly AuditedAction[] {
  return area ? AUDITED_ACTIONS.filter((a) => a.area === area) : [];
}

/** The declaration's text for a row's action, where there is one (a row may outlive its endpoint). */
export function summaryOf(area: string, action: string): string | undefined {
  return AUDITED_ACTIONS.find((a) => a.area === area && a.action === action)?.summary;
}
