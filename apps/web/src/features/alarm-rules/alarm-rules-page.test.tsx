import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ALARM_RULE_DEFAULTS,
  ALARM_RULE_MESSAGES as M,
  type AlarmRuleRow,
  type EffectiveAlarmRule,
} from '@rms/contracts/alarm-rules';
import { ALARM_KINDS } from '@rms/contracts/telemetry';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { AlarmRulesPage } from './alarm-rules-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const RULES = 'monitoring/alarm-rules/';

const effective = (over: Partial<Record<string, Partial<EffectiveAlarmRule>>> = {}) => ({
  organization: 1,
  project: null,
  rules: ALARM_KINDS.map((kind) => ({
    kind,
    source: 'default' as const,
    rule_id: null,
    ...ALARM_RULE_DEFAULTS[kind],
    ...over[kind],
  })),
});

const saved = (over: Partial<AlarmRuleRow> = {}): AlarmRuleRow => ({
  id: 7,
  organization: 1,
  organization_name: 'Acme',
  project: null,
  kind: 'battery_low',
  enabled: true,
  severity: 'major',
  params: { ...ALARM_RULE_DEFAULTS.battery_low.params, soc_below: 25 },
  hold_minutes: 0,
  clear_hold_minutes: 10,
  sla_hours: 48,
  escalate_after_minutes: null,
  escalate_to: [],
  updated_at: '2026-03-04T09:05:00.000Z',
  ...over,
});

function open(rules = effective(), savedRules: AlarmRuleRow[] = []) {
  signIn(makeUser({ permissions: [{ key: 'MANAGE_ALARM_RULES' }] }));
  const seen = stubApi({
    [`GET ${RULES}effective/`]: () => [200, rules],
    [`GET ${RULES}`]: () => [200, savedRules],
    [`GET ${RULES}choices/`]: () => [200, { projects: ['Ring Road'], people: [{ id: 3, name: 'Asha Rao' }] }],
    [`POST ${RULES}`]: (r) => [201, { detail: M.created, rule: saved(r.body as object) }],
    [`PUT ${RULES}7/`]: () => [
      400,
      { detail: 'bad', errors: { 'params.soc_clear_from': ['Clear must be at or above raise'] } },
    ],
    [`DELETE ${RULES}7/`]: () => [200, { detail: M.deleted }],
  });
  renderRoutes([{ path: '/alarm-rules', element: <AlarmRulesPage /> }], '/alarm-rules');
  return seen;
}

describe('Alarm Rules', () => {
  it('lists every kind as it applies, with where the rule comes from and the default beside a change', async () => {
    open(
      effective({
        battery_low: { source: 'organization', rule_id: 7, severity: 'major', params: saved().params },
      }),
      [saved()],
    );
    const table = await screen.findByRole('table');
    const battery = (await within(table).findByText('Battery low')).closest('tr')!;
    expect(within(battery).getByText('Organization')).toBeInTheDocument();
    expect(within(battery).getByText(/SOC is below 25 %/)).toBeInTheDocument();
    expect(within(battery).getByText(/Default: SOC is below 20 %/)).toBeInTheDocument();
    expect(within(battery).getByRole('button', { name: /Use the default/ })).toBeInTheDocument();
    const panel = within(table).getByText('Panel output low').closest('tr')!;
    expect(within(panel).getByText('Off')).toBeInTheDocument();
    expect(within(panel).getByText('Default')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Use the default/ })).not.toBeInTheDocument();
  });

  it('saves a new rule for the organization from the defaults', async () => {
    const seen = open();
    const table = await screen.findByRole('table');
    const load = (await within(table).findByText('Load fault')).closest('tr')!;
    await user().click(within(load).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Default: 0.05 A')).toHaveLength(2);
    const hold = within(dialog).getByLabelText('Hold before raising');
    await user().clear(hold);
    await user().type(hold, '3');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')!.body).toMatchObject({
      kind: 'load_fault',
      hold_minutes: 3,
      project: null,
      params: { current_below_a: 0.05, current_clear_from_a: 0.05 },
    });
  });

  it("puts the server's refusal on the field it names", async () => {
    open(effective({ battery_low: { source: 'organization', rule_id: 7, params: saved().params } }), [
      saved(),
    ]);
    const table = await screen.findByRole('table');
    const battery = (await within(table).findByText('Battery low')).closest('tr')!;
    await user().click(within(battery).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Clear must be at or above raise')).toBeInTheDocument();
  });
});
