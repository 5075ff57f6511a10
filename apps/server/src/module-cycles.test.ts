import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server modules import one way (docs/architecture.md): a module that imports a module that imports it back,
 * directly or through others, is a folder cycle that the file-level cycle check (oxlint's
 * `import/no-cycle`, in `npm run lint`) cannot see.
 * None stands: a general helper goes to lib/, a mapper to the module that owns the table, and a
 * module that needs another's behaviour at run time is handed it by the caller that composes both
 * (app.ts). An import that closes a cycle fails here; one that could not be avoided would be
 * listed below with its reason, and a listed one that is gone fails too, so the list only shrinks.
 */
const KNOWN_CYCLE_IMPORTS: string[] = [];

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** Module folder -> the other module folders its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1]!));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0]!;
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The imports a -> b where b also reaches a: the edges inside a strongly connected component. */
function cycleImports(graph: Map<string, Set<string>>): string[] {
  const reaches = (start: string, goal: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const node = stack.pop()!;
      if (node === goal) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(graph.get(node) ?? []));
    }
    return false;
  };
  const found: string[] = [];
  for (const [from, edges] of graph) {
    for (const to of edges) if (reaches(to, from)) found.push(`${from} -> ${to}`);
  }
  return found.sort();
}

describe('server modules', () => {
  it('add no import that closes a cycle between module folders', () => {
    const found = cycleImports(moduleGraph());
    expect(found.filter((edge) => !KNOWN_CYCLE_IMPORTS.includes(edge))).toEqual([]);
    expect(
      KNOWN_CYCLE_IMPORTS.filter((edge) => !found.includes(edge)).map(
        (edge) => `${edge} no longer closes a cycle: remove it from KNOWN_CYCLE_IMPORTS`,
      ),
    ).toEqual([]);
  });
});
