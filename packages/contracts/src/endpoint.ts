import type { z } from 'zod';
import type { Access } from './permissions';

// One API endpoint, declared once: the server registers its route from this (the route module adds only
// the handler), the console calls it with `api(endpoint, input)`, and the OpenAPI document is built from
// the routes so registered. Changing a path or a field here is one edit that both sides' compilers follow.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202;

export interface Endpoint {
  /** The area the endpoint belongs to (the OpenAPI tag, and the console's query-key root). */
  area: string;
  method: Method;
  /** Under /api/v1, with `:name` for each path parameter: `/devices/activation/:id/`. */
  path: string;
  /** Served at the site's root instead of under /api/v1 (the sample sheets, fetched as plain files). */
  atRoot?: boolean;
  /** Other paths the same handler answers (the spec names some calls twice). */
  aliases?: readonly string[];
  access: Access;
  /**
   * How a caller that is not the console proves who it is: 'device' is a device's Basic auth (RMS ID
   * and key), which the handler checks (its access is public to the console's guard). Without it, a
   * non-public endpoint takes the console's bearer token. 'metrics' is METRICS_TOKEN (/metrics).
   */
  security?: 'device' | 'metrics';
  summary: string;
  /** Longer OpenAPI text, where the summary cannot say enough. */
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. Absent for answers that are not JSON (files, event streams). */
  response?: z.ZodType;
  /**
   * The success status; 200 unless given. A save that answers 201 when it adds and 200 when it edits
   * lists both, the usual one first (the handler sets the other): both are documented.
   */
  status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]];
  /** Left out of the OpenAPI document: links the server hands out itself (signed file links). */
  hidden?: boolean;
  /**
   * Refused to organization API keys (403) whatever codes they hold: the endpoint manages API keys or
   * someone's sign-in (a password, a sign-in e-mail, one's own account), which only a person's session
   * may do, so a key can never make itself a person or another key.
   */
  sessionOnly?: true;
  /**
   * Left out of the audit log although it is not a GET: device traffic, the console's token refresh,
   * a question asked with POST. Every other write that succeeds is recorded (see api/audit-log.ts).
   */
  audited?: false;
  /**
   * Failure answers with a shape of their own (documented, and what the handler may answer with them):
   * a 400's details, readiness's 503.
   */
  errors?: { 400?: z.ZodType; 503?: z.ZodType };
}

/** Declares an endpoint, keeping its exact types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Part<
  E extends Endpoint,
  K extends 'params' | 'query' | 'body',
  Name extends string,
> = E[K] extends z.ZodType
  ? undefined extends z.input<E[K]>
    ? { [P in Name]?: z.input<E[K]> }
    : { [P in Name]: z.input<E[K]> }
  : { [P in Name]?: never };

/** What a caller sends: the path parameters, the query and the body the endpoint declares. */
export type EndpointInput<E extends Endpoint> = Part<E, 'params', 'params'> &
  Part<E, 'query', 'query'> &
  Part<E, 'body', 'body'>;

/** What a caller gets back on success. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

/** The endpoint's path with its parameters filled in (each one URL-encoded). */
export function endpointPath(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
