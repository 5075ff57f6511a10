import { can } from '@noise/shared/permissions';
import type { Repositories } from '../../repositories.ts';
import { enqueueEmail } from '../jobs/email.ts';

/** An endpoint was disabled for failing: every member who manages webhooks gets an email. */
export function mailAdminsAboutDisabledEndpoint(
  repos: Pick<Repositories, 'users' | 'jobs'>,
  settings: { companyName: string; publicUrl: string },
) {
  return async (endpoint: { id: string; url: string; reason: string }) => {
    const admins = (await repos.users.listStaff()).filter((u) => can(u.role, 'webhooks:manage'));
    const jobs = repos.jobs;
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
