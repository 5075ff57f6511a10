import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { vi } from 'vitest';
import { orderPaymentRequest, type HandlePaymentResponse } from '@noise/shared/payments';
import type { Project } from '@noise/shared/project';
import type { RunningServer } from '../support/server.ts';
import { apiGet, apiPost } from '../checkout/helpers.ts';
import type { Service } from '@noise/shared/catalogue';

/**
 * An order paid through the API with the sandbox's succeeding test card (the id the browser's card
 * form would make), for tests about what happens after checkout.
 */
export async function placePaidOrder(
  server: RunningServer,
  customer: { token: string; email: string },
  options: {
    serviceId: string;
    packageTitle: string;
    extraTitles: string[];
    coordinatorId: string;
  },
): Promise<Project> {
  const service = await apiGet<Service>(
    server,
    `/api/services/${options.serviceId}`,
    customer.token,
  );
  const pkg = service.packages.find((p) => p.title === options.packageTitle);
  if (!pkg) throw new Error(`no package ${options.packageTitle}`);
  const body = orderPaymentRequest({
    service,
    package: pkg,
    extras: service.serviceExtras.filter((e) => options.extraTitles.includes(e.title)),
    coordinatorId: options.coordinatorId,
    customer: { name: 'Ada Lovelace', email: customer.email },
    companyName: 'Analytical Engines',
    contactNumber: '0412345678',
    paymentMethodId: `pm_sandbox_${Math.random().toString(36).slice(2, 12)}_success`,
    idempotencyKey: `chk_${crypto.randomUUID()}`,
  });
  const result = await apiPost<HandlePaymentResponse>(
    server,
    '/api/payments/handle-payment',
    customer.token,
    body,
  );
  if (!result.success) throw new Error('the test card asked for 3-D Secure');
  return apiGet<Project>(server, `/api/projects/${result.projectId}`, customer.token);
}

/** The first link matching `pattern` mailed to `email` (the server's outbox). */
export function mailedLink(server: RunningServer, email: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(path.join(outbox, file)));
        const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
        const link = pattern.exec(mail.text ?? '')?.[0];
        if (to.includes(email) && link) return link;
      }
      throw new Error(`no mail to ${email} with ${pattern} yet`);
    },
    // The server's job runner looks for due mail every few seconds.
    { timeout: 45_000, interval: 250 },
  );
}
