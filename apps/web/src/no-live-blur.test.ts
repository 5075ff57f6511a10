import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No blur drawn live (decision 119): a `backdrop-filter` or `filter: blur()` is blurred again on
 * every frame the page draws, which on a phone without a fast GPU (and in the browser tests'
 * software compositor) costs more than the rest of the frame. Dim with a solid tint, and draw a
 * glow as a radial gradient.
 */
const src = path.dirname(fileURLToPath(import.meta.url));

/** The app's source files, tests left out. */
const sources = () =>
  readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(tsx?|css)$/.test(file) && !/\.test\.tsx?$/.test(file),
  );

/** Tailwind's blur classes, with any variants before them (`md:backdrop-blur-sm`). */
const BLUR_CLASS = /^(?:[\w[\]&:-]*:)?!?(?:backdrop-)?blur(?:-\S+)?$/;
/** A blur written as CSS. */
const BLUR_CSS = /(?:backdrop-filter\s*:|filter\s*:[^;]*blur\()/;

/** Where a file asks for a live blur, as 'file: what' lines. */
function liveBlurs(file: string, text: string): string[] {
  const found: string[] = [];
  const css = BLUR_CSS.exec(text);
  if (css) found.push(`${file}: ${css[0]}`);
  // Class names live in string and template literals.
  for (const [, , literal] of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    for (const token of literal!.split(/\s+/)) {
      if (BLUR_CLASS.test(token)) found.push(`${file}: ${token}`);
    }
  }
  return found;
}

describe('the web app', () => {
  it('recognises a live blur in a class name or in CSS, and not a blur event', () => {
    expect(
      liveBlurs('a.tsx', `<div className="fixed inset-0 bg-ink/60 backdrop-blur-[2px]" />`),
    ).toHaveLength(1);
    expect(liveBlurs('a.tsx', `cn('rounded-full', open && 'md:blur-3xl')`)).toHaveLength(1);
    expect(liveBlurs('a.css', '.x { filter: saturate(2) blur(4px); }')).toHaveLength(1);
    expect(liveBlurs('a.css', '.x { backdrop-filter: none; }')).toHaveLength(1);
    expect(liveBlurs('a.tsx', `<input onBlur={() => field.blur()} className="border" />`)).toEqual(
      [],
    );
    expect(liveBlurs('a.tsx', `const reason = 'blurred';`)).toEqual([]);
  });

  it('draws no blur live', () => {
    const found = sources().flatMap((file) =>
      liveBlurs(file, readFileSync(path.join(src, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
