import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeMailTransport } from './mailer.ts';

describe('describeMailTransport', () => {
  it('names the SMTP host, port and TLS, never the credentials', () => {
    const described = describeMailTransport({
      smtpUrl: 'smtps://mailer:s3cret@mail.example.org',
      dataDir: '/d',
    });
    expect(described).toEqual({ type: 'smtp', host: 'mail.example.org', port: 465, secure: true });
    expect(JSON.stringify(described)).not.toMatch(/mailer|s3cret/);
    expect(describeMailTransport({ smtpUrl: 'smtp://mail.example.org:2525', dataDir: '/d' })).toEqual({
      type: 'smtp',
      host: 'mail.example.org',
      port: 2525,
      secure: false,
    });
  });

  it('names the outbox folder when no SMTP server is set', () => {
    expect(describeMailTransport({ smtpUrl: undefined, dataDir: '/srv/waymark' })).toEqual({
      type: 'outbox',
      folder: path.join('/srv/waymark', 'outbox'),
    });
  });
});
