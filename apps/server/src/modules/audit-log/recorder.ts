import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '@rms/contracts/api/index';
import type { Endpoint } from '@rms/contracts/endpoint';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/employees';

// Every write through the REST API is recorded: each route registered from a declaration
// (endpoint-route.ts) whose method is not GET, unless the declaration says `audited: false`, gets an
// onSend hook. The hook runs once the answer is known and before it is sent, and is awaited, so a
// client that got its answer can find its row. It records answers of 2xx, and the failures a handler
// marks as worth keeping (a failed sign-in). It needs nothing from the handlers beyond that: the
// actor is the request's caller, the record the id in the path, the body or the answer.
//
// The write has committed by then (its own transaction, in its service). If the row cannot be stored
// the answer still goes out as it is, and the row is written to the log at error level instead
// (`audit: row not stored`): failing a write that happened would invite the client to repeat it.

/** What a handler adds to its row, where the request alone does not say it. */
export interface AuditNote {
  /** Who acted when the request carries no caller: the account that signed in or out. */
  actor?: { userId: number; email?: string; organizationId?: number };
  /** A failure to record, with the name that was tried (a failed sign-in's e-mail). */
  failure?: { attempted: string | null };
  recordId?: string | number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
    /** The body as the client sent it, before the contract parsed (and reshaped) it. */
    auditBody: unknown;
    /** The answer before it was serialized: where a new record's id is read from. */
    auditAnswer: unknown;
  }
}

/** Adds to the audit row of this request (several calls merge). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

/** Each declaration's name within its group: the row's `action` (`create`, `bulkUpload`, `rms`). */
const ACTIONS = new Map<Endpoint, string>(
  Object.values(API).flatMap((group) => Object.entries(group).map(([name, e]) => [e, name] as const)),
);

const MAX_FIELDS = 50;

export function registerAuditLog(app: FastifyInstance): void {
  app.decorateRequest('auditNote', null);
  app.decorateRequest('auditBody', null);
  app.decorateRequest('auditAnswer', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const endpoint = route.config?.endpoint;
    if (!endpoint || endpoint.method === 'GET' || endpoint.audited === false) return;
    const action = ACTIONS.get(endpoint) ?? endpoint.method.toLowerCase();
    const keepBody = async (request: FastifyRequest) => {
      request.auditBody = request.body;
    };
    const keepAnswer = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      request.auditAnswer = payload;
      return payload;
    };
    const record: onSendHookHandler = async (request, reply, payload) => {
      await recordRequest(app, request, reply, endpoint, action);
      return payload;
    };
    route.preValidation = [keepBody, ...hooksOf(route.preValidation)];
    route.preSerialization = [...hooksOf(route.preSerialization), keepAnswer];
    route.onSend = [...hooksOf(route.onSend), record];
  });
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

async function recordRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  action: string,
): Promise<void> {
  const status = reply.statusCode;
  const note = request.auditNote;
  const succeeded = status >= 200 && status < 300;
  if (!succeeded && !note?.failure) return;
  const row = {
    ...(await actorOf(app, request, note)),
    area: endpoint.area,
    action,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    recordId: succeeded ? recordIdOf(request, note) : null,
    recordCount: succeeded ? recordCountOf(request) : null,
    change: changeOf(request.auditBody),
    fields: fieldsOf(request.auditBody),
    status,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
  try {
    await app.db.insert(auditLog).values(row);
  } catch (err) {
    request.log.error({ err, audit: row }, 'audit: row not stored');
  }
}

async function actorOf(app: FastifyInstance, request: FastifyRequest, note: AuditNote | null) {
  const auth = request.auth;
  if (note?.actor) {
    let { email, organizationId } = note.actor;
    if (email === undefined || organizationId === undefined) {
      const [user] = await app.db
        .select({ email: users.email, organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, note.actor.userId));
      email ??= user?.email;
      organizationId ??= user?.organizationId;
    }
    return {
      userId: note.actor.userId,
      apiKeyId: null,
      actor: email ?? null,
      organizationId: organizationId ?? null,
    };
  }
  if (auth?.apiKey)
    return {
      userId: null,
      apiKeyId: auth.apiKey.id,
      actor: auth.apiKey.name,
      organizationId: auth.organizationId,
    };
  if (auth)
    return { userId: auth.id, apiKeyId: null, actor: auth.email, organizationId: auth.organizationId };
  return { userId: null, apiKeyId: null, actor: note?.failure?.attempted ?? null, organizationId: null };
}

const idOf = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value.length > 0 && value.length <= 100)
    ? String(value)
    : null;

const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** The record written: the handler's word, else the id in the path, in the body, or in the answer. */
function recordIdOf(request: FastifyRequest, note: AuditNote | null): string | null {
  return (
    idOf(note?.recordId) ??
    idOf(field(request.params, 'id')) ??
    idOf(field(request.auditBody, 'id')) ??
    idOf(field(request.auditAnswer, 'id'))
  );
}

/**
 * How many records a bulk write touched: the rows a sheet saved (`created`), else the length of the
 * body's one list of ids or codes (a selection of devices). Null for a single record.
 */
function recordCountOf(request: FastifyRequest): number | null {
  const created = field(request.auditAnswer, 'created');
  if (typeof created === 'number') return created;
  const body = request.auditBody;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const lists = Object.values(body).filter(
    (v): v is unknown[] => Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string'),
  );
  return lists.length === 1 ? lists[0]!.length : null;
}

/** An edit of a row (`id`) that deletes it (`is_active: false`) or restores it (`is_active: true`). */
function changeOf(body: unknown): 'delete' | 'restore' | null {
  if (field(body, 'id') === undefined) return null;
  const active = field(body, 'is_active');
  return active === false ? 'delete' : active === true ? 'restore' : null;
}

/** The body's top-level field names: what the write set, never the values (passwords, keys). */
function fieldsOf(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body)
    .slice(0, MAX_FIELDS)
    .map((name) => name.slice(0, 64));
}
