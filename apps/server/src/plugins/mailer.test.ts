import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });
const brand = () => ({
  companyName: 'Agency',
  publicUrl: 'https://agency.example',
  contactUrl: 'https://agency.example/contact',
  supportEmail: '',
  address: '1 Example Street, Sydney NSW 2000',
  abn: '',
  brandColour: '',
  footerText: '',
  privacyUrl: '',
  termsUrl: '',
  logo: null,
});

describe('mailer', () => {
  it('writes to DATA_DIR/outbox when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Agency <a@example.com>',
      dataDir,
      brand,
      log,
    });
    await mailer.send({ to: 'c@example.com', subject: 'Hello', text: 'Body text' });
    const files = readdirSync(path.join(dataDir, 'outbox')).sort();
    // The mail, and its HTML part beside it to open in a browser.
    expect(files).toHaveLength(2);
    const [eml, html] = files.map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8'));
    expect(files[0]!.replace('.eml', '.html')).toBe(files[1]);
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('To: c@example.com');
    expect(eml).toContain('Body text');
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('Body text');

    // The outbox removed while the server runs is made again.
    rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    rmSync(path.join(dataDir, 'outbox-writing'), { recursive: true });
    await mailer.send({ to: 'c@example.com', subject: 'Again', text: 'Body text' });
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2);
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
      brand,
      log,
    });
    const link = 'https://agency.example/dashboard/projects/p1';
    const off = 'https://agency.example/api/notifications/unsubscribe?u=u1&s=new-message&t=abc';
    await mailer.send({
      to: 'c@example.com',
      subject: 'Via SMTP',
      text: `Hi there,\n\nYour project has news:\n${link}\n\n— Agency`,
      action: { label: 'Open your project', url: link },
      unsubscribeUrl: off,
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Via SMTP');

    // Read as a mail client reads it: both parts, and the headers spam filters look for.
    const mail = await simpleParser(received[0]!);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.from?.value).toEqual([{ address: 'a@example.com', name: 'Agency' }]);
    expect(mail.text).toContain('Your project has news:');
    expect(mail.html).toContain('Your project has news:');
    // The action is a button, the link's line of the text is not repeated beside it.
    expect(mail.html).toMatch(new RegExp(`<a href="${link}"[^>]*>.*Open your project`, 's'));
    expect(mail.html).toContain('1 Example Street, Sydney NSW 2000');
    // mailparser reads List-* headers into one 'list' object.
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: off } });
    const headers = received[0]!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toContain(`List-Unsubscribe: <${off}>`);
    expect(mail.html).toContain(`href="${off.replaceAll('&', '&amp;')}"`);
  });

  it('turns a plain text mail into the branded layout, its lone link a button', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'A <a@example.com>',
      dataDir,
      brand,
      log,
    });
    await mailer.send({
      to: 'c@example.com',
      subject: 'A quote',
      text: 'Your quote is ready.\n\nhttps://agency.example/custom-quote/q1\n\nSee https://agency.example/faq for help.',
    });
    const html = readdirSync(path.join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.html'))
      .map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8'))[0]!;
    expect(html).toMatch(
      /<a href="https:\/\/agency.example\/custom-quote\/q1"[^>]*>.*Open the link/s,
    );
    expect(html).toMatch(
      /<a href="https:\/\/agency.example\/faq"[^>]*>https:\/\/agency.example\/faq</,
    );
    expect(html).toContain('apple-touch-icon.png');
  });
});
