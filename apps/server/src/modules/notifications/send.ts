import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget, type AddressPolicy } from './address-guard';

// One attempt: the body POSTed as it is signed, to the address the guard checked (resolved again now:
// a URL that was public when saved may not be any more). Redirects are not followed (a 3xx is a
// failure: a redirect could point anywhere, the guard's check included); the answer is read only up
// to a short excerpt; the whole attempt has a time limit.

export const SIGNATURE_HEADER = 'X-RMS-Signature';
/** Kept of the receiver's answer, for the delivery log. */
const EXCERPT_CHARS = 200;
const READ_AT_MOST = 4096;

/**
 * A receiver's text as the log keeps it: PostgreSQL's text takes no NUL character, and one in an
 * excerpt would fail the statement recording a whole pass (every organization's deliveries in it).
 */
export function storable(text: string | null, max: number): string | null {
  if (text === null) return null;
  return text.replaceAll('\u0000', '').slice(0, max) || null;
}

export function signature(body: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface Attempt {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  eventType: string;
  deliveryId: number;
  timeoutMs: number;
  policy: AddressPolicy;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
}

export async function sendSigned(attempt: Attempt): Promise<AttemptResult> {
  const checked = await checkTarget(attempt.url, attempt.policy);
  if (!checked.ok) return { ok: false, statusCode: null, error: checked.message, excerpt: null };
  const { url, address, family } = checked.target;
  const body = Buffer.from(attempt.body, 'utf8');
  // The connection goes to the checked address; TLS still verifies the certificate for the host name.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          'User-Agent': 'RMS-Console-Webhooks/1',
          [SIGNATURE_HEADER]: signature(body, attempt.secret),
          'X-RMS-Event': attempt.eventId,
          'X-RMS-Event-Type': attempt.eventType,
          'X-RMS-Delivery': String(attempt.deliveryId),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const excerpt = storable(Buffer.concat(chunks).toString('utf8'), EXCERPT_CHARS);
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `redirect not followed (HTTP ${status})`
              : `HTTP ${status}`;
          request.destroy();
          finish({ ok, statusCode: status, error, excerpt });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < READ_AT_MOST) chunks.push(chunk);
          read += chunk.length;
          if (read >= READ_AT_MOST) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({
        ok: false,
        statusCode: null,
        error: `no answer within ${attempt.timeoutMs / 1000} s`,
        excerpt: null,
      });
    }, attempt.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        statusCode: null,
        error: storable(error.code ?? error.message, 500),
        excerpt: null,
      }),
    );
    request.end(body);
  });
}
