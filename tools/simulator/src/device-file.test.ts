import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { memberOf, readDeviceFile } from './device-file';

const file = (content: unknown) => {
  const p = path.join(mkdtempSync(path.join(tmpdir(), 'sim-')), 'devices.json');
  writeFileSync(p, JSON.stringify(content));
  return p;
};

it('reads a device file into fleet members, with 12 V and 100 Wp unless given', () => {
  const [a, b] = readDeviceFile(
    file([
      { code: 'A1', key: 'k1', lat: 28.6, lon: 77.2 },
      { code: 'B2', key: 'k2', lat: 28.7, lon: 77.1, system: 24, panel_wp: 250, params: { dim_1: 5 } },
    ]),
  ).map(memberOf);
  expect(a).toEqual({ code: 'A1', key: 'k1', latitude: 28.6, longitude: 77.2, system: 12, panelWp: 100 });
  expect(b).toMatchObject({ system: 24, panelWp: 250, params: { dim_1: 5 } });
});

it('names what is wrong in a bad device file', () => {
  expect(() => readDeviceFile(file([{ code: 'A1', lat: 28.6, lon: 77.2 }]))).toThrow(/0\.key/);
  expect(() => readDeviceFile(file([]))).toThrow();
});
