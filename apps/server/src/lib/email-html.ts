import { createElement as h, type ReactNode } from 'react';
// Each component from its own package: '@react-email/components' also loads its code block,
// whose syntax highlighter took half a second of every server start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { logoPathOf } from '@noise/shared/business-details';
import type { Config } from '../config.ts';

/**
 * The HTML part of every email (docs/product.md#emails, docs/decisions/078-email-html.md): the
 * shop's logo and colours around the message's text, its one action as a button, and a footer
 * that says who sent it and why. Built with React Email's components; the server is not compiled
 * with JSX, so elements are made with `createElement` (`h`).
 */

/** Who sends: the shop's name, address and where to reach it (its business details). */
export interface EmailBrand {
  companyName: string;
  publicUrl: string;
  /** The contact page; empty when none is set (the footer then offers the support email). */
  contactUrl: string;
  /** Empty when not set. */
  supportEmail: string;
  /** A postal address for the footer; empty when not configured. */
  address: string;
  abn: string;
  /** The accent of the card's top and the button (#rrggbb); empty for the site's own. */
  brandColour: string;
  /** A line of the shop's own under its name and address; empty when not set. */
  footerText: string;
  privacyUrl: string;
  termsUrl: string;
  /** The uploaded logo (absolute address and size), or null for the site's icon and the name. */
  logo: { url: string; width: number; height: number } | null;
}

/**
 * The brand of the emails sent now: the business details in force (docs/decisions/090), which a
 * super-admin may change at any time, so it is made for each message rather than kept.
 */
export const emailBrandOf = (
  config: Pick<Config, 'publicUrl' | 'business' | 'businessLogo'>,
): EmailBrand => {
  const b = config.business;
  const logo = config.businessLogo;
  return {
    companyName: b.companyName,
    publicUrl: config.publicUrl,
    contactUrl: b.contactUrl,
    supportEmail: b.supportEmail,
    address: b.address,
    abn: b.abn,
    brandColour: b.brandColour,
    footerText: b.emailFooter,
    privacyUrl: b.privacyUrl,
    termsUrl: b.termsUrl,
    logo: logo
      ? {
          url: `${config.publicUrl}${logoPathOf(logo)}`,
          // Drawn 40 px tall, as the icon is, and never wider than the card's header allows.
          width: Math.min(240, Math.round((40 * logo.width) / logo.height)),
          height: Math.round(Math.min(40, (240 * logo.height) / logo.width)),
        }
      : null,
  };
};

/** What a message says, whatever its kind: the plain text is the source of the HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  /**
   * The one thing the reader should do, shown as a button. Where the text has the URL on a line
   * of its own, the button takes that line's place; otherwise it follows the paragraph that
   * mentions the URL, or closes the message.
   */
  action?: { label: string; url: string };
  /** Why the reader got it, for the footer: 'You ordered from us.' */
  reason?: string;
  /** Where the reader turns this kind of email off (a notification setting). */
  unsubscribeUrl?: string;
}

/** What an email template answers: the person-specific unsubscribe link is added by the sender. */
export type EmailMessage = Omit<EmailContent, 'unsubscribeUrl'>;

/** The shop's logo as emails show it: the web app's icon, a PNG every mail client draws. */
export const EMAIL_LOGO_PATH = '/apple-touch-icon.png';

/** The web app's colours (apps/web/src/index.css): ink on paper, one accent. */
const colors = {
  ink: '#0b0b0f',
  paper: '#ffffff',
  canvas: '#f6f4ef',
  line: '#e3e0d8',
  muted: '#55555f',
  accent: '#ff2e88',
  // White on the accent itself is under 4.5:1; the button uses the deeper shade the site uses
  // for text on paper.
  accentStrong: '#c70063',
} as const;

