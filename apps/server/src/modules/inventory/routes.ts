import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '@rms/contracts/common';
import {
  INVENTORY,
  INVENTORY_KINDS,
  INVENTORY_MESSAGES,
  INVENTORY_SCHEMAS,
  DEVICE_KEY_LIMITS,
  DEVICE_KEY_MESSAGES,
  deviceKeyAnswer,
  deviceKeyBody,
  deviceKeysAnswer,
  deviceKeysBody,
  inventoryListQuery,
  type InventoryKind,
} from '@rms/contracts/inventory';
import { anyOf } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { issueDeviceKey } from '../../telemetry/device-keys';
import { rejectSummaries } from '../monitoring/rejects-service';
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

const tags = ['inventory'];
const security = [{ bearer: [] }];

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

function register(app: FastifyInstance, kind: InventoryKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = INVENTORY[kind];
  const schemas = INVENTORY_SCHEMAS[kind];
  const url = `/${config.path}`;
  const deps = { db: app.db, timeZone: app.config.timeZone };
  const read = anyOf(config.view, config.create);
  const write = accessOf(config.createPath);
  const createBody = schemas.create as z.ZodType<Body>;
  const updateBody = schemas.update as unknown as z.ZodType<Body & { id: number; is_active?: boolean }>;
  const row = schemas.row as z.ZodType;

  api.get(
    url,
    {
      config: { access: read },
      schema: {
        tags,
        summary: `${config.label}s the caller's organization sees (?query= search, ?id=, ?pagination=false, ?is_active=false: the deleted ones)`,
        security,
        querystring: inventoryListQuery,
        response: { 200: schemas.list as z.ZodType },
      },
    },
    async (request) => {
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
    },
  );

  api.post(
    url,
    {
      config: { access: write },
      schema: {
        tags,
        summary: `Create a ${config.label}, owned by the caller's organization`,
        security,
        body: createBody,
        response: { 201: row },
      },
    },
    async (request, reply) => {
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
      return reply
        .status(201)
        .send({ ...rowOf(kind, record), detail: config.created, ...(device_key && { device_key }) });
    },
  );

  api.put(
    url,
    {
      config: { access: write },
      schema: {
        tags,
        summary: `Update a ${config.label}; is_active=false deletes it (soft), is_active=true restores a deleted one (other fields are then not applied)`,
        security,
        body: updateBody,
        response: { 200: z.union([row, messageBody]) },
      },
    },
    async (request) => {
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
    },
  );
}

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of INVENTORY_KINDS) register(app, kind);

  app.post(
    `/${INVENTORY.rms.path}device_key/`,
    {
      config: { access: accessOf(INVENTORY.rms.createPath) },
      schema: {
        tags,
        summary: 'Make a new key for an RMS device (shown only in this answer; the old key stops working)',
        security,
        body: deviceKeyBody,
        response: { 200: deviceKeyAnswer },
      },
    },
    async (request) => {
      const device = await getInventory(app.db, caller(request), 'rms', request.body.id);
      const device_key = await issueDeviceKey(app.db, device.id);
      app.deviceLink.disconnect([device.id]);
      return { device_key, detail: DEVICE_KEY_MESSAGES.rotated };
    },
  );

  app.post(
    `/${INVENTORY.rms.path}keys/`,
    {
      config: { access: accessOf(INVENTORY.rms.createPath) },
      schema: {
        tags,
        summary: `Issue new keys for selected RMS devices (at most ${DEVICE_KEY_LIMITS.maxDevices}), for the flashing step`,
        description:
          'Every device must be one the caller sees (404 otherwise, and nothing changes). The keys are in this ' +
          'answer only (only their hashes are kept); each old key stops working at once and a device connected ' +
          'with it is disconnected. The console saves them as device-keys-<date>.csv (RMS ID, Device Key).',
        security,
        body: deviceKeysBody,
        response: { 200: deviceKeysAnswer },
      },
    },
    async (request, reply) => {
      const keys = await issueKeysFor(app.db, caller(request), request.body.devices);
      app.deviceLink.disconnect(keys.map((k) => k.id));
      // Plaintext keys: no cache may keep this answer.
      reply.header('cache-control', 'no-store');
      return { detail: DEVICE_KEY_MESSAGES.issued(keys.length), keys };
    },
  );
};
