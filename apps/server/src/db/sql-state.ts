/** The SQLSTATE of a database error, looking through the wrappers (Drizzle wraps driver errors). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether the error is about the data written (classes 22 data exception and 23 integrity), so that
 * writing it again cannot succeed; anything else (connection lost, shutting down) may pass on retry.
 */
export function isDataError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}
