import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PushClientInfo } from '../services/push-commit.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value ? value : null;
};

/** The pushing client as push versions record it: its user agent and the `X-Device-Id` header. */
export const pushClientOf = (request: FastifyRequest): PushClientInfo => ({
  userAgent: header(request, 'user-agent'),
  deviceId: header(request, 'x-device-id'),
});

/** The declared length of a request body, when the client sent a valid one. */
export const contentLengthOf = (request: FastifyRequest): number | undefined => {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) ? length : undefined;
};

/** Makes a route scope take bodies of any content type as the request stream: never parsed, never held whole. */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/** Runs a chunk handler; a refused chunk may be partly unread, so the connection closes rather than read the rest. */
export async function closingOnRefusal<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    reply.header('Connection', 'close');
    throw error;
  }
}
