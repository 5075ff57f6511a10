import type { EmailKind } from '../../lib/email-kinds.ts';
import { unsubscribe } from '../emails/demo-data.ts';
import { messageDigest, notificationCopy } from '../emails/notifications.ts';
import { questionDigest } from '../emails/questions.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const notificationsEmails: EmailKind[] = [
  {
    kind: 'notification',
    title: 'Notification copy',
    sentWhen: 'To each person a notification is for, unless they turned that kind off.',
    demo: (shop) => ({
      ...notificationCopy({
        ...shop,
        title: 'SEO Audit: In progress',
        body: 'We started on your audit. First findings by Friday.',
        link: '/dashboard/projects/demo-project',
        answer: null,
        kindLabel: 'Updates on my projects',
      }),
      unsubscribeUrl: unsubscribe(shop, 'status-update'),
    }),
  },
  {
    kind: 'messages',
    title: 'Project messages',
    sentWhen:
      'To the people of a project a minute after a message, with what followed in that minute.',
    demo: (shop) => ({
      ...messageDigest({
        ...shop,
        items: [
          {
            title: 'New message on SEO Audit',
            body: 'Sam: The keyword list is ready for your review.',
          },
          { title: 'New message on SEO Audit', body: 'Sam: I attached the draft report too.' },
        ],
        link: '/dashboard/projects/demo-project',
        answer: 'reply',
        kindLabel: 'Messages from my team',
      }),
      unsubscribeUrl: unsubscribe(shop, 'new-message'),
    }),
  },
  {
    kind: 'question-messages',
    title: 'Messages on a general question',
    sentWhen:
      'To the other side of an ‘Ask us anything’ question a minute after a message, with what followed in that minute.',
    demo: (shop) => ({
      ...questionDigest({
        ...shop,
        items: [
          {
            title: 'New answer to your question: Can you also do our menus?',
            body: 'Sam: Yes, we can. I will put a proposal together for you.',
          },
        ],
        link: '/dashboard/questions/demo-question',
        answer: 'reply',
        kindLabel: 'Messages from my team',
      }),
      unsubscribeUrl: unsubscribe(shop, 'new-message'),
    }),
  },
];
