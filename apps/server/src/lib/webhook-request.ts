import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isPublicAddress, literalAddress } from './public-address.ts';

/** Why a webhook request did not get an answer; `message` is what the delivery log shows. */
export class WebhookRequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused-address' | 'timeout' | 'network',
  ) {
    super(message);
  }
}

/** The receiver's answer: its status, the time to it, and the first bytes of its body. */
export type WebhookResponse = { status: number; timeMs: number; body: string };

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses any non-public address (unless allowed), so
 * the address checked is the address connected to: a host name whose DNS answer changed since the URL was saved
 * (DNS rebinding) cannot lead the request to a private address.
 */
function checkedLookup(allowPrivate: boolean, refusedText: string) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !allowPrivate && !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        return callback(new WebhookRequestError(refusedText, 'refused-address'), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs `body` to `url` once: no redirect followed (a 3xx is an answer like any other), the whole exchange bounded
 * by `timeoutMs`, at most `maxBodyBytes` of the answer read (the rest is not downloaded). Private, loopback and
 * link-local addresses are refused unless `allowPrivate`, checked at connection time.
 */
export function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  texts: { refusedAddress: string; timeout: string };
}): Promise<WebhookResponse> {
  const target = new URL(input.url);
  const literal = literalAddress(target.hostname);
  if (literal && !input.allowPrivate && !isPublicAddress(literal)) {
    return Promise.reject(new WebhookRequestError(input.texts.refusedAddress, 'refused-address'));
  }
  const started = performance.now();
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { ...input.headers, 'Content-Length': Buffer.byteLength(input.body) },
        lookup: checkedLookup(input.allowPrivate, input.texts.refusedAddress),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () =>
          finish(() => {
            response.destroy();
            request.destroy();
            resolve({
              status,
              timeMs: Math.round(performance.now() - started),
              body: Buffer.concat(chunks).subarray(0, input.maxBodyBytes).toString('utf8'),
            });
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= input.maxBodyBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      finish(() => {
        request.destroy();
        reject(new WebhookRequestError(input.texts.timeout, 'timeout'));
      });
    }, input.timeoutMs);
    request.on('error', (error) =>
      finish(() =>
        reject(
          error instanceof WebhookRequestError ? error : new WebhookRequestError(error.message, 'network'),
        ),
      ),
    );
    request.end(input.body);
  });
}
