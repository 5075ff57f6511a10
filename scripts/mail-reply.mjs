// npm run mail:reply -- "Your reply" [--to customer@example.com] [--data ./data]
//
// Answers the newest message email in the outbox (DATA_DIR/outbox, where mail goes while SMTP_URL
// is unset) as its recipient would from their mail program: a reply to its Reply-To address,
// sent to the server's receiver on this machine (DATA_DIR/reply-receiver.json, written when the
// server starts with mail in the outbox). The reply then shows in the project's thread as that
// person's message. docs/product.md#reply-by-email.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', default: process.env.DATA_DIR ?? 'data' },
    to: { type: 'string' },
  },
});

function fail(message) {
  console.error(message);
  process.exit(1);
}

const text = positionals.join(' ').trim();
if (!text) {
  fail('Usage: npm run mail:reply -- "Your reply" [--to customer@example.com] [--data ./data]');
}
const dataDir = path.resolve(values.data);
let receiver;
try {
  receiver = JSON.parse(await readFile(path.join(dataDir, 'reply-receiver.json'), 'utf8'));
} catch {
  fail(`No reply receiver is running for ${dataDir}: start the product with npm start first.`);
}

const outbox = path.join(dataDir, 'outbox');
const names = (await readdir(outbox).catch(() => []))
  .filter((name) => name.endsWith('.eml'))
  .sort()
  .reverse();
for (const name of names) {
  const mail = await simpleParser(await readFile(path.join(outbox, name)));
  const replyTo = mail.replyTo?.value[0]?.address ?? '';
  const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
  if (!replyTo.startsWith('reply-') || !recipient) continue;
  if (values.to && recipient.toLowerCase() !== values.to.toLowerCase()) continue;
  const transport = nodemailer.createTransport({
    host: receiver.host,
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({
      from: recipient,
      to: replyTo,
      subject: `Re: ${mail.subject ?? ''}`,
      inReplyTo: mail.messageId,
      references: mail.messageId,
      text,
    });
  } catch (error) {
    fail(`The reply was refused: ${error.response ?? error.message}`);
  } finally {
    transport.close();
  }
  console.log(`Replied as ${recipient} to "${mail.subject}" (${name}).`);
  process.exit(0);
}
fail(
  values.to
    ? `No message email to ${values.to} in ${outbox}.`
    : `No message email with a reply address in ${outbox}: send a message on a project first.`,
);
