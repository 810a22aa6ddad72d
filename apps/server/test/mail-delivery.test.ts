import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ChildServer } from './child-server.ts';
import { HttpClient } from './http-client.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';
import { decodedMail, startSilentSmtpPeer, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer } from './test-server.ts';

/**
 * Mail goes out through the job queue: a request never waits for the SMTP server, a mail sent while it is down
 * arrives once it is back (also across a restart of the server), and a mail whose every try failed is kept.
 */

type Peer = Awaited<ReturnType<typeof startSmtpPeer>>;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A port where no SMTP server listens (yet): one a peer had, closed again. */
async function downPort(): Promise<number> {
  const peer = await startSmtpPeer();
  await peer.close();
  return peer.port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('queued mail', () => {
  it('answers at once while SMTP is down and delivers once it is back, with text and HTML parts', async () => {
    // SMTP first hangs (takes the connection, never answers): a request that waited for it would answer only once
    // the sender gave up, half a minute later. No timing: the answer must come while every connection to SMTP is
    // still open, whatever the load of the machine.
    const silent = await startSilentSmtpPeer();
    const port = silent.port;
    const server = await startTestServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        BASE_URL: 'https://maps.example.org',
        MAIL_RETRY_DELAY_SECONDS: '1',
      },
      { jobs: true },
    );
    cleanups.push(() => server.close());
    await server.createUser({ username: 'yara', email: 'yara@example.com' });
    const answer = await new HttpClient(server.url).post('/app/auth/reset-password', {
      email: 'yara@example.com',
    });
    expect(answer.status).toBe(200);
    expect(silent.ended).toBe(0);
    // Then SMTP is down: a try in progress fails, and so do the next ones.
    await silent.close();

    // A try has failed (SMTP is down) before SMTP comes back.
    const mailJob = async () =>
      (
        await server.database.executeSql(
          "SELECT state, retry_count FROM pgboss.job WHERE name = 'mail' AND data->>'to' = 'yara@example.com'",
          [],
        )
      ).rows as Array<{ state: string; retry_count: number }>;
    const failedOnce = async () => {
      const [job] = await mailJob();
      return job && (job.state === 'retry' || job.retry_count > 0) ? true : undefined;
    };
    await waitFor('a failed try', failedOnce, 30_000);
    const peer: Peer = await startSmtpPeer(port);
    cleanups.push(() => peer.close());
    const mail = await waitFor(
      'the mail',
      () => peer.received.find((m) => m.to.includes('yara@example.com')),
      60_000,
    );
    const body = decodedMail(mail);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toMatch(/https:\/\/maps\.example\.org\/change-password\//);
    // Once its one job is done nothing sends it again.
    await waitFor(
      'the job done',
      async () => ((await mailJob())[0]?.state === 'completed' ? true : undefined),
      30_000,
    );
    expect(await mailJob()).toHaveLength(1);
    expect(peer.received.filter((m) => m.to.includes('yara@example.com'))).toHaveLength(1);
  }, 90_000);

  it('keeps a mail whose every try failed in the failed-mail queue, with the mail', async () => {
    const port = await downPort();
    const server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1' },
      { jobs: true },
    );
    cleanups.push(() => server.close());
    await server.createUser({ username: 'zeke', email: 'zeke@example.com' });
    expect(
      (await new HttpClient(server.url).post('/app/auth/reset-password', { email: 'zeke@example.com' }))
        .status,
    ).toBe(200);
    const kept = await waitFor(
      'the failed mail',
      async () => {
        const rows = await server.database.executeSql(
          "SELECT data, keep_until > now() + interval '364 days' AS kept_a_year FROM pgboss.job WHERE name = 'mail-failed'",
          [],
        );
        return rows.rows[0] as { data: { to: string; subject: string }; kept_a_year: boolean } | undefined;
      },
      45_000,
    );
    expect(kept.data).toMatchObject({ to: 'zeke@example.com', subject: 'Reset your Waymark password' });
    expect(kept.kept_a_year).toBe(true);
  }, 60_000);
});

describe('queued mail across a restart', () => {
  it('delivers a mail queued before the server was killed once the server and SMTP are back', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-mail-restart-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const base = process.env.WAYMARK_TEST_POSTGRES_URL;
    const template = inject('postgresTemplate');
    let env: Record<string, string> = {};
    if (base && template) {
      const name = await createDatabaseFromTemplate(base, template);
      cleanups.push(() => dropDatabase(base, name));
      env = { DATABASE_URL: databaseUrl(base, name) };
    }
    const port = await downPort();
    const server = new ChildServer(dataDir, {
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    cleanups.push(() => server.kill());
    await server.start();
    const created = await server.client.post('/v2/users', {
      email: 'queued@example.com',
      password: 'Queued-pass1',
      username: 'queued',
      notify_user: true,
    });
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await server.kill();

    const peer = await startSmtpPeer(port);
    cleanups.push(() => peer.close());
    await server.start();
    const mail = await waitFor(
      'the mail',
      () => peer.received.find((m) => m.to.includes('queued@example.com')),
      90_000,
    );
    expect(decodedMail(mail)).toContain('Subject: Your Waymark account');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.filter((m) => m.to.includes('queued@example.com'))).toHaveLength(1);
  }, 240_000);
});
