/** How the tests start it: headless on a server without a sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS: string[];
/** The path of a Chromium or Chrome executable, or undefined when none is installed. */
export function chromiumPath(): string | undefined;
