import pino from 'pino';

export type Logger = pino.Logger;

/** The process logger (pino, as Fastify uses); Fastify and the services share it. */
export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({ level });
}
