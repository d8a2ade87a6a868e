import type {
  EnergyDeviceRow,
  EnergyReport,
  EnergyReportQuery,
  EnergyReportScope,
} from '@rms/contracts/energy-reports';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { dayFigures, deviceMonths, deviceRow, figuresOf, fleetSums, type DeviceMonth } from './figures';
import { reportScope, type ReportScope } from './scope';

// The energy report (docs/energy-reports.md): the month's totals, its days, and its devices a page at a
// time. The export and the monthly e-mail take the same report with every device (`everyDevice`).

export interface ReportSettings {
  timeZone: string;
  /** kg CO₂ per kWh of grid energy. */
  gridFactor: number;
}

const ORDER: Record<EnergyReportQuery['ordering'], (a: EnergyDeviceRow, b: EnergyDeviceRow) => number> = {
  device: () => 0,
  lamp_kwh: (a, b) => a.lamp_kwh - b.lamp_kwh,
  '-lamp_kwh': (a, b) => b.lamp_kwh - a.lamp_kwh,
  burning_hours: (a, b) => a.burning_hours - b.burning_hours,
  '-burning_hours': (a, b) => b.burning_hours - a.burning_hours,
  // Devices without plans (null) after those with.
  availability_percent: (a, b) => (a.availability_percent ?? 1e9) - (b.availability_percent ?? 1e9),
  '-availability_percent': (a, b) => (b.availability_percent ?? -1) - (a.availability_percent ?? -1),
  '-saved_kwh': (a, b) => (b.saved_kwh ?? -1e9) - (a.saved_kwh ?? -1e9),
  autonomy_days: (a, b) => (a.autonomy_days ?? 1e9) - (b.autonomy_days ?? 1e9),
};

/** The report of a scope with its devices' rows in RMS ID order, every one of them. */
export async function fullReport(
  db: Db,
  settings: ReportSettings,
  scope: ReportScope,
): Promise<{ report: Omit<EnergyReport, 'devices'>; devices: EnergyDeviceRow[] }> {
  const [months, days] = await Promise.all([
    deviceMonths(db, scope.devices, scope.from, scope.to),
    dayFigures(db, scope.devices, scope.from, scope.to),
  ]);
  return {
    report: {
      month: scope.month,
      organization: scope.organization,
      project: scope.project,
      group: scope.group,
      grid_co2_kg_per_kwh: settings.gridFactor,
      devices_reporting: months.filter((m: DeviceMonth) => m.days > 0).length,
      totals: figuresOf(fleetSums(months), settings.gridFactor),
      days,
    },
    devices: months.map((m) => deviceRow(m, settings.gridFactor)),
  };
}

export async function energyReport(
  db: Db,
  auth: AuthUser,
  settings: ReportSettings,
  query: EnergyReportQuery,
): Promise<EnergyReport> {
  const { report, devices } = await fullReport(
    db,
    settings,
    await reportScope(db, auth, settings.timeZone, query),
  );
  // Stable: equal figures keep RMS ID order.
  const sorted = query.ordering === 'device' ? devices : [...devices].sort(ORDER[query.ordering]);
  const start = (query.page - 1) * query.page_size;
  const end = start + query.page_size;
  return {
    ...report,
    devices: {
      results: sorted.slice(start, end),
      count: sorted.length,
      current: query.page,
      next: end < sorted.length ? query.page + 1 : null,
    },
  };
}

export async function exportReport(
  db: Db,
  auth: AuthUser,
  settings: ReportSettings,
  query: EnergyReportScope,
): Promise<{ report: Omit<EnergyReport, 'devices'>; devices: EnergyDeviceRow[] }> {
  return fullReport(db, settings, await reportScope(db, auth, settings.timeZone, query));
}
