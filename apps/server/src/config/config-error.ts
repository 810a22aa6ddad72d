/** Settings the server cannot start with; the message names each bad variable ("Invalid configuration: …"). */
export class ConfigError extends Error {}
