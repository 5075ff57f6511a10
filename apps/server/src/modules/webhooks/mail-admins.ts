import { can } from '@noise/shared/permissions';
import type { Repositories } from '../../repositories.ts';
import { webhookEndpointDisabled } from '../emails/staff.ts';
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
          ...webhookEndpointDisabled({
            companyName: settings.companyName,
            publicUrl: settings.publicUrl,
            endpointUrl: endpoint.url,
            reason: endpoint.reason,
          }),
        },
        `webhook-disabled:${endpoint.id}:${admin.id}:${Date.now()}`,
      );
    }
  };
}
