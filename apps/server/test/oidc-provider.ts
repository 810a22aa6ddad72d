import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

/** The person behind a login typed into the provider's form; unknown logins are `<login>@example.org`. */
export type ProviderAccount = {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
};

/** Everything the provider stores (codes, sessions, grants…), by model and id: a test can age a code. */
const stored = new Map<string, AdapterPayload>();

/** oidc-provider's storage, in memory, open to the test (`expireCodes`). */
class MemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: AdapterPayload): Promise<void> {
    stored.set(this.key(id), payload);
  }
  async find(id: string): Promise<AdapterPayload | undefined> {
    return stored.get(this.key(id));
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [key, payload] of stored)
      if (key.startsWith(`${this.model}:`) && payload.uid === uid) return payload;
    return undefined;
  }
  async consume(id: string): Promise<void> {
    const payload = stored.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string): Promise<void> {
    stored.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, payload] of stored) if (payload.grantId === grantId) stored.delete(key);
  }
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, for the tests and journeys of single sign-on:
 * one confidential client, its own login form (any password), no consent screen (the grant is given at once).
 */
export async function startOidcProvider(input: {
  /** Where it listens; by default a port the system picks as it starts listening (no other program can take it). */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, ProviderAccount>;
}) {
  // Listening first: the issuer names the port the server holds.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : input.port}`;
  // The provider warns on stderr that its login form is for development: the point here, so not said.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('devInteractions')) warn(...args);
  };
  try {
    return serve(server, issuer, input);
  } finally {
    console.warn = warn;
  }
}

function serve(server: Server, issuer: string, input: Parameters<typeof startOidcProvider>[0]) {
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: input.clientId,
        client_secret: input.clientSecret,
        redirect_uris: input.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    cookies: { keys: ['waymark-test-provider-cookie-key'] },
    // Its own signing key and lifetimes, so the provider only warns of its development login form.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, login) {
      const account = input.accounts[login] ?? {};
      return {
        accountId: login,
        claims: async () => ({
          sub: `sub-${login}`,
          email: account.email ?? `${login}@example.org`,
          email_verified: account.email_verified ?? true,
          preferred_username: account.preferred_username ?? login,
          name: account.name ?? login,
        }),
      };
    },
    // First-party client: the grant is given without a consent screen.
    async loadExistingGrant(ctx) {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.ensureClientContainer(client.clientId);
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    void handle(request, response);
  });
  return {
    issuer,
    /** Makes every authorization code issued so far expired (as if its minute had passed). */
    expireCodes() {
      for (const [key, payload] of stored) {
        if (key.startsWith('AuthorizationCode:')) payload.exp = Math.floor(Date.now() / 1000) - 60;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider: from the authorization URL, fills in the provider's own login form with `login` (and
 * any password) and follows the redirects until the one back to the app, whose URL it answers. Its cookies are
 * its own (a fresh browser each call unless `jar` is passed again: the provider then remembers the sign-in).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar = new Map<string, string>(),
): Promise<string> {
  const appOrigin = new URL(new URL(authorizationUrl).searchParams.get('redirect_uri') ?? '').origin;
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      if (url.startsWith(appOrigin)) return url;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !/name="login"/.test(html)) throw new Error(`no login form at ${url}: ${response.status}`);
    url = new URL(action, url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('the provider did not send the browser back');
}
