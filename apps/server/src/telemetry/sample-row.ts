import {
  deviceTimeAt,
  INGEST_MESSAGES,
  reasonOf,
  telemetryBatch,
  telemetrySample,
  type TelemetrySample,
} from '@rms/contracts/telemetry';

/** A sample as ingest handles it: the device's inventory id and the measured time in epoch ms. */
export interface SampleRow {
  deviceId: number;
  ts: number;
  gsmSig: number;
  btV: number;
  btChI: number;
  btDisI: number;
  soc: number;
  pvV: number;
  pvI: number;
  loV: number;
  loI: number;
  brightness: number;
  loSts: number;
  mppt: number;
  energyWh: number;
  temp: number;
  telecom: string | null;
  faults: string[] | null;
}

export type ParseResult = { ok: true; rows: SampleRow[] } | { ok: false; reason: string };

/** How far back samples are kept: an older one is refused, naming the days. */
export interface Retention {
  days: number;
  /** The oldest instant kept at `now` (epoch ms). */
  since(now: number): number;
}

/** Validates an already parsed message against the contract, the clock and the retention. */
export function toRows(
  deviceId: number,
  json: unknown,
  now = Date.now(),
  retention?: Retention,
): ParseResult {
  // Checked against the one shape it has, so that the error names the field (a union would not).
  const parsed = (Array.isArray(json) ? telemetryBatch : telemetrySample).safeParse(json);
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error) };
  const samples = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const rows: SampleRow[] = [];
  for (const sample of samples) {
    // The contract's clock rule, the same for a fault report's time (uplink.ts).
    const time = deviceTimeAt(sample.ts, now);
    if (!time.ok) return time;
    if (retention && time.ms < retention.since(now))
      return { ok: false, reason: INGEST_MESSAGES.beyondRetention(retention.days) };
    rows.push(rowOf(deviceId, time.ms, sample));
  }
  return { ok: true, rows };
}

function rowOf(deviceId: number, ts: number, s: TelemetrySample): SampleRow {
  return {
    deviceId,
    ts,
    gsmSig: s.gsm_sig,
    btV: s.bt_v,
    btChI: s.bt_ch_i,
    btDisI: s.bt_dis_i,
    soc: s.soc,
    pvV: s.pv_v,
    pvI: s.pv_i,
    loV: s.lo_v,
    loI: s.lo_i,
    brightness: s.brightness,
    loSts: s.lo_sts,
    mppt: s.mppt,
    energyWh: s.energy_wh,
    temp: s.temp,
    telecom: s.telecom ?? null,
    faults: s.faults ?? null,
  };
}

/** The readings kept as a device's live sample (spec 02 §3 names). */
export function liveSampleOf(r: SampleRow): Record<string, number> {
  return {
    gsm_sig: r.gsmSig,
    bt_v: r.btV,
    bt_ch_i: r.btChI,
    bt_dis_i: r.btDisI,
    soc: r.soc,
    pv_v: r.pvV,
    pv_i: r.pvI,
    lo_v: r.loV,
    lo_i: r.loI,
    brightness: r.brightness,
    lo_sts: r.loSts,
    mppt: r.mppt,
    energy_wh: r.energyWh,
    temp: r.temp,
  };
}
