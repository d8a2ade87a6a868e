import { z } from 'zod';
import { messageBody } from '../common';
import { endpoint } from '../endpoint';
import {
  DEVICE_KEY_LIMITS,
  INVENTORY,
  INVENTORY_SCHEMAS,
  deviceKeyAnswer,
  deviceKeyBody,
  deviceKeysAnswer,
  deviceKeysBody,
  inventoryListQuery,
  type InventoryKind,
} from '../inventory';
import { anyOf } from '../permissions';
import { accessOf } from '../routes';

// The inventory area's endpoints: the same three calls for RMS, STLT and pole IDs, each kind at its own
// path with its own field names (INVENTORY), and an RMS device's keys.

const area = 'inventory';

/** One kind's list, create and update. Reading takes the kind's view or create code; saving its create screen's. */
function kindApi<K extends InventoryKind>(kind: K) {
  const config = INVENTORY[kind];
  const schemas = INVENTORY_SCHEMAS[kind];
  const path = `/${config.path}`;
  const write = accessOf(config.createPath);
  return {
    list: endpoint({
      area,
      method: 'GET',
      path,
      access: anyOf(config.view, config.create),
      summary: `${config.label}s the caller's organization sees (?query= search, ?id=, ?pagination=false, ?is_active=false: the deleted ones)`,
      query: inventoryListQuery,
      response: schemas.list,
    }),
    create: endpoint({
      area,
      method: 'POST',
      path,
      access: write,
      summary: `Create a ${config.label}, owned by the caller's organization`,
      body: schemas.create,
      response: schemas.row,
      status: 201,
    }),
    update: endpoint({
      area,
      method: 'PUT',
      path,
      access: write,
      summary: `Update a ${config.label}; is_active=false deletes it (soft), is_active=true restores a deleted one (other fields are then not applied)`,
      body: schemas.update,
      response: z.union([schemas.row, messageBody]),
    }),
  };
}

/** Each kind's calls, by kind. */
export const INVENTORY_API = { rms: kindApi('rms'), stlt: kindApi('stlt'), pole: kindApi('pole') };

const RMS = INVENTORY_API.rms.list.path;

export const inventoryApi = {
  rmsList: INVENTORY_API.rms.list,
  rmsCreate: INVENTORY_API.rms.create,
  rmsUpdate: INVENTORY_API.rms.update,
  stltList: INVENTORY_API.stlt.list,
  stltCreate: INVENTORY_API.stlt.create,
  stltUpdate: INVENTORY_API.stlt.update,
  poleList: INVENTORY_API.pole.list,
  poleCreate: INVENTORY_API.pole.create,
  poleUpdate: INVENTORY_API.pole.update,
  deviceKey: endpoint({
    area,
    method: 'POST',
    path: `${RMS}device_key/`,
    access: accessOf(INVENTORY.rms.createPath),
    summary: 'Make a new key for an RMS device (shown only in this answer; the old key stops working)',
    body: deviceKeyBody,
    response: deviceKeyAnswer,
  }),
  deviceKeys: endpoint({
    area,
    method: 'POST',
    path: `${RMS}keys/`,
    access: accessOf(INVENTORY.rms.createPath),
    summary: `Issue new keys for selected RMS devices (at most ${DEVICE_KEY_LIMITS.maxDevices}), for the flashing step`,
    description:
      'Every device must be one the caller sees (404 otherwise, and nothing changes). The keys are in this ' +
      'answer only (only their hashes are kept); each old key stops working at once and a device connected ' +
      'with it is disconnected. The console saves them as device-keys-<date>.csv (RMS ID, Device Key).',
    body: deviceKeysBody,
    response: deviceKeysAnswer,
  }),
};
