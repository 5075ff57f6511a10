import { createHash } from 'node:crypto';

/**
 * What starts the app on a page the server drew (plugins/landing-pages.ts): that page is already
 * readable and its links work, so the app's code (which makes its buttons and forms work) waits
 * for the page's own pictures, then for the frame that shows them, and then loads with the page's
 * chunks side by side. On a phone its 100 KB no longer compete with the first picture and the
 * stylesheet (started at once, the largest content came 0.3 to 0.6 s later in Lighthouse's
 * phone run). It reads the entry and the chunks from the page's `app-code` block.
 *
 * Until the app has taken a button over (React has attached its handler), a click on it would do
 * nothing: it is held instead (`window.__heldClick`, the last button clicked, marked busy so the
 * cursor says it is coming) and the app clicks it again once that button is its own
 * (apps/web/src/main.tsx, docs/decisions/096-held-clicks.md). Links, and buttons in forms, work
 * without the app and are left alone.
 *
 * Inline, so that it costs no request of its own: the Content-Security-Policy allows exactly
 * this text by its hash (APP_START_HASH), and no other inline script.
 */
export const APP_START_SCRIPT =
  "const h=e=>{const b=e.target instanceof Element&&e.target.closest('button');" +
  "if(!b||b.form||Object.keys(b).some(k=>k.startsWith('__reactProps')))return;" +
  'e.preventDefault();e.stopPropagation();const o=window.__heldClick;' +
  "if(o&&o!==b)o.removeAttribute('aria-busy');b.setAttribute('aria-busy','true');" +
  'window.__heldClick=b;window.__replayHeldClick?.()};' +
  "addEventListener('click',h,true);" +
  "const c=JSON.parse(document.getElementById('app-code').textContent);" +
  "const s=()=>{for(const r of c.chunks){const l=document.createElement('link');" +
  "l.rel='modulepreload';l.href=r;document.head.append(l)}import(c.entry)};" +
  'const w=()=>requestAnimationFrame(()=>setTimeout(s));' +
  "document.readyState==='complete'?w():addEventListener('load',w,{once:true})";

/** The CSP source that allows APP_START_SCRIPT. */
export const APP_START_HASH = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;
