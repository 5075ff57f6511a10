import { createHash } from 'node:crypto';

/**
 * What starts the app on a page the server drew (plugins/landing-pages.ts): that page is already
 * readable and its links work, so the app's code (which makes its buttons and forms work) waits
 * for the page's own pictures, then for the frame that shows them, and then loads with the page's
 * chunks side by side. On a phone its 100 KB no longer compete with the first picture and the
 * stylesheet. It reads the entry and the chunks from the page's `app-code` block.
 *
 * Inline, so that it costs no request of its own: the Content-Security-Policy allows exactly
 * this text by its hash (APP_START_HASH), and no other inline script.
 */
export const APP_START_SCRIPT =
  "const c=JSON.parse(document.getElementById('app-code').textContent);" +
  "const s=()=>{for(const h of c.chunks){const l=document.createElement('link');" +
  "l.rel='modulepreload';l.href=h;document.head.append(l)}import(c.entry)};" +
  'const w=()=>requestAnimationFrame(()=>setTimeout(s));' +
  "document.readyState==='complete'?w():addEventListener('load',w,{once:true})";

/** The CSP source that allows APP_START_SCRIPT. */
export const APP_START_HASH = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;
