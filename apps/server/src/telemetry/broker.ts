// What the device link asks of either broker (embedded-broker.ts, external-broker.ts) besides
// carrying messages: how it is (readiness, metrics) and how it stops.

export interface BrokerStatus {
  /** Embedded: listening for devices (until a stop begins); external: every connection to it is up. */
  connected: boolean;
  /** Clients of the embedded broker connected now; null with an external broker. */
  clients: number | null;
}

export interface Broker {
  status(): BrokerStatus;
  /** The start of a stop: no new device connections (the embedded broker; those open go on). */
  stopAccepting(): void;
  /**
   * Stops: no new connections or messages; the messages taken in are committed and acknowledged, then
   * the connections end.
   */
  close(): Promise<void>;
}
