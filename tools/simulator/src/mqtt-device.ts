import mqtt, { type MqttClient } from 'mqtt';
import type { RejectNotice } from '@rms/contracts/telemetry';
import type { DeviceCommand, SimDevice } from './device';

// A simulated device on the MQTT link (docs/device-link.md): signs in with its RMS ID and key, takes
// commands from rms/<id>/cmd and acknowledges each delivery on rms/<id>/ack (a repeated id is answered
// again without running twice: SimDevice.handle), reports samples on rms/<id>/telemetry and its fault
// list on rms/<id>/fault whenever it changes, and hears of refused messages on rms/<id>/reject. While
// an injected `silent` fault holds (faults.ts) it publishes nothing and leaves commands unanswered.

export interface LinkedDeviceOptions {
  url: string;
  code: string;
  key: string;
  sim: SimDevice;
  /** The device's clock (accelerated time in the CLI). */
  now?: () => number;
  onError?: (error: Error) => void;
  /** Told of each message the server refused (its notice on rms/<id>/reject). */
  onReject?: (notice: RejectNotice) => void;
  /** Milliseconds between reconnection attempts (5 s). */
  reconnectPeriod?: number;
}

export class MqttDevice {
  client: MqttClient | null = null;
  published = 0;
  acks = 0;
  /** Messages the server refused (notices received). */
  rejected = 0;
  /** Measured time of the last sample sent: a sample is keyed by its time, so each must be later. */
  private lastSampleTs = 0;
  constructor(private readonly options: LinkedDeviceOptions) {}

  get code(): string {
    return this.options.code;
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  async connect(): Promise<void> {
    const { url, code, key, onError } = this.options;
    const client = await mqtt.connectAsync(url, {
      username: code,
      password: key,
      clientId: `sim-${code}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: this.options.reconnectPeriod ?? 5_000,
      connectTimeout: 20_000,
      // After a reconnect (the broker may have restarted and lost the session) MQTT.js subscribes again.
      resubscribe: true,
    });
    this.client = client;
    client.on('error', (e) => onError?.(e));
    client.on('message', (topic, payload) => {
      if (topic.endsWith('/reject')) this.onReject(payload);
      else void this.onCommand(payload);
    });
    await client.subscribeAsync([`rms/${code}/cmd`, `rms/${code}/reject`], { qos: 1 });
  }

  /**
   * Advances the model to now and publishes a sample (and the fault list, if it changed); nothing
   * while the device is silent (its fault list waits until it speaks again, its samples are lost).
   */
  async report(): Promise<void> {
    const { sim } = this.options;
    sim.step(this.now());
    if (sim.silent()) return;
    await this.publishFaults();
    await this.publishSample();
  }

  /** Publishes samples computed ahead (backfill): arrays of at most 1000. */
  async publishBatch(samples: unknown[]): Promise<void> {
    for (let i = 0; i < samples.length; i += 1000)
      await this.publish(`rms/${this.options.code}/telemetry`, JSON.stringify(samples.slice(i, i + 1000)));
  }

  private async publishSample(): Promise<void> {
    const { sim, code } = this.options;
    if (sim.t <= this.lastSampleTs) sim.step(this.lastSampleTs + 1);
    const sample = sim.sample();
    this.lastSampleTs = sample.ts as number;
    await this.publish(`rms/${code}/telemetry`, JSON.stringify(sample));
  }

  private async publishFaults(): Promise<void> {
    for (const report of this.options.sim.takeFaultReports())
      await this.publish(`rms/${this.options.code}/fault`, JSON.stringify(report));
  }

  private async publish(topic: string, payload: string): Promise<void> {
    if (!this.client) throw new Error('not connected');
    await this.client.publishAsync(topic, payload, { qos: 1 });
    this.published++;
  }

  private async onCommand(payload: Buffer): Promise<void> {
    const { sim, code, onError } = this.options;
    let command: DeviceCommand;
    try {
      command = JSON.parse(payload.toString()) as DeviceCommand;
      if (typeof command.id !== 'number') throw new Error('command without id');
    } catch (error) {
      onError?.(error as Error);
      return;
    }
    try {
      sim.step(Math.max(this.now(), sim.t || 0));
      // A silent modem never heard it: the server sends it again when no acknowledgement comes.
      if (sim.silent()) return;
      const result = sim.handle(command);
      this.acks++; // counted when sent: the server may record it before our PUBACK arrives
      await this.publish(`rms/${code}/ack`, JSON.stringify(result.ack));
      if (result.reportNow) await this.publishSample();
    } catch (error) {
      onError?.(error as Error);
    }
  }

  private onReject(payload: Buffer): void {
    this.rejected++;
    try {
      this.options.onReject?.(JSON.parse(payload.toString()) as RejectNotice);
    } catch (error) {
      this.options.onError?.(error as Error);
    }
  }

  async close(): Promise<void> {
    await this.client?.endAsync().catch(() => {});
    this.client = null;
  }
}
