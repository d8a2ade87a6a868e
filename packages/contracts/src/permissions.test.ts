import { describe, expect, it } from 'vitest';
import { allOf, allows, anyOf, PERMISSION_CODES, permissionLabel, PUBLIC, SIGNED_IN } from './permissions';
import { CONSOLE_ROUTES } from './routes';

describe('permission labels', () => {
  it('turn underscores into spaces, in title case', () => {
    expect(permissionLabel('VIEW_DEVICE_DATA')).toBe('View Device Data');
    expect(permissionLabel('dropdown_settings')).toBe('Dropdown Settings');
    expect(permissionLabel('MAP_VIEW')).toBe('Map View');
  });

  it("cover all 27 codes of the spec, the integrations' three and the alarm workflow's three and lighting's three, each once", () => {
    expect(PERMISSION_CODES).toHaveLength(36);
    expect(new Set(PERMISSION_CODES).size).toBe(36);
    expect(PERMISSION_CODES).toEqual(
      expect.arrayContaining([
        'MANAGE_API_KEYS',
        'VIEW_AUDIT_LOG',
        'MANAGE_WEBHOOKS',
        'HANDLE_ALARMS',
        'MANAGE_ALARM_RULES',
        'MANAGE_WORK_ORDERS',
        'MANAGE_GROUPS',
        'MANAGE_SCHEDULES',
        'VIEW_ENERGY_REPORTS',
      ]),
    );
  });
});

describe('allows', () => {
  const clerk = { is_superuser: false, permissions: ['VIEW_USER'] };
  it('lets anyone through public, signed-in users through signed-in', () => {
    expect(allows(PUBLIC, null)).toBe(true);
    expect(allows(SIGNED_IN, null)).toBe(false);
    expect(allows(SIGNED_IN, clerk)).toBe(true);
  });
  it('asks for every code of allOf besides one of anyOf', () => {
    const act = allOf('HANDLE_ALARMS', 'VIEW_DEVICE_DATA');
    expect(allows(act, { is_superuser: false, permissions: ['HANDLE_ALARMS'] })).toBe(false);
    expect(allows(act, { is_superuser: false, permissions: ['VIEW_DEVICE_DATA'] })).toBe(false);
    expect(allows(act, { is_superuser: false, permissions: ['HANDLE_ALARMS', 'VIEW_DEVICE_DATA'] })).toBe(
      true,
    );
    expect(allows(act, { is_superuser: true, permissions: [] })).toBe(true);
  });
  it('asks for any one of the codes; super-users hold them all', () => {
    expect(allows(anyOf('VIEW_USER', 'MANAGE_USER'), clerk)).toBe(true);
    expect(allows(anyOf('MANAGE_USER'), clerk)).toBe(false);
    expect(allows(anyOf('MANAGE_USER'), { is_superuser: true, permissions: [] })).toBe(true);
  });
});

describe('console route table', () => {
  it('has each path once', () => {
    const paths = CONSOLE_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('holds the spec routes with their codes', () => {
    const find = (p: string) => CONSOLE_ROUTES.find((r) => r.path === p)?.access;
    expect(find('/admin/state')).toEqual(anyOf('MANAGE_STATE'));
    expect(find('/company-view')).toEqual(anyOf('VIEW_COMPANY'));
    expect(find('/dropdown-settings')).toEqual(anyOf('dropdown_settings'));
    expect(find('/client-details')).toEqual(SIGNED_IN);
    expect(find('/login')).toEqual(PUBLIC);
  });
});
