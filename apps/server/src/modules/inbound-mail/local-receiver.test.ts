import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { MessageThread } from '@noise/shared/messages';
import { createTestApp } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { LOCAL_RECEIVER_FILE } from './register.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const run = promisify(execFile);

// Mail in the outbox, no receiver or webhook set: the default `npm start` (docs/product.md#reply-by-email).
const { app, config } = await createTestApp({ mailRepliesLocal: true, messageMailDelayMs: 0 });
await app.ready();
const team = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Team' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });

const texts = async (projectId: string) =>
  (await app.inject({ url: `/api/projects/${projectId}/messages`, headers: bearer(team.token) }))
    .json<MessageThread>()
    .messages.map((m) => m.text);

describe('replies to the outbox on this machine', () => {
  it('npm run mail:reply answers the newest message email, and the reply lands in the thread', async () => {
    const project = await createOrder(app, {
      userId: jane.user.id,
      title: 'Logo Design',
      coordinatorId: team.user.id,
    });
    const sent = await sendForm(
      app,
      team.token,
      'POST',
      `/api/projects/${project.id}/messages`,
      form({ text: 'The first drafts are ready: which do you like?' }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await app.jobRunner.runDueJobs();

    const { stdout } = await run(
      process.execPath,
      [
        path.join(root, 'scripts/mail-reply.mjs'),
        '--data',
        config.dataDir,
        '--to',
        jane.user.email,
        'The second one, please.',
      ],
      { cwd: root },
    );
    expect(stdout).toContain(`Replied as ${jane.user.email}`);
    await expect.poll(() => texts(project.id)).toContain('The second one, please.');
  });

  it('listens on 127.0.0.1 only and refuses an address that is not a reply address', async () => {
    const receiver = JSON.parse(
      readFileSync(path.join(config.dataDir, LOCAL_RECEIVER_FILE), 'utf8'),
    ) as { host: string; port: number };
    expect(receiver.host).toBe('127.0.0.1');
    const smtp = nodemailer.createTransport({ ...receiver, secure: false, ignoreTLS: true });
    await expect(
      smtp.sendMail({ from: jane.user.email, to: 'someone@example.com', text: 'Hello' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    smtp.close();
  });
});
