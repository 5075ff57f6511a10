import { z } from 'zod';

/** One kind of email as the staff's 'Emails' page previews it (docs/product.md#emails). */
export const emailPreviewSchema = z.object({
  kind: z.string(),
  /** 'Order receipt' */
  title: z.string(),
  /** When it is sent and to whom. */
  sentWhen: z.string(),
  subject: z.string(),
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part, a whole document, shown in a sandboxed frame. */
  html: z.string(),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const emailPreviewListResponse = z.object({ items: z.array(emailPreviewSchema) });
export type EmailPreviewList = z.infer<typeof emailPreviewListResponse>;
