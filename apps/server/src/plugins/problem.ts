import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

/** The error answers of the Mergin API are RFC 7807 problems, as connexion sends them (exactly this, no charset). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Paths of the Mergin API, whose errors are problems: the Mergin clients parse an error body only when its
 * `Content-Type` is exactly `application/json` or `application/problem+json`. Other paths (the web app's
 * files, `/api/docs`, `/alive`, `/metrics`) keep their plain JSON `{detail}` errors.
 */
const MERGIN_API_PREFIXES = ['/v1', '/v2', '/app', '/ping', '/config'];

export function isMerginApiPath(url: string): boolean {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  return MERGIN_API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The reason phrases the reference's problems carry as `title` (Werkzeug's table, which connexion uses); they
 * differ from Node's for a few statuses (413, 414, 416 …). Other statuses fall back to Node's phrase.
 */
const WERKZEUG_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Request Entity Too Large',
  414: 'Request URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Entity',
  423: 'Locked',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function problemTitle(status: number): string {
  return WERKZEUG_TITLES[status] ?? STATUS_CODES[status] ?? 'Unknown Error';
}

/** `{...body, status, title, type: 'about:blank'}`: the fields of the answer (detail, code, extras) and the problem's own. */
export function problemBody(status: number, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, status, title: problemTitle(status), type: 'about:blank' };
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
}

/**
 * A problem's text as connexion writes it (Python's `json.dumps` with sorted keys, an indent of 2 and a final
 * newline): `"status": 404,` inside, which the Mergin client's own tests look for.
 */
export function serializeProblem(body: Record<string, unknown>): string {
  return `${JSON.stringify(sortedKeys(body), null, 2)}\n`;
}

/**
 * Sends an error answer: a problem on the Mergin API's paths, plain JSON `{detail, ...}` elsewhere. The problem
 * is serialised here, not by Fastify's JSON path, which would append `; charset=utf-8` to the content type.
 */
export function sendError(reply: FastifyReply, status: number, body: Record<string, unknown>): FastifyReply {
  reply.status(status);
  if (!isMerginApiPath(reply.request.url)) return reply.type('application/json').send(body);
  return reply
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .serializer(serializeProblem)
    .send(problemBody(status, body));
}
