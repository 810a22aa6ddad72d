import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../services/auth.service.ts';

/** The caller's address and user agent, as the auth services record them. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
