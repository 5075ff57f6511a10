import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer, type RunningServer } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface WeightReport {
  budgetKb: number;
  pages: { path: string; gzip: number; br: number; files: { file: string }[] }[];
  caching: { path: string; ok: boolean }[];
}

let server: RunningServer;
beforeAll(async () => {
  server = sharedServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('first-load weight and catalogue caching (scripts/check-weight.mjs)', () => {
  it('keeps / and a service page within the JavaScript budget, with revalidating ETags', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/check-weight.mjs'), '--url', server.url, '--json'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const lines = run.stdout.trim().split('\n');
    const report = JSON.parse(lines[lines.length - 1] ?? '{}') as WeightReport;
    // The figures, for the CI log.
    for (const page of report.pages ?? []) {
      console.log(
        `${page.path}: ${(page.gzip / 1024).toFixed(1)} KB gzip, ${(page.br / 1024).toFixed(1)} KB brotli`,
      );
    }
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(report.pages.map((p) => p.path)).toEqual(['/', '/services/seo']);
    for (const page of report.pages) {
      expect(page.files.length).toBeGreaterThan(0);
      expect(page.gzip).toBeLessThanOrEqual(report.budgetKb * 1024);
    }
    expect(report.caching.every((c) => c.ok)).toBe(true);
  });
});
