import type { FastifyInstance } from 'fastify';

// The API's operations, read from the OpenAPI document the app serves: a route added tomorrow is fuzzed
// without touching the fuzz test.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  query: Record<string, JsonSchema>;
  pathParams: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** The statuses it documents (readiness documents its 503: its answer, not a failure). */
  statuses: number[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export function operationsOf(app: FastifyInstance, prefix = '/api/v1/'): Operation[] {
  const doc = (
    app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }
  ).swagger();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const query: Record<string, JsonSchema> = {};
      const pathParams: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'query') query[p.name] = p.schema ?? {};
        if (p.in === 'path') pathParams[p.name] = p.schema ?? {};
      }
      operations.push({
        method: upper as Operation['method'],
        path,
        query,
        pathParams,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        statuses: Object.keys(op.responses ?? {}).map(Number),
      });
    }
  }
  return operations;
}
