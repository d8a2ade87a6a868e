import type { ScheduleConflictRow } from '@rms/contracts/schedules';

// A conflict's nights in runs: consecutive nights won the same way (same schedule, same profile or
// lights off, by exception or not) read as one line instead of one per night.

export interface NightRun {
  from: string;
  to: string;
  winner: number;
  winnerName: string;
  exception: boolean;
  lightsOff: boolean;
  /** The schedules applicable on those nights, by name. */
  contenders: string[];
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function nightRuns(row: ScheduleConflictRow): NightRun[] {
  const names = new Map(row.schedules.map((s) => [s.id, s.name]));
  const runs: NightRun[] = [];
  for (const night of row.nights) {
    const lightsOff = night.exception && night.profile === null;
    const contenders = night.schedules.map((id) => names.get(id) ?? `#${id}`);
    const last = runs.at(-1);
    if (
      last &&
      nextDay(last.to) === night.date &&
      last.winner === night.winner &&
      last.exception === night.exception &&
      last.lightsOff === lightsOff &&
      last.contenders.join() === contenders.join()
    ) {
      last.to = night.date;
      continue;
    }
    runs.push({
      from: night.date,
      to: night.date,
      winner: night.winner,
      winnerName: names.get(night.winner) ?? `#${night.winner}`,
      exception: night.exception,
      lightsOff,
      contenders,
    });
  }
  return runs;
}
