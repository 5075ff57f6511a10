import { createElement, forwardRef } from 'react';
import type { LucideIcon, LucideIconData, LucideIconNode, LucideProps } from 'lucide-react';

/** lucide's `mergeClasses`: the words of every class name, once each, in order. */
function classNames(...values: (string | undefined)[]): string {
  const words = new Set<string>();
  for (const value of values) {
    for (const word of value?.split(/\s+/) ?? []) if (word) words.add(word);
  }
  return [...words].join(' ');
}

function isLabel(name: string, value: unknown): boolean {
  return (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null;
}

/**
 * lucide-react's icon factory, written again small. The build points the icon modules' import of
 * `createLucideIcon` here (vite.config.ts, both the browser's and the server's build), so every
 * `import { X } from 'lucide-react'` draws its `<svg>` with this: the same element and attributes
 * as lucide's own (lucide-icon.test.tsx renders both and compares), from about 0.7 KB of script
 * instead of lucide's 1.5 KB, which every page's first load carried. Left out: `LucideProvider`'s
 * defaults (the app sets none) and the icons' display names. The tests and the dev server use
 * lucide's own factory.
 */
export default function createLucideIcon(
  data: LucideIconData | string,
  iconNode: LucideIconNode[] = [],
  aliases: string[] = [],
): LucideIcon {
  const icon: LucideIconData =
    typeof data === 'string'
      ? {
          name: data.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(),
          size: 24,
          node: iconNode,
          ...(aliases.length > 0 ? { aliases } : {}),
        }
      : data;
  const box = icon.size ?? 24;
  return forwardRef<SVGSVGElement, LucideProps>(function LucideIcon(
    {
      color = 'currentColor',
      size,
      width,
      height,
      strokeWidth = 2,
      absoluteStrokeWidth = false,
      nonScalingStroke = false,
      className,
      children,
      ...rest
    },
    ref,
  ) {
    const labelled =
      Boolean(children) || Object.entries(rest).some(([name, value]) => isLabel(name, value));
    const drawnWidth = width ?? size ?? 24;
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: drawnWidth,
        height: height ?? size ?? 24,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth: absoluteStrokeWidth
          ? (Number(strokeWidth) * box) / Number(drawnWidth)
          : strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: classNames(
          'lucide',
          icon.name ? `lucide-${icon.name}` : undefined,
          ...(icon.aliases ?? []).map((alias) => (alias.trim() ? `lucide-${alias}` : undefined)),
          className,
        ),
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) =>
        createElement(
          tag,
          nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attributes } : attributes,
        ),
      ),
      children,
    );
  });
}
