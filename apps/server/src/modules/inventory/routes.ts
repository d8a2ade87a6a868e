import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '@rms/contracts/common';
import {
  INVENTORY,
  INVENTORY_KINDS,
  INVENTORY_MESSAGES,
  INVENTORY_SCHEMAS,
  DEVICE_KEY_MESSAGES,
  deviceKeyAnswer,
  deviceKeyBody,
  inventoryListQuery,
  type InventoryKind,
} from '@rms/contracts/inventory';
import { anyOf } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { issueDeviceKey } from '../../telemetry/device-keys';
import {
  createInventory,
  getInventory,
  listInventory,
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
        summary: `${config.label}s the caller's organization sees (?query= search, ?id=, ?pagination=false)`,
        security,
        querystring: inventoryListQuery,
        response: { 200: schemas.list as z.ZodType },
      },
    },
    async (request) => {
      const list = await listInventory(deps, caller(request), kind, request.query);
      return Array.isArray(list)
        ? list.map((r) => rowOf(kind, r))
        : { ...list, results: list.results.map((r) => rowOf(kind, r)) };
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
      const record = await createInventory(
        deps,
        caller(request),
        kind,
        fieldsOf(kind, request.body) as InventoryFields,
      );
      // An RMS device gets its key with it; the answer is the only place the key is ever shown.
      const key = kind === 'rms' ? { device_key: await issueDeviceKey(app.db, record.id) } : {};
      return reply.status(201).send({ ...rowOf(kind, record), detail: config.created, ...key });
    },
  );

  api.put(
    url,
    {
      config: { access: write },
      schema: {
        tags,
        summary: `Update a ${config.label}; is_active=false deletes it (soft)`,
        security,
        body: updateBody,
        response: { 200: z.union([row, messageBody]) },
      },
    },
    async (request) => {
      const { id, is_active } = request.body;
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
      return { device_key: await issueDeviceKey(app.db, device.id), detail: DEVICE_KEY_MESSAGES.rotated };
    },
  );
};
