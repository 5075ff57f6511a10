import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });

describe('mailer', () => {
  it('writes to DATA_DIR/outbox when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Agency <a@example.com>',
      dataDir,
      log,
    });
    await mailer.send({ to: 'c@example.com', subject: 'Hello', text: 'Body text' });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('To: c@example.com');
    expect(eml).toContain('Body text');

    // The outbox removed while the server runs is made again.
    rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    rmSync(path.join(dataDir, 'outbox-writing'), { recursive: true });
    await mailer.send({ to: 'c@example.com', subject: 'Again', text: 'Body text' });
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
  });

  it('delivers through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Agency <a@example.com>',
      dataDir: os.tmpdir(),
      log,
    });
    await mailer.send({ to: 'c@example.com', subject: 'Via SMTP', text: 'Hi there' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Via SMTP');
  });
});
