/**
 * The `next` target of /login/?next=… comes from the address bar, so it is untrusted: only same-origin
 * paths are followed. "//host" and "/\host" are protocol-relative to browsers (an open redirect), and
 * a next pointing back at the sign-in page would only loop.
 */
export function safeNext(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/')) return fallback;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers, turning "/\t/evil" into "//evil".
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  if (/^\/login(\/|\?|#|$)/.test(raw)) return fallback;
  return raw;
}

/** The sign-in address that brings the visitor back to `target` afterwards. */
export function loginPath(target: string): string {
  return `/login/?next=${encodeURIComponent(target)}`;
}
