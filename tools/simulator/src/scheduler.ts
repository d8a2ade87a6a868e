// Reports of many devices spread over the sample period: one timer, each device due at its own
// offset, so a fleet does not publish all at once.

export interface Scheduled {
  report(): Promise<void>;
}

export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private next: number[] = [];

  constructor(
    private readonly devices: Scheduled[],
    /** Real milliseconds between a device's reports. */
    private readonly periodMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  start(): void {
    const now = Date.now();
    this.next = this.devices.map((_, i) => now + Math.floor((this.periodMs * i) / this.devices.length));
    const tick = Math.max(50, Math.min(5_000, Math.floor(this.periodMs / 10)));
    this.timer = setInterval(() => this.tick(), tick);
  }

  private tick(): void {
    const now = Date.now();
    this.devices.forEach((d, i) => {
      if (this.next[i]! > now) return;
      this.next[i] =
        this.next[i]! + this.periodMs * Math.max(1, Math.ceil((now - this.next[i]!) / this.periodMs));
      d.report().catch(this.onError);
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
