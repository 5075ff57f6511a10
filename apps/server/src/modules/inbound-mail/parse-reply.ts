import EmailReplyParser from 'email-reply-parser';
import type { AddressObject } from 'mailparser';

export interface ParsedReply {
  /** The sender's address, lower case ('' when the mail has none). */
  from: string;
  /** Every address the mail was for: To, Cc, Delivered-To and X-Original-To. */
  recipients: string[];
  /** What the person wrote, without the quoted mail below it or their signature. */
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** The Authentication-Results header values, topmost (the last relay's) first. */
  authenticationResults: string[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => [entry.address ?? '', ...(entry.group ?? []).map((g) => g.address ?? '')])
    .filter(Boolean)
    .map((address) => address.toLowerCase());

/**
 * Reads a reply from its raw MIME source (a mail provider's inbound webhook or the built-in SMTP
 * receiver): who sent it, to which addresses, and the visible reply. Quoted history ('On …
 * wrote:' and the '>' lines below) and signatures are stripped by email-reply-parser; a mail
 * with only an HTML part is read through mailparser's text conversion. Inline images that are
 * part of a signature are attachments like any other: a person attaching a photo from a phone
 * sends it inline too.
 */
export async function parseReply(raw: Buffer | string): Promise<ParsedReply> {
  // Loaded when a reply arrives, not at every start (docs/performance.md#server-start).
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true });
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? value : '';
  };
  const extra = [header('delivered-to'), header('x-original-to')]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().replace(/^<|>$/g, '').toLowerCase())
    .filter(Boolean);
  const body = (mail.text ?? '').replace(/\r\n/g, '\n');
  return {
    from: addressesOf(mail.from)[0] ?? '',
    recipients: [...new Set([...addressesOf(mail.to), ...addressesOf(mail.cc), ...extra])],
    text: new EmailReplyParser().parseReply(body).trim(),
    attachments: mail.attachments.map((a, i) => ({
      filename: a.filename ?? `attachment-${i + 1}`,
      contentType: a.contentType,
      content: a.content,
    })),
    authenticationResults: mail.headerLines
      .filter((h) => h.key === 'authentication-results')
      .map((h) => h.line.slice(h.line.indexOf(':') + 1).trim()),
  };
}
