// The calendar day (YYYY-MM-DD) of an instant in the deployment's time zone. Ingest asks this for
// every sample, so the zone's offset is computed once per hour of time and cached. The offset keeps
// its minutes: India is UTC+05:30, so local 00:00–00:30 is already the next day.

export function dayResolver(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const offsets = new Map<number, number>();
  const offsetOf = (hour: number): number => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const at = hour * 3_600_000;
      const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
      const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
      offset = local - at;
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(hour, offset);
    }
    return offset;
  };
  return (epochMs) => {
    const hour = Math.floor(epochMs / 3_600_000);
    return new Date(epochMs + offsetOf(hour)).toISOString().slice(0, 10);
  };
}

/** The first local midnight after `epochMs` (zones' midnights fall on quarter hours of UTC). */
export function nextMidnight(epochMs: number, dayOf: (epochMs: number) => string): number {
  const quarter = 15 * 60_000;
  const day = dayOf(epochMs);
  let t = Math.floor(epochMs / quarter) * quarter + quarter;
  while (dayOf(t) === day) t += quarter;
  return t;
}
