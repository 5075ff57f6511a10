import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { renderMessagePage, type MessagePage } from '../../lib/message-page.ts';

/** An HttpOnly cookie of the sign-in flow; Secure whenever PUBLIC_URL is https. */
export interface FlowCookie {
  name: string;
  path: string;
  sameSite: 'lax' | 'none';
}

/**
 * What a sign-in route answers a browser navigating outside the web app: a page that explains,
 * with a way back, or a redirect. It may set one cookie and clear another.
 */
export type BrowserAnswer = (
  { status: number; page: MessagePage; retryAfterSeconds?: number } | { redirect: string }
) & {
  setCookie?: FlowCookie & { value: string; maxAgeSeconds: number };
  clearCookie?: FlowCookie;
};

/** Never cached, and never a referrer: these addresses carry codes and states. */
export function sendBrowserAnswer(
  reply: FastifyReply,
  answer: BrowserAnswer,
  config: Pick<Config, 'publicUrl' | 'companyName'>,
) {
  const secure = config.publicUrl.startsWith('https://');
  if (answer.clearCookie) {
    const { name, path, sameSite } = answer.clearCookie;
    reply.clearCookie(name, { path, httpOnly: true, sameSite, secure });
  }
  if (answer.setCookie) {
    const { name, value, path, sameSite, maxAgeSeconds } = answer.setCookie;
    reply.setCookie(name, value, { path, maxAge: maxAgeSeconds, httpOnly: true, sameSite, secure });
  }
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
  if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply
    .status(answer.status)
    .type('text/html; charset=utf-8')
    .send(renderMessagePage(answer.page, config.companyName));
}
