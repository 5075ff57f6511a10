import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page, Request } from 'playwright-core';

// axe-core as @axe-core/playwright (the declared dependency) resolves it. The builder itself is
// not used: it opens a blank page in the context for every run, which a test waiting for a new
// page would take for its own.
const fromAxePlaywright = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
);
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // WCAG 2.5.3 (a link's name contains the words it shows): axe still calls the rule
  // experimental and leaves it out unless asked, but a voice-control user needs it.
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
  iframes: false,
};

/** The run under way on each page: axe refuses to start while another run is going. */
const running = new WeakMap<Page, Promise<unknown>>();

interface Analysis {
  results: AxeResults;
  /** Nothing faded or moved while axe looked: a dialog closing mid-run reads as faint text. */
  steady: boolean;
}

/** One axe run on the page, after any other run on it. See seriousViolations for `include`. */
function analyse(page: Page, include: string | undefined): Promise<Analysis> {
  const run = (running.get(page) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      // A new document (the page reloaded between the two calls) has lost axe: inject it again.
      for (let attempt = 1; ; attempt++) {
        if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
        const analysis = await runAxe();
        if (analysis) return analysis;
        // Read as leaving the page (LEFT_THE_PAGE): the check of the next document covers it.
        if (attempt === 3) throw new Error('the page navigated on while axe was injected');
      }
    });
  running.set(page, run);
  return run;

  /** The run itself; undefined when the document no longer has axe. */
  function runAxe(): Promise<Analysis | undefined> {
    return page.evaluate(
      async ([selector, options]) => {
        const { axe } = window as typeof window & {
          axe?: { run: typeof import('axe-core').run };
        };
        if (!axe) return undefined;
        // Half-way through fading in, text is too faint for the contrast rule: let
        // transitions end (endless ones, a spinner, never do).
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => {})),
        );
        let steady = true;
        const moved = (event: Event) => {
          // Fades and colour changes (a hovered button turning dark) blend text and background.
          if (
            event instanceof TransitionEvent &&
            !/^(opacity|color|background-color)$/.test(event.propertyName)
          ) {
            return;
          }
          steady = false;
        };
        document.addEventListener('animationstart', moved, true);
        document.addEventListener('transitionstart', moved, true);
        // A menu or dialog closing while axe looks hands the page back from behind its hidden
        // layer: what axe saw was half of each (focusable parts inside aria-hidden).
        const layers = new MutationObserver(() => {
          steady = false;
        });
        layers.observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['aria-hidden', 'inert'],
        });
        const hidden = document.querySelector('body > [aria-hidden="true"]');
        const part = selector ?? (hidden ? 'body > :not([aria-hidden="true"])' : undefined);
        try {
          const results = await axe.run(part ? { include: [part] } : document, options);
          return { results, steady };
        } finally {
          document.removeEventListener('animationstart', moved, true);
          document.removeEventListener('transitionstart', moved, true);
          layers.disconnect();
        }
      },
      [include, RUN_OPTIONS] as const,
    );
  }
}

/**
 * Serious and critical axe-core violations on the page as it is now, as 'rule: target' lines
 * (empty when there are none). `include` narrows the check to one part, such as an open dialog.
 * Without it the check covers what a user can reach: the page, or only the layer on top while a
 * modal dialog or menu is open. The page behind is then hidden (aria-hidden) and out of the
 * keyboard's reach; axe would report its links as focusable inside aria-hidden, which the focus
 * trap prevents. A run during which something faded in or out is run again, up to five times; if it never
 * ran at rest, its contrast findings are dropped.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return (await judge(page, include)).violations;
}

/** seriousViolations, and whether the page was at rest for the run its contrast findings come from. */
async function judge(page: Page, include?: string) {
  let analysis = await analyse(page, include);
  for (let again = 1; !analysis.steady && again < 5; again++) {
    analysis = await analyse(page, include);
  }
  const violations = analysis.results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    // A test that keeps a screen moving (a dialog opening over a button, then closing, then
    // opening again) leaves no steady moment to judge contrast in; the rules about structure and
    // names still hold mid-fade, and the screen the test ends on is checked at rest.
    .filter((v) => analysis.steady || v.id !== 'color-contrast')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  return { violations, steady: analysis.steady };
}

/**
 * The shape of the screen: every element's tag, classes, role and attributes (values too, but
 * not the ones that only carry an address or an id), and whether it holds text of its own, at
 * this viewport width, hashed. Two screens of one shape give axe the same things to judge, apart
 * from words: a page visited again with the same data, or a template filled with another
 * record's name.
 */
function shapeOf(): string {
  const SKIPPED =
    /^(href|src|srcset|id|for|aria-controls|aria-labelledby|aria-describedby|value|style|data-.*)$/;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  };
  add(String(window.innerWidth));
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    add(`<${element.tagName}`);
    for (const { name, value } of Array.from(element.attributes)) {
      add(SKIPPED.test(name) ? ` ${name}` : ` ${name}=${value}`);
    }
    const text = Array.from(element.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
    );
    add(text ? '>t' : '>');
  }
  return `${(h2 >>> 0).toString(16)}${(h1 >>> 0).toString(16)}`;
}

/**
 * Shapes already judged at rest in this run, by any file: a file each in a folder the run's
 * set-up made (support/global-setup.ts), or in this file alone without one.
 */
