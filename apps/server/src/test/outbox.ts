import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The mails in an outbox folder, oldest first: the .eml files, not the .html copies beside them. */
export function outboxFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith('.eml'))
        .sort()
    : [];
}

/**
 * The first mail in DATA_DIR/outbox to `to` whose subject or text contains `containing`, parsed as a mail
 * client would. Queued mail is sent first; after-answer mail may take a moment.
 */
export async function outboxMail(
  app: FastifyInstance,
  dataDir: string,
  to: string,
  containing = '',
): Promise<ParsedMail> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    await app.jobRunner.runDueJobs();
    for (const file of outboxFiles(dir)) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const recipients = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
      const content = `${mail.subject ?? ''}\n${mail.text ?? ''}`;
      if (recipients.includes(to) && content.includes(containing)) return mail;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to} with '${containing}'`);
}
