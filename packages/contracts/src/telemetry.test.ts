import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  commandAck,
  deviceTimeAt,
  faultReport,
  MAX_FUTURE_SKEW_MS,
  MAX_SAMPLE_AGE_MS,
  reasonOf,
  TELEMETRY_FIELDS,
  telemetryBatch,
  telemetrySample,
  type TelemetryField,
} from './telemetry';

// What a device sends is refused, naming the field, when the database could not store it as sent: text
// with a NUL or an unpaired surrogate, a reading too close to 0 for a 4-byte float, a time outside what a
// sample may have. The reason is what the device is told.

const sample = (over: Record<string, unknown> = {}) => ({
  ts: 1_700_000_000_000,
  gsm_sig: 70,
  bt_v: 12.8,
  bt_ch_i: 2.5,
  bt_dis_i: 0,
  soc: 80,
  pv_v: 18.2,
  pv_i: 2.7,
  lo_v: 0,
  lo_i: 0,
  brightness: 0,
  lo_sts: 0,
  mppt: 96.5,
  energy_wh: 1000,
  temp: 31,
  ...over,
});

function refusal(schema: z.ZodType, v: unknown) {
  const result = schema.safeParse(v);
  return result.success ? null : reasonOf(result.error);
}

const UNSTORABLE = ['a\u0000b', 'X\ud800Y', 'X\udc00', '\ud83d'];
const TEXT_REASON = 'contains a NUL or an unpaired surrogate character';

describe('device text', () => {
  it.each(UNSTORABLE)('refuses telecom %j, naming the field (in an array, with its index)', (telecom) => {
    expect(refusal(telemetrySample, sample({ telecom }))).toBe(`telecom: ${TEXT_REASON}`);
    expect(refusal(telemetryBatch, [sample(), sample({ telecom })])).toBe(`1.telecom: ${TEXT_REASON}`);
    // Any other text is taken as it is, a surrogate pair included.
    expect(telemetrySample.parse(sample({ telecom: 'Jio 📶 ü' })).telecom).toBe('Jio 📶 ü');
  });

  it.each(UNSTORABLE)('refuses an acknowledgement whose error is %j', (error) => {
    expect(refusal(commandAck, { id: 1, ok: false, error })).toBe(`error: ${TEXT_REASON}`);
    expect(commandAck.parse({ id: 1, ok: false, error: 'LED 🔥' }).error).toBe('LED 🔥');
  });
});

/** The columns of type real (apps/server/src/db/schema/telemetry.ts). */
const FLOAT4_FIELDS = ['bt_v', 'bt_ch_i', 'bt_dis_i', 'soc', 'pv_v', 'pv_i', 'lo_v', 'lo_i', 'mppt', 'temp'];
const TOO_SMALL = 'too close to 0 to store: 0, or at least 1.08420217e-19 in size';

describe('readings stored as 4-byte floats', () => {
  it('are the readings the contract marks float4', () => {
    const marked = (Object.keys(TELEMETRY_FIELDS) as TelemetryField[]).filter(
      (f) => 'float4' in TELEMETRY_FIELDS[f],
    );
    expect(marked.sort()).toEqual([...FLOAT4_FIELDS].sort());
  });

  it.each(FLOAT4_FIELDS)(
    'refuses %s closer to 0 than 2^-63, whose product with another is no float4',
    (field) => {
      // 1e-50 and 1e-46 round to 0 as float4 (PostgreSQL refuses them); 1e-40 would be kept with fewer
      // digits; 1e-30 is a float4, but 1e-30 V × 1e-30 A is not (the power graph failed on it).
      for (const v of [1e-50, 1e-46, 1e-40, 1.1754942e-38, 1e-30, 1e-20])
        expect(refusal(telemetrySample, sample({ [field]: v }))).toBe(`${field}: ${TOO_SMALL}`);
    },
  );

  it('refuses a tiny negative temperature; takes 0, 2^-63 and more, and a tiny energy counter', () => {
    expect(refusal(telemetrySample, sample({ temp: -1e-40 }))).toBe(`temp: ${TOO_SMALL}`);
    for (const v of [0, -0, 2 ** -63, 2e-19, 1e-6])
      expect(refusal(telemetrySample, sample({ bt_v: v, temp: -v }))).toBeNull();
    // The energy counter is an 8-byte float: a tiny one is stored as sent.
    expect(refusal(telemetrySample, sample({ energy_wh: 1e-50 }))).toBeNull();
  });
});

describe('a fault report’s time', () => {
  const now = Date.now();
  /** The epoch ms a message's `ts` stands for, or why it is refused. */
  const timeOf = (schema: typeof faultReport | typeof telemetrySample, message: Record<string, unknown>) => {
    const parsed = schema.safeParse(message);
    if (!parsed.success) return reasonOf(parsed.error);
    const time = deviceTimeAt(parsed.data.ts, now);
    return time.ok ? time.ms : time.reason;
  };
  const at = (ts: unknown) => timeOf(faultReport, { ts, faults: ['LED_OPEN'] });

  it('follows a sample’s rules: at most 8.64e15, 5 minutes ahead and 400 days old', () => {
    for (const ts of [9e15, 8_640_000_000_000_001]) expect(at(ts)).toBe('ts: above 8640000000000000');
    for (const ts of [0, -1, 1.5, 'tomorrow', '2024-02-30T00:00:00Z', null])
      expect(at(ts)).toBe('ts: not an ISO 8601 time or epoch milliseconds');
    expect(at(4_102_444_800_000)).toBe("ts: more than 5 minutes ahead of the server's clock");
    expect(at(now + MAX_FUTURE_SKEW_MS + 1)).toBe("ts: more than 5 minutes ahead of the server's clock");
    expect(at(1)).toBe('ts: older than 400 days');
    expect(at(now - MAX_SAMPLE_AGE_MS - 1)).toBe('ts: older than 400 days');
    expect(at('0001-01-01T00:00:00Z')).toBe('ts: older than 400 days');
    expect(at(now - 1000)).toBe(now - 1000);
    expect(at(new Date(now).toISOString())).toBe(now);
  });

  it('is judged as a sample’s is', () => {
    for (const ts of [9e15, 4_102_444_800_000, 1, now - 1000, '2100-01-01T00:00:00+05:30'])
      expect(at(ts)).toBe(timeOf(telemetrySample, sample({ ts })));
  });
});