const CHECKED_SHAPES = process.env.E2E_CHECKED_SHAPES;
const checkedHere = new Set<string>();
const shapeChecked = (shape: string) =>
  CHECKED_SHAPES ? existsSync(path.join(CHECKED_SHAPES, shape)) : checkedHere.has(shape);
const recordShape = (shape: string) =>
  CHECKED_SHAPES ? writeFileSync(path.join(CHECKED_SHAPES, shape), '') : checkedHere.add(shape);

/**
 * Resolves once the page has stopped changing: nothing added or removed for 100 ms and no
 * transition running (a dialog fading in has text too faint to pass a contrast check). Endless
 * animations, such as a spinner, do not count. Gives up after a few seconds on a page that
 * never rests, and checks it as it is.
 */
function whenDomRests(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let changed = started;
    const observer = new MutationObserver(() => {
      changed = performance.now();
    });
    const transitioning = () =>
      document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        );
    const poll = () => {
      const now = performance.now();
      if (now - started > 5000 || (now - changed > 100 && !transitioning())) {
        observer.disconnect();
        resolve();
      } else {
        setTimeout(poll, 25);
      }
    };
    const watch = () => {
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      poll();
    };
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', watch, { once: true });
    } else {
      watch();
    }
  });
}

/** Where a page keeps the address it was last checked at; a new document starts without it. */
const CHECKED = '__accessibilityCheckedAt';

/** Errors that mean the page moved on while it was being checked; the next check covers it. */
const LEFT_THE_PAGE = /Execution context was destroyed|Target .*closed|navigat/i;

export interface AccessibilityWatch {
  /** Checks the page as the test left it and returns every violation seen since it opened. */
  finish: () => Promise<string[]>;
}

/**
 * Runs axe-core on every screen a page shows on the site at `origin`: after each navigation,
 * client-side ones included, once its requests have answered and its DOM has come to rest.
 * Pages of other origins (an OAuth provider) and documents that are not HTML are skipped.
 *
 * A test that leaves a screen with page.goto waits for that screen's check, so each screen it
 * opens that way is checked on every run. A screen left by a click as soon as it appears is
 * checked when the check gets there first; the screen a test ends on always is.
 *
 * A screen of a shape judged at rest before in the run (shapeOf: the same elements, classes and
 * attributes at the same width) is not judged again: the home page a dozen files open, or a
 * sale's page in a state another file showed. About two in three checks were such repeats.
 */
export function watchAccessibility(page: Page, origin: string): AccessibilityWatch {
  const found = new Set<string>();
  const waiting = new Set<Request>();
  let idle: (() => void)[] = [];
  const settleRequest = (request: Request) => {
    waiting.delete(request);
    if (waiting.size > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };
  page.on('request', (request) => {
    // A live stream never finishes; it is not something the screen waits for.
    if (request.headers().accept === 'text/event-stream') return;
    if (['document', 'script', 'stylesheet', 'fetch', 'xhr'].includes(request.resourceType())) {
      waiting.add(request);
    }
  });
  page.on('requestfinished', settleRequest);
  page.on('requestfailed', settleRequest);
  /** Resolves when no request is waiting for an answer, or after `ms`, whichever is first. */
  const requestsAnswered = (ms: number) =>
    new Promise<void>((resolve) => {
      if (waiting.size === 0) return resolve();
      const timer = setTimeout(resolve, ms);
      idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  /**
   * `again`: check even if this document was already checked at this address. A navigation
   * that does not change the address (the router replacing its state) leaves the screen as it
   * was; the end of a test may not (an open dialog).
   */
  async function check(again: boolean) {
    const url = page.url();
    if (page.isClosed() || !url.startsWith(`${origin}/`)) return;
    try {
      const checked = await page.evaluate(
        (key) => Reflect.get(window, key) === location.href,
        CHECKED,
      );
      if (checked && !again) return;
      const deadline = Date.now() + 10_000;
      do {
        await requestsAnswered(deadline - Date.now());
        await page.evaluate(whenDomRests);
      } while (waiting.size > 0 && Date.now() < deadline);
      if (page.url() !== url) return;
      if ((await page.evaluate(() => document.contentType)) !== 'text/html') return;
      const shape = await page.evaluate(shapeOf);
      if (!shapeChecked(shape)) {
        const { violations, steady } = await judge(page);
        // The test moved on while axe looked: what it saw was half one screen, half the next.
        if (page.url() !== url) return;
        const { pathname } = new URL(url);
        for (const violation of violations) found.add(`${pathname} ${violation}`);
        if (steady) recordShape(shape);
      }
      await page.evaluate((key) => Reflect.set(window, key, location.href), CHECKED);
    } catch (error) {
      if (page.isClosed() || LEFT_THE_PAGE.test(String(error))) return;
      found.add(`${new URL(url).pathname} could not be checked: ${String(error)}`);
    }
  }

  // One check at a time; a navigation during a check queues one more, not one per event.
  let queue = Promise.resolve();
  let queued = false;
  const schedule = (again = false) => {
    if (queued && !again) return queue;
    queued = true;
    queue = queue.then(() => {
      queued = false;
      return check(again);
    });
    return queue;
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) void schedule();
  });
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    await queue;
    return goto(...args);
  };

  return {
    async finish() {
      await queue;
      await schedule(true);
      return [...found];
    },
  };
}
