import type { Db } from '../../db/client';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { issueDeviceKey } from '../../telemetry/device-keys';
import { given, insertRows } from './rows';
import { nextSerial } from './serial';

// Inventory rows: RMS devices, STLTs and poles. Each needs its organization; the ID (code) is fresh
// unless given.

type Device = typeof rmsDevices.$inferSelect;
type Stlt = typeof stlts.$inferSelect;
type Pole = typeof poles.$inferSelect;
type Owned<T extends { organizationId: number }> = Partial<T> & Pick<T, 'organizationId'>;
type DeviceFields = Owned<typeof rmsDevices.$inferInsert>;
type StltFields = Owned<typeof stlts.$inferInsert>;
type PoleFields = Owned<typeof poles.$inferInsert>;

const common = { manufacture: 'Test', inventoryDate: '2026-01-01' };

/** RMS devices (without a key: see makeKeyedDevice), expiring in 2030 unless told. */
export function makeDevices(db: Db, list: DeviceFields[]): Promise<Device[]> {
  return insertRows(
    db,
    rmsDevices,
    list.map((over) => ({
      ...common,
      code: `RMS-F${nextSerial()}`,
      model: 'RMS-12',
      expiryDate: '2030-01-01',
      ...given(over),
    })),
  );
}

export async function makeDevice(db: Db, fields: DeviceFields): Promise<Device> {
  const [row] = await makeDevices(db, [fields]);
  return row!;
}

/** An RMS device with its key, as the console makes them: what a device needs to connect. */
export async function makeKeyedDevice(db: Db, fields: DeviceFields): Promise<Device & { key: string }> {
  const device = await makeDevice(db, fields);
  return { ...device, key: await issueDeviceKey(db, device.id) };
}

export function makeStlts(db: Db, list: StltFields[]): Promise<Stlt[]> {
  return insertRows(
    db,
    stlts,
    list.map((over) => ({ ...common, code: `STLT-F${nextSerial()}`, model: 'STLT-1', ...given(over) })),
  );
}

export async function makeStlt(db: Db, fields: StltFields): Promise<Stlt> {
  const [row] = await makeStlts(db, [fields]);
  return row!;
}

export async function makePole(db: Db, fields: PoleFields): Promise<Pole> {
  const [row] = await insertRows(db, poles, [
    { ...common, code: `POLE-F${nextSerial()}`, model: 'POLE-1', ...given(fields) },
  ]);
  return row!;
}
