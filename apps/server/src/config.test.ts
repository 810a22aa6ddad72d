import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'waymark-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 8080, PGlite in ./data, 1 GiB quota, nothing global', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      defaultStorage: 1073741824,
      globalRead: false,
      globalWrite: false,
      globalAdmin: false,
      maintenance: false,
      maintenanceFile: path.join(dir, 'MAINTENANCE'),
      publicUrl: 'http://localhost:8080',
    });
  });

  it('generates a secret once and keeps it in the data folder', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
  });

  it('resolves a relative DATA_DIR from where npm was started', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: dir }).dataDir).toBe(path.join(dir, 'data'));
    expect(existsSync(path.join(dir, 'data', 'secret.key'))).toBe(true);
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PORT: '9000',
      GLOBAL_READ: 'true',
      GLOBAL_ADMIN: '1',
      MAINTENANCE: 'yes',
      DATABASE_URL: 'postgres://u@localhost/db',
      SECRET_KEY: 'a-long-enough-secret',
      BASE_URL: 'https://maps.example.org/',
    });
    expect(config).toMatchObject({
      port: 9000,
      globalRead: true,
      globalAdmin: true,
      maintenance: true,
      databaseUrl: 'postgres://u@localhost/db',
      secretKey: 'a-long-enough-secret',
      baseUrl: 'https://maps.example.org',
      publicUrl: 'https://maps.example.org',
    });
  });

  it('names every bad setting in one clear error', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        GLOBAL_READ: 'maybe',
        SECRET_KEY: 'x',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(attempt).toThrow(/GLOBAL_READ/);
    expect(attempt).toThrow(/SECRET_KEY: must be at least 16 characters/);
  });

  it('keeps webhooks off private addresses by default; retries, their delay and the failures before turning off', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).webhooks).toEqual({
      allowPrivateAddresses: false,
      retryLimit: 6,
      retryDelayMs: 60_000,
      disableAfter: 5,
    });
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_RETRY_LIMIT: '0',
        WEBHOOK_RETRY_DELAY_SECONDS: '0.5',
        WEBHOOK_DISABLE_AFTER: '1',
      }).webhooks,
    ).toEqual({ allowPrivateAddresses: true, retryLimit: 0, retryDelayMs: 500, disableAfter: 1 });
    expect(() => loadConfig({ DATA_DIR: tmp(), WEBHOOK_DISABLE_AFTER: '0' })).toThrow(
      /WEBHOOK_DISABLE_AFTER/,
    );
  });

  it('reads single sign-on: off by default, issuer and client id together, the rest with defaults', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ oidc: undefined, passwordLogin: true });
    const config = loadConfig({
      DATA_DIR: dir,
      OIDC_ISSUER: 'https://id.example.org/realms/staff',
      OIDC_CLIENT_ID: 'waymark',
      OIDC_CREATE_USERS: 'true',
      OIDC_ALLOWED_DOMAINS: ' Example.org, @example.com ,',
      PASSWORD_LOGIN: 'false',
    });
    expect(config.passwordLogin).toBe(false);
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.org/realms/staff',
      clientId: 'waymark',
      clientSecret: undefined,
      scopes: 'openid email profile',
      name: 'id.example.org',
      usernameClaim: 'preferred_username',
      createUsers: { workspace: undefined, role: 'reader' },
      allowedDomains: ['example.org', 'example.com'],
    });
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_ISSUER: 'https://id.example.org' })).toThrow(
      /OIDC_CLIENT_ID: OIDC_ISSUER and OIDC_CLIENT_ID go together/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        OIDC_ISSUER: 'https://id.example.org',
        OIDC_CLIENT_ID: 'w',
        OIDC_SCOPES: 'email',
      }),
    ).toThrow(/OIDC_SCOPES: must include 'openid'/);
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_DEFAULT_ROLE: 'boss' })).toThrow(/OIDC_DEFAULT_ROLE/);
  });

  it('trusts proxies by hop count (true is one hop, never every hop) or by their addresses', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    for (const off of ['', 'false', '0', 'off', 'no']) expect(trust(off)).toBe(false);
    for (const one of ['true', 'TRUE', '1', 'yes', 'on']) expect(trust(one)).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, ::1 ,fd00::/8,loopback ')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['all', '10.0.0.0/33', '::1/129', '10.0.0', 'proxy.example.org', '1,2', '-1', '99']) {
      expect(() => trust(bad)).toThrow(ConfigError);
      expect(() => trust(bad)).toThrow(
        "TRUST_PROXY: must be false, a number of proxy hops (true means 1) or the proxies' addresses",
      );
    }
  });

  it('limits slow clients: defaults that let a 10 MiB chunk through at 32 kbit/s, and seconds with fractions', () => {
    const chunk = 10 * 1024 * 1024;
    const defaults = loadConfig({ DATA_DIR: tmp() }).timeouts;
    expect(defaults).toEqual({
      headersMs: 30_000,
      requestMs: 3_600_000,
      bodyWindowMs: 30_000,
      bodyMinBytesPerSecond: 4096,
      idleMs: 600_000,
    });
    expect(chunk / defaults.bodyMinBytesPerSecond).toBeLessThan(defaults.requestMs / 1000);
    expect(
      loadConfig({ DATA_DIR: tmp(), BODY_RATE_WINDOW_SECONDS: '0.5', BODY_MIN_BYTES_PER_SECOND: '0' })
        .timeouts,
    ).toMatchObject({ bodyWindowMs: 500, bodyMinBytesPerSecond: 0 });
    expect(() => loadConfig({ DATA_DIR: tmp(), IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS/);
  });

  it('keeps Bearer callers 5 s and list counts 2 s; CACHE_SECONDS shortens both, 0 keeps nothing', () => {
    const ttl = (value?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(value === undefined ? {} : { CACHE_SECONDS: value }) }).cacheTtlMs;
    expect(ttl()).toEqual({ users: 5_000, listCounts: 2_000 });
    expect(ttl('1.5')).toEqual({ users: 1_500, listCounts: 1_500 });
    expect(ttl('30')).toEqual({ users: 30_000, listCounts: 2_000 });
    expect(ttl('0')).toEqual({ users: 0, listCounts: 0 });
    expect(() => ttl('-1')).toThrow(/CACHE_SECONDS/);
  });

  it('keeps blobs in the data folder unless BLOB_STORE=s3, and reads the S3 settings checked together', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ blobStore: 'local', s3: undefined });
    const s3 = {
      DATA_DIR: tmp(),
      BLOB_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'waymark-blobs',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod/waymark//',
    };
    expect(loadConfig(s3)).toMatchObject({
      blobStore: 's3',
      s3: {
        bucket: 'waymark-blobs',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
        prefix: 'prod/waymark/',
        checksums: 'when_supported',
      },
    });
    // Settings without BLOB_STORE=s3 are kept for `storage migrate`; no keys means the SDK's own credentials.
    expect(loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'waymark-blobs', S3_REGION: 'eu-west-1' })).toMatchObject(
      {
        blobStore: 'local',
        s3: {
          bucket: 'waymark-blobs',
          region: 'eu-west-1',
          endpoint: undefined,
          credentials: undefined,
          prefix: '',
        },
      },
    );
    const refused = (env: Record<string, string>) => () => loadConfig({ ...s3, ...env });
    expect(refused({ BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE: must be 'local' or 's3'/);
    expect(refused({ S3_BUCKET: '' })).toThrow(/S3_BUCKET: is required when BLOB_STORE=s3/);
    expect(refused({ S3_BUCKET: 'Bad_Name' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(refused({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(refused({ S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(refused({ S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX: must not start with \//);
    expect(refused({ S3_CHECKSUMS: 'never' })).toThrow(/S3_CHECKSUMS/);
  });
});
