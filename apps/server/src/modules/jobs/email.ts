import type { Mailer, MailMessage } from '../../plugins/mailer.ts';
import type { JobHandler } from './runner.ts';
import type { JobRepository } from './repository.ts';

export const EMAIL_JOB = 'email';

export interface EmailJobPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Attach the tax invoice of this payment, rendered when the mail is sent. */
  invoicePaymentId?: string;
}

/** Mails go through the jobs table: they survive a restart and are retried when SMTP fails. */
export function enqueueEmail(
  jobs: JobRepository,
  email: EmailJobPayload,
  uniqueKey?: string,
): Promise<boolean> {
  return jobs.enqueue({
    kind: EMAIL_JOB,
    payload: { ...email },
    uniqueKey,
    // With the runner's back-off (30 s doubling to at most 6 h) the 14th and last try comes about
    // 26 hours after the first: a mail server down for a night or a day delays receipts, it does
    // not lose them. Eight tries gave up after about an hour.
    maxAttempts: 14,
  });
}

export function createEmailJobHandler(deps: {
  mailer: Mailer;
  renderInvoice: (paymentId: string) => Promise<{ filename: string; content: Buffer } | null>;
}): JobHandler {
  return async (raw) => {
    const payload = raw as unknown as EmailJobPayload;
    const message: MailMessage = {
      to: payload.to,
      subject: payload.subject,
      text: payload.text,
      ...(payload.html ? { html: payload.html } : {}),
    };
    if (payload.invoicePaymentId) {
      const invoice = await deps.renderInvoice(payload.invoicePaymentId);
      if (invoice) {
        message.attachments = [
          { filename: invoice.filename, content: invoice.content, contentType: 'application/pdf' },
        ];
      }
    }
    await deps.mailer.send(message);
  };
}
