/** A configuration the server cannot start with; the message names the variable to change. */
export class ConfigError extends Error {}
