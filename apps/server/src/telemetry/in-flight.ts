// The MQTT messages a broker connection is taking in, from receipt to acknowledgement, so that a stop
// can let them finish: each is committed and its PUBACK written before the connections end. A message
// that arrives once the stop has begun is not taken: it stays unanswered (no PUBACK), and its device
// sends it again to whichever server it reaches next. So "acknowledged" keeps meaning "committed".

export class InFlight {
  private count = 0;
  private closed = false;
  private idle: (() => void)[] = [];

  /** False once a stop has begun: hold the message unanswered. */
  get open(): boolean {
    return !this.closed;
  }

  /** Runs one message's handling, acknowledgement included; a stop waits for it to finish. */
  async run(handle: () => Promise<void>): Promise<void> {
    this.count++;
    try {
      await handle();
    } finally {
      this.count--;
      if (this.count === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  /** Takes no more messages and resolves once those taken are done. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.count > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
