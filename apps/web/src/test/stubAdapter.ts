import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface StubReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Simulates a failure without an answer (offline, refused connection). */
  isNetworkError?: boolean;
  /** Answers only after this many milliseconds, like a slow server. */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: AxiosHeaders;
  data: unknown;
  /** Query parameters given through axios' `params` option. */
  params: Record<string, unknown>;
}

export type Responder = StubReply | ((request: RecordedRequest) => StubReply);

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * An axios adapter answering from a table keyed "METHOD /path". A key may hold a list of replies,
 * used in order (the last one repeats). Unknown requests answer 404 so a missing stub is loud.
 */
export function createStubAdapter(table: Record<string, Responder | Responder[]>) {
  const requests: RecordedRequest[] = [];
  const counters = new Map<string, number>();

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const request: RecordedRequest = {
      method,
      url,
      headers: AxiosHeaders.from(config.headers),
      data: parseBody(config.data),
      params: (config.params as Record<string, unknown> | undefined) ?? {},
    };
    requests.push(request);
    const key = `${method} ${url.split('?')[0]}`;
    const entry = table[key];
    const index = counters.get(key) ?? 0;
    counters.set(key, index + 1);
    const responder = Array.isArray(entry) ? entry[Math.min(index, entry.length - 1)] : entry;
    const reply: StubReply =
      responder === undefined
        ? { status: 404, data: { detail: `No stub for ${key}` } }
        : typeof responder === 'function'
          ? responder(request)
          : responder;

    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.isNetworkError) {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      status,
      statusText: String(status),
      data: reply.data ?? {},
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
  };

  return { adapter, requests };
}
