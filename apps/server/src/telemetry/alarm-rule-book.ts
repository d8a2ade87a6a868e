import { sql } from 'drizzle-orm';
import { ALARM_RULE_DEFAULTS, type EffectiveRuleSettings } from '@rms/contracts/alarm-rules';
import type { AlarmKind } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import type { Listener, ListenerLog } from '../db/listener';
import { rowsOf } from '../db/rows';

// The alarm rules in memory (docs/alarms.md): ingest judges every sample by them, so they are read from
// the database once and again only when a rule changes. A change notifies ALARM_RULES_CHANNEL inside its
// transaction, so every instance reloads once it is committed; the instance that made the change reloads
// before it answers, so its next sample already uses it.

export const ALARM_RULES_CHANNEL = 'rms_alarm_rules';

/** The rule a device is judged by for one kind; `id` null: the built-in default. */
export interface ActiveRule extends EffectiveRuleSettings {
  id: number | null;
  /** The rule's organization; null: the default. */
  organizationId: number | null;
  kind: AlarmKind;
  source: 'project' | 'organization' | 'default';
}

/** Where a device belongs: its organization and project (its active activation). */
export interface DeviceScope {
  organizationId: number;
  project: string;
}

const DEFAULT_RULES = Object.fromEntries(
  Object.entries(ALARM_RULE_DEFAULTS).map(([kind, settings]) => [
    kind,
    { ...settings, id: null, organizationId: null, kind: kind as AlarmKind, source: 'default' as const },
  ]),
) as Record<AlarmKind, ActiveRule>;

export function defaultRule(kind: AlarmKind): ActiveRule {
  return DEFAULT_RULES[kind];
}

interface RuleRecord extends EffectiveRuleSettings {
  id: number;
  organization_id: number;
  project: string | null;
  kind: AlarmKind;
}

// Keys: organization, then the project ('' for the organization's own rule, which no project can be
// named: the contract refuses an empty project), then the kind.
const key = (organizationId: number, project: string, kind: AlarmKind) =>
  `${organizationId}|${project}|${kind}`;

/** The rules by key, as they cross to a worker thread. */
export type RuleEntries = [string, ActiveRule][];

export class AlarmRuleBook {
  private rules = new Map<string, ActiveRule>();
  private loading: Promise<void> | null = null;
  private again = false;
  private readonly reloaded: ((rules: RuleEntries) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly log?: ListenerLog,
  ) {}

  /** The rules as they are now, to hand to the ingest workers (ingest-workers.ts). */
  entries(): RuleEntries {
    return [...this.rules];
  }

  /** Takes the rules read by the main thread's book (in an ingest worker, which reads none itself). */
  replace(entries: RuleEntries): void {
    this.rules = new Map(entries);
  }

  /** Told the rules after each reload (the ingest workers get them before the change is answered). */
  onReload(handler: (rules: RuleEntries) => void): void {
    this.reloaded.push(handler);
  }

  /** No rule saved anywhere: every device is judged by the defaults, and ingest skips the scope look-up. */
  get empty(): boolean {
    return this.rules.size === 0;
  }

  /** The saved rules of every kind, for the sweeper's gates (the earliest hour, the shortest silence). */
  saved(kind: AlarmKind): ActiveRule[] {
    return [...this.rules.values()].filter((r) => r.kind === kind);
  }

  /** The project's rule, else the organization's, else the default. */
  ruleFor(scope: DeviceScope | undefined, kind: AlarmKind): ActiveRule {
    if (!scope || this.rules.size === 0) return DEFAULT_RULES[kind];
    return (
      this.rules.get(key(scope.organizationId, scope.project, kind)) ??
      this.rules.get(key(scope.organizationId, '', kind)) ??
      DEFAULT_RULES[kind]
    );
  }

  /** Reads every rule again; calls while one is under way run once more after it (never lost). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          this.rules = await this.read();
        } while (this.again);
        for (const handler of this.reloaded) handler(this.entries());
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** Reloads on every committed change, from any instance. */
  async listen(listener: Listener): Promise<() => Promise<void>> {
    return listener.listen(ALARM_RULES_CHANNEL, () => {
      this.reload().catch((error: unknown) =>
        this.log?.warn({ err: error }, 'alarm rules: reload after a change failed'),
      );
    });
  }

  private async read(): Promise<Map<string, ActiveRule>> {
    const rows = await rowsOf<RuleRecord>(
      this.db,
      sql`select id, organization_id, project, kind, enabled, severity, params, hold_minutes,
                 clear_hold_minutes, sla_hours, escalate_after_minutes, escalate_to
          from alarm_rules`,
    );
    const map = new Map<string, ActiveRule>();
    for (const r of rows) {
      const base = DEFAULT_RULES[r.kind];
      if (!base) continue;
      map.set(key(r.organization_id, r.project ?? '', r.kind), {
        id: r.id,
        organizationId: r.organization_id,
        kind: r.kind,
        source: r.project === null ? 'organization' : 'project',
        enabled: r.enabled,
        severity: r.severity,
        // A key the kind gained after the rule was saved takes its default.
        params: { ...base.params, ...r.params },
        hold_minutes: r.hold_minutes,
        clear_hold_minutes: r.clear_hold_minutes,
        sla_hours: r.sla_hours,
        escalate_after_minutes: r.escalate_after_minutes,
        escalate_to: r.escalate_to,
      });
    }
    return map;
  }
}

/** The organization and project of each device that has an active activation, in one query. */
export async function scopesOf(db: Db, deviceIds: readonly number[]): Promise<Map<number, DeviceScope>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await rowsOf<{ device_id: number; organization_id: number; name: string }>(
    db,
    sql`select device_id, organization_id, name from activations
        where is_active and device_id = any(${sql.param(`{${deviceIds.join(',')}}`)}::int[])`,
  );
  return new Map(rows.map((r) => [r.device_id, { organizationId: r.organization_id, project: r.name }]));
}
