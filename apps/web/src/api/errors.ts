import { MESSAGES } from '@rms/contracts/messages';
import { notify } from '../lib/notify';

// The error catalogue of spec 01 §8, in one place: every failed call becomes an ApiError whose
// messages follow it, and showApiError() is the one way those messages reach the screen.

export type ErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'other';

/** Status 0 stands for "no answer": the network failed or the 20 s timeout fired. */
export function kindOfStatus(status: number): ErrorKind {
  if (status === 400) return 'bad-request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status === 500) return 'server';
  if (status >= 501) return 'unavailable';
  return 'other';
}

type DetailItem = { detail?: unknown; error?: unknown; row?: unknown };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The body's `detail` as one or more texts; a list (bulk uploads: [{row, error}]) gives one per item. */
function detailTexts(body: unknown): string[] {
  const detail: unknown = Array.isArray(body) ? body : (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) {
    return detail.flatMap((item: unknown) => {
      if (typeof item === 'string') return [item];
      const { detail: d, error, row } = (item ?? {}) as DetailItem;
      const message = text(d) ?? text(error);
      if (!message) return [];
      return [typeof row === 'number' ? `Row ${row}: ${message}` : message];
    });
  }
  const single = text(detail);
  return single ? [single] : [];
}

function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

/** What the user is told for a failure of this kind with this body (spec 01 §8). */
export function catalogueMessages(kind: ErrorKind, body: unknown): string[] {
  const details = detailTexts(body);
  switch (kind) {
    case 'bad-request':
      return details.length > 0 ? details : [MESSAGES.badRequest];
    case 'unauthorized':
      return details.length > 0 ? details : [MESSAGES.unauthorized];
    case 'forbidden':
      // The spec fixes this text whatever the server says.
      return [MESSAGES.forbidden];
    case 'not-found':
      return details.length > 0 ? details : [MESSAGES.notFound];
    case 'server':
      return [MESSAGES.serverError];
    case 'rate-limited':
      return details.length > 0 ? details : ['Too many requests. Please wait a moment and try again.'];
    case 'unavailable':
      return ['The server is not available right now. Please try again shortly.'];
    case 'network':
      return ['Cannot reach the server. Check your connection and try again.'];
    case 'timeout':
      return ['The server did not answer in time. Please try again.'];
    case 'other':
      return details.length > 0 ? details : ['The request failed. Please try again.'];
    default: {
      const unhandled: never = kind;
      throw new Error(`Unhandled error kind ${String(unhandled)}`);
    }
  }
}

/** 401 and 403 on a signed-in call end the session: storage is cleared and the page reloads. */
export function endsSession(kind: ErrorKind): boolean {
  return kind === 'unauthorized' || kind === 'forbidden';
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  readonly kind: ErrorKind;
  /** The texts to show, per the catalogue; `message` joins them. */
  readonly messages: string[];
  /** Per-field messages of a 400 `{detail, errors: {field: [message]}}`, for forms to show on fields. */
  readonly fieldErrors: Record<string, string[]>;
  /** Set when this failure ended the session; the page is reloading and shows the message afterwards. */
  sessionEnded = false;

  constructor(status: number, body: unknown, kind: ErrorKind = kindOfStatus(status)) {
    const messages = catalogueMessages(kind, body);
    super(messages.join('\n'));
    this.status = status;
    this.body = body;
    this.kind = kind;
    this.messages = messages;
    this.fieldErrors = fieldErrorsOf(body);
  }

  /** The first message: what a form's alert shows. */
  get detail(): string {
    return this.messages[0] ?? MESSAGES.badRequest;
  }
}

/**
 * The field errors of the form's own fields, in the shape antd's form.setFields() takes. Errors on
 * other fields are dropped: the detail above the form already says what went wrong.
 */
export function formFieldErrors<const Field extends string>(
  error: ApiError,
  fields: readonly Field[],
): { name: Field; errors: string[] }[] {
  return fields.flatMap((name) => {
    const errors = error.fieldErrors[name];
    return errors && errors.length > 0 ? [{ name, errors }] : [];
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Shows a failure to the user, each catalogue message as an error toast. */
export function showApiError(error: unknown): void {
  if (isAbort(error)) return; // the caller cancelled; nothing failed
  if (error instanceof ApiError) {
    if (error.sessionEnded) return; // shown after the reload instead
    for (const message of error.messages) notify.error(message);
    return;
  }
  console.error(error);
  notify.error(MESSAGES.somethingWrong);
}
