import { can } from '@noise/shared/permissions';
import type { Db } from '../../db/client.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { createJobRepository } from '../jobs/repository.ts';
import { createUserRepository } from '../users/repository.ts';

/** An endpoint was disabled for failing: every member who manages webhooks gets an email. */
export function mailAdminsAboutDisabledEndpoint(
  db: Db,
  settings: { companyName: string; publicUrl: string },
) {
  return async (endpoint: { id: string; url: string; reason: string }) => {
    const admins = (await createUserRepository(db).listStaff()).filter((u) =>
      can(u.role, 'webhooks:manage'),
    );
    const jobs = createJobRepository(db);
    for (const admin of admins) {
      await enqueueEmail(
        jobs,
        {
          to: admin.email,
          subject: `Webhook endpoint turned off: ${endpoint.url}`,
          text: [
            `The webhook endpoint ${endpoint.url} was turned off.`,
            endpoint.reason,
            '',
            `Events that happen while it is off are not sent to it. When it works again, turn it on and resend what it missed: ${settings.publicUrl}/wkm-dashboard/webhooks`,
            '',
            `— ${settings.companyName}`,
          ].join('\n'),
        },
        `webhook-disabled:${endpoint.id}:${admin.id}:${Date.now()}`,
      );
    }
  };
}
