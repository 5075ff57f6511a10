import type { EmailMessage } from './email-html.ts';

/** Who sends, for the demo data: the running shop's own name and address. */
export interface DemoShop {
  companyName: string;
  publicUrl: string;
}

/**
 * One kind of email the shop sends, as the module that sends it declares it (its `emails` in
 * module.ts): the staff's Emails page lists every module's, and the HTML check renders them.
 */
export interface EmailKind {
  /** Unique across the modules (modules.test.ts). */
  kind: string;
  title: string;
  /** When it is sent and to whom (docs/product.md#emails). */
  sentWhen: string;
  /** The email with made-up data: what the preview page and the HTML check render. */
  demo: (shop: DemoShop) => EmailMessage & { unsubscribeUrl?: string };
}
