export type HttpResponse<T = unknown> = { status: number; body: T; headers: Headers };

/**
 * A small browser-like HTTP client: keeps cookies, remembers the CSRF token from response headers or a
 * `csrf` field and sends it, as the web app does. Used by the integration tests against a real server.
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  csrfToken: string | undefined;
  bearer: string | undefined;
  sendCsrf = true;
  /** false: a redirect is answered as it comes (its status and Location), as a browser's single step. */
  followRedirects = true;

  constructor(private readonly baseUrl: string) {}

  /** The same browser (cookies, CSRF token, Bearer token) talking to another server, e.g. a second process. */
  at(baseUrl: string): HttpClient {
    const other = new HttpClient(baseUrl);
    other.cookies = this.cookies;
    other.csrfToken = this.csrfToken;
    other.bearer = this.bearer;
    return other;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const allHeaders: Record<string, string> = { 'X-Client': 'vue', ...headers };
    if (this.cookies.size > 0) {
      allHeaders.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (this.sendCsrf && this.csrfToken && !('X-CSRF-Token' in headers))
      allHeaders['X-CSRF-Token'] = this.csrfToken;
    if (this.bearer) allHeaders.Authorization = `Bearer ${this.bearer}`;
    let payload: string | Uint8Array | undefined;
    if (body instanceof Uint8Array) {
      allHeaders['content-type'] = 'application/octet-stream';
      payload = body;
    } else if (body !== undefined) {
      allHeaders['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    Object.assign(allHeaders, headers);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: allHeaders,
      body: payload,
      redirect: this.followRedirects ? 'follow' : 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const isExpired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (isExpired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    const token = response.headers.get('x-csrf-token') ?? (parsed as { csrf?: string } | null)?.csrf;
    if (typeof token === 'string') this.csrfToken = token;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }

  /** One step of a redirect chain: the answer itself, its Location not followed. */
  async step(path: string): Promise<HttpResponse> {
    const follow = this.followRedirects;
    this.followRedirects = false;
    try {
      return await this.get(path);
    } finally {
      this.followRedirects = follow;
    }
  }

  /** Signs in through the web app's calls: init (CSRF token), then the cookie login. */
  async login(login: string, password: string): Promise<HttpResponse> {
    await this.get('/app/init');
    return this.post('/app/auth/login', { login, password });
  }
}
