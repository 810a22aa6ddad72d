import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** The logger of the request being served (Fastify's `request.log`, which carries its `reqId`), if any. */
const requestLogger = new AsyncLocalStorage<Logger>();

/** Runs `work` (and everything it starts) as part of a request: lines logged meanwhile go to `log`. */
export function runWithRequestLogger<T>(log: Logger, work: () => T): T {
  return requestLogger.run(log, work);
}

/**
 * The process logger (pino, JSON lines, as Fastify uses); Fastify and the services share it. Services get it once
 * at start, yet a line they log while serving a request goes through that request's logger, so it carries the
 * request id like the request's own lines: every member is looked up on the current request's logger when there
 * is one (`runWithRequestLogger`), else on the process logger.
 */
export function createLogger(
  level: pino.LevelWithSilent,
  /** Where the JSON lines go: standard output unless given (tests read them). */
  destination?: pino.DestinationStream,
): Logger {
  const root = destination ? pino({ level }, destination) : pino({ level });
  const current = () => requestLogger.getStore() ?? root;
  return new Proxy(root, {
    get(_target, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, property, value) {
      return Reflect.set(current(), property, value);
    },
  });
}
