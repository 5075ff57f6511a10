import { z } from 'zod';
import type { Mailer, MailMessage } from '../../plugins/mailer.ts';
import { defineJobs, type JobHandler } from './lanes.ts';
import type { EnqueueJob, JobRepository } from './repository.ts';

export const EMAIL_JOB = 'email';

const emailJobPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** The button of the HTML part; the part itself is rendered when the mail is sent. */
  action: z.object({ label: z.string(), url: z.string() }).optional(),
  /** The footer's 'why you got this'. */
  reason: z.string().optional(),
  /** Where this kind of email is turned off: the List-Unsubscribe header and the footer link. */
  unsubscribeUrl: z.string().optional(),
  replyTo: z.string().optional(),
  /** Attach the tax invoice of this payment, rendered when the mail is sent. */
  invoicePaymentId: z.string().optional(),
  /** Attach the adjustment note of this refund, rendered when the mail is sent. */
  adjustmentNoteRefundId: z.string().optional(),
  /** Attach the signed PDF of this quote's proposal (docs/decisions/077-proposals.md). */
  signedProposalQuoteId: z.string().optional(),
});
export type EmailJobPayload = z.infer<typeof emailJobPayload>;

/** The job that sends `email`: what `enqueueEmail` adds, for a caller adding several at once. */
export function emailJob(email: EmailJobPayload, uniqueKey?: string): EnqueueJob {
  return {
    kind: EMAIL_JOB,
    payload: { ...email },
    uniqueKey,
    // With the runner's back-off (30 s doubling to at most 6 h) the 14th and last try comes about
    // 26 hours after the first: a mail server down for a night or a day delays receipts, it does
    // not lose them. Eight tries gave up after about an hour.
    maxAttempts: 14,
  };
}

/** Mails go through the jobs table: they survive a restart and are retried when SMTP fails. */
export function enqueueEmail(
  jobs: JobRepository,
  email: EmailJobPayload,
  uniqueKey?: string,
): Promise<boolean> {
  return jobs.enqueue(emailJob(email, uniqueKey));
}

export interface EmailJobDeps {
  mailer: Mailer;
  renderInvoice?: (paymentId: string) => Promise<{ filename: string; content: Buffer } | null>;
  renderAdjustmentNote?: (
    refundId: string,
  ) => Promise<{ filename: string; content: Buffer } | null>;
  renderSignedProposal?: (quoteId: string) => Promise<{ filename: string; content: Buffer } | null>;
}

/**
 * Every mail is one kind, in the mail lane: whoever waits for a reset link or a receipt never
 * waits behind webhook deliveries or renewals. Digests and summaries are written in the bulk lane
 * and then wait here only behind other mail.
 */
export function emailJobs(deps: EmailJobDeps) {
  return defineJobs({ kinds: { [EMAIL_JOB]: { lane: 'mail', run: createEmailJobHandler(deps) } } });
}

export function createEmailJobHandler(deps: EmailJobDeps): JobHandler {
  return async (raw) => {
    // Stored as JSON by enqueueEmail; a row changed by hand fails here, clearly, and is retried.
    const payload = emailJobPayload.parse(raw);
    const { invoicePaymentId: _invoice, adjustmentNoteRefundId: _note, ...mail } = payload;
    const message: MailMessage = { ...mail };
    if (payload.invoicePaymentId && deps.renderInvoice) {
      const invoice = await deps.renderInvoice(payload.invoicePaymentId);
      if (invoice) {
        message.attachments = [
          { filename: invoice.filename, content: invoice.content, contentType: 'application/pdf' },
        ];
      }
    }
    if (payload.adjustmentNoteRefundId && deps.renderAdjustmentNote) {
      const note = await deps.renderAdjustmentNote(payload.adjustmentNoteRefundId);
      if (note) {
        message.attachments = [
          ...(message.attachments ?? []),
          { filename: note.filename, content: note.content, contentType: 'application/pdf' },
        ];
      }
    }
    if (payload.signedProposalQuoteId && deps.renderSignedProposal) {
      const signed = await deps.renderSignedProposal(payload.signedProposalQuoteId);
      if (signed) {
        message.attachments = [
          ...(message.attachments ?? []),
          { filename: signed.filename, content: signed.content, contentType: 'application/pdf' },
        ];
      }
    }
    await deps.mailer.send(message);
  };
}
