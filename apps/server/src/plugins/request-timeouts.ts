import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { answerClientError } from './error-handler.ts';

type Timeouts = AppConfig['timeouts'];

/**
 * The time limits Node's HTTP server enforces itself, as Fastify options: the headers must be in within
 * `headersMs` and the whole request within `requestMs` (both answer 408 through `answerClientError` and close
 * the connection), and a connection silent in both directions for `idleMs` is closed.
 */
export function timeoutServerOptions(timeouts: Timeouts): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    // Fastify sets the server's requestTimeout from its own option (0, i.e. none, by default).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks both limits on this interval (30 s by default), so a limit is enforced at most half late.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(timeouts.headersMs / 2))),
    },
  };
}

const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * The minimum-rate rule for request bodies, which Node has no option for: an idle timeout never fires while a
 * client sends a byte every second, and one total time either cuts slow but honest uploads or holds trickling
 * connections for as long. So every `bodyWindowMs` a body still arriving must have brought at least
 * `bodyMinBytesPerSecond` × window bytes (counted on the socket, without touching the request stream), or the
 * connection is answered 408 and closed. A window in which the server itself has not read what arrived (the
 * request stream holds unread bytes: the handler has not started reading, or is writing them out slower) does
 * not count against the client, nor does the window after it (the client could not send while the server did
 * not read).
 */
export function guardSlowBodies(server: Server, timeouts: Timeouts, log: FastifyBaseLogger): void {
  if (timeouts.bodyMinBytesPerSecond === 0) return;
  const minBytes = Math.ceil((timeouts.bodyMinBytesPerSecond * timeouts.bodyWindowMs) / 1000);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request)) return;
    const { socket } = request;
    let mark = socket.bytesRead;
    // The window right after the server caught up is exempt too: the client's bytes had nowhere to go until then.
    let wasBehind = false;
    const timer = setInterval(() => {
      if (request.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const received = socket.bytesRead - mark;
      mark = socket.bytesRead;
      const isBehind = request.readableLength > 0;
      const isExempt = isBehind || wasBehind;
      wasBehind = isBehind;
      if (received >= minBytes || isExempt) return;
      clearInterval(timer);
      log.info(
        { ip: socket.remoteAddress, url: request.url, received, minBytes },
        'request body too slow; connection closed',
      );
      if (response.headersSent) {
        socket.destroy();
      } else {
        answerClientError(
          Object.assign(new Error('Request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
          socket,
        );
      }
    }, timeouts.bodyWindowMs);
    timer.unref();
    // Answered or gone: nothing to watch. Left to the next window, the timer would hold the request and its answer
    // for up to a window (30 s by default): thousands of them during a push of small files.
    response.once('close', () => clearInterval(timer));
  });
}
