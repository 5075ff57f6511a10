import {
  createLucideIcon as lucidesOwn,
  type LucideIconData,
  type LucideProps,
} from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './lucide-icon';

const search: LucideIconData = {
  name: 'search',
  size: 24,
  node: [
    ['path', { d: 'm21 21-4.34-4.34', key: '14j7rj' }],
    ['circle', { cx: '11', cy: '11', r: '8', key: '4ej97u' }],
  ],
};
const withAliases: LucideIconData = {
  ...search,
  name: 'circle-alert',
  aliases: ['alert-circle', ''],
};

const cases: [string, LucideProps][] = [
  ['no props', {}],
  ['a class and aria-hidden', { className: 'size-4 text-muted', 'aria-hidden': 'true' }],
  ['a label', { 'aria-label': 'Search', role: 'img' }],
  ['a title', { title: 'Search' } as LucideProps],
  ['a size and a stroke', { size: 16, strokeWidth: 3, color: 'red' }],
  ['width and height', { width: 20, height: 30 }],
  ['an absolute stroke', { size: 48, strokeWidth: 2, absoluteStrokeWidth: true }],
  ['a non-scaling stroke', { nonScalingStroke: true }],
  ['a repeated class', { className: 'lucide  size-4 size-4' }],
  [
    'other attributes',
    { id: 'icon', 'data-state': 'open', style: { color: 'blue' } } as LucideProps,
  ],
];

describe('the lean lucide icon factory', () => {
  for (const data of [search, withAliases]) {
    const Ours = createLucideIcon(data);
    const Theirs = lucidesOwn(data);
    for (const [what, props] of cases) {
      it(`draws ${data.name} with ${what} as lucide-react does`, () => {
        expect(renderToStaticMarkup(<Ours {...props} />)).toBe(
          renderToStaticMarkup(<Theirs {...props} />),
        );
      });
    }
  }

  it('draws children, which label the icon, as lucide-react does', () => {
    const Ours = createLucideIcon(search);
    const Theirs = lucidesOwn(search);
    const title = <title>Find</title>;
    expect(renderToStaticMarkup(<Ours>{title}</Ours>)).toBe(
      renderToStaticMarkup(<Theirs>{title}</Theirs>),
    );
  });

  it('takes a name and shapes, as lucide-react does', () => {
    const Ours = createLucideIcon('ArrowUpRight', search.node, ['arrow-ne']);
    const Theirs = lucidesOwn('ArrowUpRight', search.node, ['arrow-ne']);
    expect(renderToStaticMarkup(<Ours className="x" />)).toBe(
      renderToStaticMarkup(<Theirs className="x" />),
    );
  });
});
