import {
  DAILY_SUMMARY_SETTING,
  emailSettingLabels,
  type NotificationKind,
} from '@noise/shared/notifications';
import { isStaffRole } from '@noise/shared/roles';
import type { Config } from '../../config.ts';
import type { MessagePage } from '../../lib/message-page.ts';
import { isUnsubscribeToken, unsubscribeUrl } from '../../lib/unsubscribe-link.ts';
import { kindsFor } from './notifier.ts';
import type { NotificationRepository } from './repository.ts';

export interface UnsubscribeInput {
  userId: string;
  setting: string;
  token: string;
}

/**
 * An email's 'Turn these emails off' (docs/product.md#emails). Opening the link asks first, so a
 * mail scanner that follows links turns nothing off; the confirmation, and a mail client's
 * one-click POST (RFC 8058), turn off that one kind for that one person, as the bell's settings
 * would. A link whose signature does not match changes nothing.
 */
export async function unsubscribe(
  deps: {
    repo: NotificationRepository;
    config: Pick<Config, 'tokenSecret' | 'publicUrl' | 'companyName'>;
  },
  input: UnsubscribeInput,
  confirmed: boolean,
): Promise<{ status: 200 | 404; page: MessagePage }> {
  const home = { href: deps.config.publicUrl, text: `Back to ${deps.config.companyName}` };
  const [person] = isUnsubscribeToken(deps.config.tokenSecret, input)
    ? await deps.repo.recipients([input.userId])
    : [];
  const isSummary = input.setting === DAILY_SUMMARY_SETTING && isStaffRole(person?.role ?? '');
  const isKind = kindsFor(person?.role ?? '').includes(input.setting as NotificationKind);
  if (!person || (!isSummary && !isKind)) {
    return {
      status: 404,
      page: {
        heading: 'This link does not work',
        body: 'The link is incomplete or was not made for this address. Sign in and use the settings of the bell to choose which emails you get.',
        link: home,
      },
    };
  }
  const label = emailSettingLabels[input.setting]!;
  if (!confirmed) {
    return {
      status: 200,
      page: {
        heading: `Stop emails about '${label}'?`,
        body: `${person.email} will no longer get these emails. You still see them under the bell when you sign in, and you can turn the emails back on there.`,
        form: {
          action: unsubscribeUrl(deps.config, person.id, input.setting),
          button: 'Turn these emails off',
        },
        link: home,
      },
    };
  }
  if (isSummary) await deps.repo.setDailySummary(person.id, false);
  else if (!person.emailOptOut.includes(input.setting)) {
    await deps.repo.setOptOut(person.id, [...person.emailOptOut, input.setting]);
  }
  return {
    status: 200,
    page: {
      heading: 'Done: these emails are off',
      body: `${person.email} no longer gets emails about '${label}'. To turn them back on, sign in and open the settings of the bell.`,
      link: home,
    },
  };
}
