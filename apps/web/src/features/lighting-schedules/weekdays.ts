import { WEEKDAYS } from '@rms/contracts/lighting';

// Weekdays as the contract numbers them (ISO: 1 Monday … 7 Sunday), as the console names them.

export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

export const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day]! }));

/**
 * A schedule's weekdays in a few words: "Every night", "Mon–Fri", "Fri–Sun", "Mon, Wed, Fri"
 * (runs of three or more days joined with a dash).
 */
export function weekdaysSummary(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every night';
  const runs: number[][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && last.at(-1) === day - 1) last.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${WEEKDAY_LABELS[run[0]!]}–${WEEKDAY_LABELS[run.at(-1)!]}`]
        : run.map((day) => WEEKDAY_LABELS[day]!),
    )
    .join(', ');
}
