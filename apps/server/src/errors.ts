import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@rms/contracts/messages';
import { sqlStateOf } from './db/sql-state';

/** An error whose status and detail are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
export const unauthorized = (detail: string = MESSAGES.unauthorized) => new HttpError(401, detail);
export const forbidden = (detail = "You don't have permission to perform this action.") =>
  new HttpError(403, detail);
export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, detail);

/** A field error, answered as `{detail: "<field>: <message>", errors: {field: [message]}}`. */
export function fieldError(field: string, message: string): HttpError {
  return badRequest(message, { [field]: [message] });
}

/** One error handler: validation and caller errors keep their detail; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ detail: error.detail, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const detail = Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ');
      return reply.status(400).send({ detail, errors });
    }
    // A data exception (SQLSTATE class 22: a number out of range, text the column cannot hold, a bad
    // date) means input reached the database that the contract should have refused: the caller gets a
    // 400, and the log a warning so the contract can be fixed.
    // Class 23 (a unique or foreign key the service did not check first, or lost a race on) likewise.
    const state = sqlStateOf(error);
    if (state?.startsWith('22') || state?.startsWith('23')) {
      request.log.warn({ err: error, sqlState: state }, 'input refused by the database');
      return reply
        .status(400)
        .send({ detail: state.startsWith('22') ? MESSAGES.invalidInput : MESSAGES.conflictingInput });
    }
    const status = error.statusCode ?? 500;
    // A body Fastify could not read (not JSON, empty, a forbidden __proto__ key, another media type, too
    // large): the body is the field at fault.
    if (status < 500 && error.code?.startsWith('FST_ERR_CTP_'))
      return reply.status(status).send({ detail: error.message, errors: { body: [error.message] } });
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: MESSAGES.serverError });
    }
    return reply.status(status).send({ detail: error.message });
  });
}
