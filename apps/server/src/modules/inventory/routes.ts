import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { INVENTORY_API, inventoryApi as A } from '@rms/contracts/api/inventory';
import type { Endpoint } from '@rms/contracts/endpoint';
import {
  INVENTORY,
  INVENTORY_KINDS,
  INVENTORY_MESSAGES,
  DEVICE_KEY_MESSAGES,
  type InventoryKind,
} from '@rms/contracts/inventory';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { issueDeviceKey } from '../../telemetry/device-keys';
import { rejectSummaries } from '../../telemetry/reject-summaries';
import {
  createInventory,
  getInventory,
  issueKeysFor,
  listInventory,
  restoreInventory,
  updateInventory,
  type InventoryFields,
  type InventoryRecord,
} from './service';

// The inventory area's handlers; paths, access and schemas are declared in contracts (api/inventory.ts).

type Body = Record<string, unknown>;

/** The kind's body (its own ID and model field names) under the service's neutral names. */
function fieldsOf(kind: InventoryKind, body: Body): Partial<InventoryFields> {
  const { idField, modelField } = INVENTORY[kind];
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
  return {
    code: text(idField),
    manufacture: text('manufacture'),
    model: text(modelField),
    inventory_date: text('inventory_date'),
    remarks: text('remarks'),
    expiry_date: kind === 'rms' ? text('expiry_date') : undefined,
  };
}

/** A record under the kind's field names. */
function rowOf(kind: InventoryKind, record: InventoryRecord) {
  const { idField, modelField } = INVENTORY[kind];
  const { code, model, expiry_date, ...rest } = record;
  return { ...rest, [idField]: code, [modelField]: model, ...(kind === 'rms' && { expiry_date }) };
}

/**
 * A kind's endpoint with its answer left to the response schema: the handlers build a record under neutral
 * names and rowOf puts it under the kind's own, which the compiler cannot follow for a kind known at run time.
 */
const byKind = <E extends Endpoint>(e: E) => e as Omit<E, 'response'> & Endpoint;

function register(app: FastifyInstance, kind: InventoryKind) {
  const E = INVENTORY_API[kind];
  const config = INVENTORY[kind];
  const deps = { db: app.db, timeZone: app.config.timeZone };

  route(app, byKind(E.list), async (request) => {
    const list = await listInventory(deps, caller(request), kind, request.query);
    const records = Array.isArray(list) ? list : list.results;
    // An RMS row says whether the device's messages were refused (the list's warning badge).
    const rejects =
      kind === 'rms'
        ? await rejectSummaries(
            app.db,
            records.map((r) => r.id),
          )
        : null;
    const answer = (r: InventoryRecord) => ({
      ...rowOf(kind, r),
      ...(rejects && { rejects: rejects.get(r.id) ?? null }),
    });
    return Array.isArray(list) ? list.map(answer) : { ...list, results: list.results.map(answer) };
  });

  route(app, byKind(E.create), async (request) => {
    // An RMS device gets its key with it (one transaction: no device without a key); the answer is the
    // only place the key is ever shown.
    const { record, device_key } = await app.db.transaction((tx) =>
      createInventory(
        { ...deps, db: tx },
        caller(request),
        kind,
        fieldsOf(kind, request.body) as InventoryFields,
      ),
    );
    return { ...rowOf(kind, record), detail: config.created, ...(device_key && { device_key }) };
  });

  route(app, byKind(E.update), async (request) => {
    const { id, is_active } = request.body;
    const restored = is_active === true ? await restoreInventory(app.db, caller(request), kind, id) : null;
    if (restored) return { ...rowOf(kind, restored), detail: config.restored };
    const record = await updateInventory(
      deps,
      caller(request),
      kind,
      id,
      fieldsOf(kind, request.body),
      is_active,
    );
    return record
      ? { ...rowOf(kind, record), detail: config.updated }
      : { detail: INVENTORY_MESSAGES.deleted };
  });
}

export const inventoryRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of INVENTORY_KINDS) register(app, kind);

  route(app, A.deviceKey, async (request) => {
    const device = await getInventory(app.db, caller(request), 'rms', request.body.id);
    const device_key = await issueDeviceKey(app.db, device.id);
    app.deviceLink.disconnect([device.id]);
    return { device_key, detail: DEVICE_KEY_MESSAGES.rotated };
  });

  route(app, A.deviceKeys, async (request, reply) => {
    const keys = await issueKeysFor(app.db, caller(request), request.body.devices);
    app.deviceLink.disconnect(keys.map((k) => k.id));
    // Plaintext keys: no cache may keep this answer.
    reply.header('cache-control', 'no-store');
    return { detail: DEVICE_KEY_MESSAGES.issued(keys.length), keys };
  });
};
