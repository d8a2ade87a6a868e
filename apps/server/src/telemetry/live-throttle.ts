// The live channel's pace per device: a device that reports every second yields one `live` message per
// `throttleMs`, the last change of a burst always included; changes are gathered `gatherMs` so that a
// busy ingest reads them in few queries.

export class LiveThrottle {
  private readonly lastSent = new Map<number, number>();
  private readonly dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;

  constructor(
    private readonly throttleMs: number,
    private readonly gatherMs: number,
    /** The devices whose message is due now. */
    private readonly due: (deviceIds: number[]) => void,
  ) {}

  changed(deviceIds: readonly number[]): void {
    if (deviceIds.length === 0) return;
    for (const id of deviceIds) this.dirty.add(id);
    this.schedule(this.gatherMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Flushes in `delay` ms, or sooner when a flush is already due sooner. */
  private schedule(delay: number) {
    const at = Date.now() + delay;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, delay);
    this.timer.unref();
  }

  private flush() {
    const now = Date.now();
    const due: number[] = [];
    let wait = Infinity;
    for (const id of this.dirty) {
      const next = (this.lastSent.get(id) ?? 0) + this.throttleMs;
      if (next <= now) due.push(id);
      else wait = Math.min(wait, next - now);
    }
    for (const id of due) {
      this.dirty.delete(id);
      this.lastSent.set(id, now);
    }
    if (this.lastSent.size > 10_000) {
      for (const [id, at] of this.lastSent) if (at + this.throttleMs < now) this.lastSent.delete(id);
    }
    if (wait !== Infinity) this.schedule(Math.max(wait, this.gatherMs));
    if (due.length > 0) this.due(due);
  }
}