const font =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const URL_PATTERN = /https?:\/\/[^\s<>"')]+[^\s<>"').,;:!?]/g;

type Block =
  { kind: 'paragraph'; lines: string[] } | { kind: 'button'; label: string; url: string };

/**
 * The text's paragraphs (split at blank lines) and where the button goes. A text sent without an
 * action gets a button for its first link that stands on a line of its own, so a plain
 * `{ subject, text }` email needs nothing more to look like the others.
 */
export function blocksOf(content: Pick<EmailContent, 'text' | 'action'>): Block[] {
  const paragraphs = content.text
    .trim()
    .split(/\n[ \t]*\n/)
    .map((p) => p.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
  const action = content.action ?? fallbackAction(paragraphs);
  const blocks: Block[] = [];
  let placed = !action;
  for (const lines of paragraphs) {
    if (!placed && action) {
      const own = lines.findIndex((line) => line.trim() === action.url);
      if (own >= 0) {
        const before = lines.slice(0, own);
        const after = lines.slice(own + 1);
        if (before.length) blocks.push({ kind: 'paragraph', lines: before });
        blocks.push({ kind: 'button', ...action });
        if (after.length) blocks.push({ kind: 'paragraph', lines: after });
        placed = true;
        continue;
      }
      if (lines.some((line) => line.includes(action.url))) {
        // 'Follow your project at {url}' reads as the button itself: the line gives way to it.
        // A longer sentence ending in the URL keeps its words: '… resend what it missed:'.
        const kept = lines.flatMap((line) => {
          if (!line.trimEnd().endsWith(action.url)) return [line];
          const words = line.trimEnd().slice(0, -action.url.length).trimEnd();
          return words.length <= 40 ? [] : [words];
        });
        if (kept.length) blocks.push({ kind: 'paragraph', lines: kept });
        blocks.push({ kind: 'button', ...action });
        placed = true;
        continue;
      }
    }
    blocks.push({ kind: 'paragraph', lines });
  }
  if (!placed && action) {
    // Before the sign-off (the last paragraph, one short line), else at the end.
    const last = blocks.at(-1);
    const signOff =
      last?.kind === 'paragraph' && last.lines.length === 1 && last.lines[0]!.length < 60;
    blocks.splice(signOff ? blocks.length - 1 : blocks.length, 0, { kind: 'button', ...action });
  }
  return blocks;
}

function fallbackAction(paragraphs: string[][]): EmailContent['action'] {
  for (const lines of paragraphs) {
    for (const line of lines) {
      const url = line.trim();
      if (/^https?:\/\/\S+$/.test(url)) return { label: 'Open the link', url };
    }
  }
  return undefined;
}

/**
 * A line of text with the shop's own links made clickable. Any other address stays text: a
 * company or person name, a message or a question may carry one, and our mail must not turn what
 * a customer wrote into a link from the shop's own address (decision 088).
 */
function linkify(line: string, ownOrigin: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    if (originOf(match[0]) !== ownOrigin) continue;
    if (match.index > at) out.push(line.slice(at, match.index));
    out.push(
      h(
        Link,
        {
          key: match.index,
          href: match[0],
          style: { color: colors.accentStrong, wordBreak: 'break-all' },
        },
        match[0],
      ),
    );
    at = match.index + match[0].length;
  }
  if (at < line.length) out.push(line.slice(at));
  return out;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function paragraph(lines: string[], key: number, ownOrigin: string) {
  const children = lines.flatMap((line, i) => [
    ...(i > 0 ? [h('br', { key: `br${i}` })] : []),
    ...linkify(line, ownOrigin).map((part, j) =>
      typeof part === 'string' ? h('span', { key: `${i}-${j}` }, part) : part,
    ),
  ]);
  return h(
    Text,
    { key, style: { fontSize: '16px', lineHeight: '24px', color: colors.ink, margin: '0 0 16px' } },
    ...children,
  );
}

function button(label: string, url: string, key: number, colour: string) {
  return h(
    Section,
    { key, style: { margin: '8px 0 24px' } },
    h(
      Button,
      {
        href: url,
        style: {
          backgroundColor: colour,
          color: colors.paper,
          borderRadius: '999px',
          fontSize: '16px',
          fontWeight: 700,
          padding: '14px 28px',
          textDecoration: 'none',
          display: 'inline-block',
        },
      },
      label,
    ),
  );
}

function footer(content: EmailContent, brand: EmailBrand) {
  const small = { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px' };
  const link = { color: colors.muted, textDecoration: 'underline' };
  return h(
    Section,
    { style: { padding: '20px 24px 32px' } },
    h(
      Text,
      { style: small },
      content.reason ?? `You received this email from ${brand.companyName} about your account.`,
      content.unsubscribeUrl
        ? [
            ' ',
            h(
              Link,
              { key: 'off', href: content.unsubscribeUrl, style: link },
              'Turn these emails off',
            ),
            '.',
          ]
        : null,
    ),
    h(
      Text,
      { style: small },
      h('strong', null, brand.companyName),
      brand.address ? ` · ${brand.address}` : '',
      brand.abn ? ` · ABN ${brand.abn}` : '',
    ),
    brand.footerText ? h(Text, { style: small }, brand.footerText) : null,
    h(
      Text,
      { style: small },
      ...joined(
        footerLinks(brand).map(([label, href]) =>
          h(Link, { key: label, href, style: link }, label),
        ),
      ),
    ),
  );
}

/**
 * The footer's links: the site, then where to reach the shop (its contact page, else its support
 * email; neither when none is set, rather than a link to nowhere), then its legal pages.
 */
export function footerLinks(brand: EmailBrand): [label: string, href: string][] {
  const links: [string, string][] = [
    [brand.publicUrl.replace(/^https?:\/\//, ''), brand.publicUrl],
  ];
  if (brand.contactUrl) links.push(['Contact us', brand.contactUrl]);
  else if (brand.supportEmail) links.push([brand.supportEmail, `mailto:${brand.supportEmail}`]);
  if (brand.privacyUrl) links.push(['Privacy Policy', brand.privacyUrl]);
  if (brand.termsUrl) links.push(['Terms of Service', brand.termsUrl]);
  return links;
}

function joined(parts: ReactNode[]): ReactNode[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [' · ', part]));
}

/** The whole document: logo bar, white card with the message, footer. */
export function EmailLayout(props: { content: EmailContent; brand: EmailBrand }) {
  const { content, brand } = props;
  const blocks = blocksOf(content);
  const first = blocks.find(
    (b) => b.kind === 'paragraph' && !/^(hi|hello)\b/i.test(b.lines[0] ?? ''),
  );
  const preview =
    first?.kind === 'paragraph' ? first.lines.join(' ').slice(0, 140) : content.subject;
  return h(
    Html,
    { lang: 'en-AU', dir: 'ltr' },
    h(Head, null, h('title', null, content.subject)),
    h(Preview, null, preview),
    h(
      Body,
      {
        style: {
          backgroundColor: colors.canvas,
          fontFamily: font,
          margin: 0,
          padding: '16px 8px',
        },
      },
      h(
        Container,
        { style: { maxWidth: '600px', margin: '0 auto' } },
        h(
          Section,
          { style: { padding: '8px 8px 20px' } },
          h(
            Link,
            { href: brand.publicUrl, style: { color: colors.ink, textDecoration: 'none' } },
            ...(brand.logo
              ? [
                  // The uploaded logo carries the name: its alt text says it for those who
                  // block images.
                  h(Img, {
                    src: brand.logo.url,
                    width: brand.logo.width,
                    height: brand.logo.height,
                    alt: brand.companyName,
                    style: { display: 'inline-block', verticalAlign: 'middle' },
                  }),
                ]
              : [
                  h(Img, {
                    src: `${brand.publicUrl}${EMAIL_LOGO_PATH}`,
                    width: 40,
                    height: 40,
                    alt: '',
                    style: {
                      display: 'inline-block',
                      verticalAlign: 'middle',
                      borderRadius: '10px',
                    },
                  }),
                  h(
                    'span',
                    {
                      style: {
                        display: 'inline-block',
                        verticalAlign: 'middle',
                        marginLeft: '12px',
                        fontSize: '18px',
                        fontWeight: 800,
                        color: colors.ink,
                      },
                    },
                    brand.companyName,
                  ),
                ]),
          ),
        ),
        h(
          Section,
          {
            style: {
              backgroundColor: colors.paper,
              borderRadius: '16px',
              border: `1px solid ${colors.line}`,
              borderTop: `6px solid ${brand.brandColour || colors.accent}`,
              padding: '28px 24px 12px',
            },
          },
          ...blocks.map((block, i) =>
            block.kind === 'paragraph'
              ? paragraph(block.lines, i, originOf(brand.publicUrl) ?? brand.publicUrl)
              : button(block.label, block.url, i, brand.brandColour || colors.accentStrong),
          ),
        ),
        footer(content, brand),
      ),
    ),
  );
}

/** The HTML part of a message. Rendering takes a few milliseconds (decision 078). */
export function renderEmailHtml(content: EmailContent, brand: EmailBrand): Promise<string> {
  return render(h(EmailLayout, { content, brand }));
}
