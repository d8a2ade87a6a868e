// Every permission code of both spec documents (spec 01 §6, spec 02 §6), then the two of the
// integrations the spec left to us: organization API keys, the audit log and outbound webhooks, then
// the alarm workflow's (ours: handling alarms, their rules, work orders), then lighting by plan's.
export const PERMISSION_CODES = [
  'MANAGE_STATE',
  'MANAGE_CITY',
  'MANAGE_COMPANY',
  'VIEW_COMPANY',
  'MANAGE_USER',
  'VIEW_USER',
  'DEVICE_ACTIVATION',
  'VIEW_DEVICE_ACTIVATION',
  'VIEW_DEVICE_DATA',
  'ASSIGN_RMS',
  'ASSIGN_STLT',
  'ASSIGN_POLE',
  'CREATE_RMS',
  'CREATE_STLT',
  'CREATE_POLE',
  'VIEW_RMS',
  'VIEW_STLT',
  'VIEW_POLE',
  'CHANGE_PARAMETER_SETTINGS',
  'VIEW_PARAMETER_SETTINGS',
  'MAP_VIEW',
  'GRAPH_VIEW',
  'DEVICE_REPORT',
  'dropdown_settings',
  'tax_settings',
  'channel_settings',
  'currency_settings',
  'MANAGE_API_KEYS',
  'VIEW_AUDIT_LOG',
  'MANAGE_WEBHOOKS',
  /** Acknowledge, assign, comment on and clear alarms (reading them stays VIEW_DEVICE_DATA). */
  'HANDLE_ALARMS',
  /** Set the organization's alarm rules (thresholds, hold times, severity, SLA, escalation). */
  'MANAGE_ALARM_RULES',
  /** Create and work the organization's work orders (reading them needs VIEW_DEVICE_DATA). */
  'MANAGE_WORK_ORDERS',
  /** Lighting by plan (ours): make and change device groups. */
  'MANAGE_GROUPS',
  /** Make and change dimming profiles and schedules, and so what scheduled devices are sent. */
  'MANAGE_SCHEDULES',
  /** Read the energy and service reports and set who gets them monthly. */
  'VIEW_ENERGY_REPORTS',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

export function isPermissionCode(value: string): value is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(value);
}

/** Spec: labels replace underscores with spaces, in title case ("VIEW_DEVICE_DATA" → "View Device Data"). */
export function permissionLabel(code: string): string {
  return code
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * Who may call an API route or open a console route. `anyOf`: holding one of the codes is enough;
 * `allOf`: these must be held as well (an action on what another code lets one see).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'codes'; anyOf: readonly PermissionCode[]; allOf?: readonly PermissionCode[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
export function anyOf(...codes: PermissionCode[]): Access {
  return { kind: 'codes', anyOf: codes };
}
/** `code`, and every one of `also`. */
export function allOf(code: PermissionCode, ...also: PermissionCode[]): Access {
  return { kind: 'codes', anyOf: [code], allOf: also };
}

/** A signed-in user's view of access: super-users hold every code. */
export interface AccessHolder {
  is_superuser: boolean;
  permissions: readonly string[];
}

export function allows(access: Access, holder: AccessHolder | null): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return holder !== null;
    case 'codes':
      return (
        holder !== null &&
        (holder.is_superuser ||
          (access.anyOf.some((c) => holder.permissions.includes(c)) &&
            (access.allOf ?? []).every((c) => holder.permissions.includes(c))))
      );
  }
}
