import { MqttDevice } from '@rms/simulator/mqtt-device';
import { placeFleet, simulate } from '@rms/simulator/fleet';

// The cluster test's devices: the simulator's street lights, each on its own MQTT connection to the
// broker, reporting on a clock the test moves (a sample every 5 minutes of it, in the recent past) and
// answering the commands they are sent. Counts what the broker acknowledged and what arrived.

export const REPORT_EVERY_MS = 5 * 60_000;

export interface FleetDevice {
  id: number;
  code: string;
  link: MqttDevice;
  /** Samples the broker acknowledged (PUBACK). */
  acknowledged: number;
  /** The ids of the commands that reached the device on rms/<id>/cmd, as they came. */
  commands: number[];
}

export class Fleet {
  private clock: number;

  private constructor(
    readonly devices: FleetDevice[],
    start: number,
  ) {
    this.clock = start;
  }

  /** Connects every device (id and RMS ID as stored) to the broker; the first sample is `rounds` periods ago. */
  static async connect(url: string, devices: { id: number; code: string }[], rounds: number): Promise<Fleet> {
    const members = placeFleet({ count: devices.length, seed: 7 });
    let fleet: Fleet | null = null;
    const list = devices.map(({ id, code }, i) => {
      const sim = simulate({ ...members[i]!, code });
      const link = new MqttDevice({ url, code, key: 'unused', sim, now: () => fleet!.clock });
      return { id, code, link, acknowledged: 0, commands: [] as number[] };
    });
    fleet = new Fleet(list, Date.now() - (rounds + 1) * REPORT_EVERY_MS);
    await Promise.all(
      list.map(async (device) => {
        await device.link.connect();
        device.link.client!.on('message', (topic, payload) => {
          if (topic.endsWith('/cmd'))
            device.commands.push((JSON.parse(payload.toString()) as { id: number }).id);
        });
      }),
    );
    return fleet;
  }

  /** One period on: every device reports a sample (QoS 1), all at once. */
  async report(): Promise<void> {
    this.clock += REPORT_EVERY_MS;
    await Promise.all(
      this.devices.map(async (device) => {
        await device.link.report();
        device.acknowledged++;
      }),
    );
  }

  get acknowledged(): number {
    return this.devices.reduce((sum, d) => sum + d.acknowledged, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.link.close()));
  }
}
