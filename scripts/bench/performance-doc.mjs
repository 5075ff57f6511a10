// The tables the benches write into docs/performance.md, between markers of their own
// (`<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`), so that a run replaces its figures
// and leaves the text around them alone.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

/** Rows (objects with the same keys) as a markdown table under `heading`. */
export function markdownTable(heading, rows, columns = Object.keys(rows[0])) {
  return [
    heading,
    '',
    `| ${columns.join(' | ')} |`,
    `|${' --- |'.repeat(columns.length)}`,
    ...rows.map((r) => `| ${columns.map((c) => r[c]).join(' | ')} |`),
  ].join('\n');
}

/**
 * Puts each block's text between its markers (added at the end of the file when missing).
 * `text(earlier)` is given the lines the markers held before, for a run that keeps some of them.
 */
export function writePerformanceBlocks(blocks) {
  const file = `${root}docs/performance.md`;
  let doc = readFileSync(file, 'utf8');
  for (const { name, text } of blocks) {
    const start = `<!-- bench:${name}:start -->`;
    const end = `<!-- bench:${name}:end -->`;
    const at = doc.indexOf(start);
    const until = doc.indexOf(end);
    const found = at >= 0 && until > at;
    const block = `${start}\n${text(found ? doc.slice(at, until).split('\n') : [])}\n${end}`;
    doc = found
      ? doc.slice(0, at) + block + doc.slice(until + end.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(file, doc);
  spawnSync('npx', ['prettier', '--write', file], { cwd: root, stdio: 'ignore' });
  console.log(`\nwrote ${path.relative(root, file)}`);
}
