/** The path of a Chromium or Chrome executable, or undefined when none is installed. */
export function chromiumPath(): string | undefined;
