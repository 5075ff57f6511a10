import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity, type Finding } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { afterAll, describe, expect, it } from 'vitest';
import { saveUpload } from '../lib/uploads.ts';
import { createTestApp } from '../test/app.ts';

// Google's CSP Evaluator over the policies the server really sends, not over a copy of them.

const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-csp-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>app</title><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');

const { app, config } = await createTestApp({ webDistDir: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function evaluate(csp: string): Finding[] {
  return new CspEvaluator(new CspParser(csp).csp).evaluate();
}

/** HIGH findings are bypasses; SYNTAX findings mean the browser ignores part of the policy. */
const serious = (findings: Finding[]) =>
  findings
    .filter((f) => f.severity === Severity.HIGH || f.severity === Severity.SYNTAX)
    .map((f) => `${f.directive} ${f.value ?? ''}: ${f.description}`);

async function cspOf(url: string): Promise<string> {
  const res = await app.inject({ url });
  const csp = res.headers['content-security-policy'];
  expect(typeof csp, `${url} sends a CSP`).toBe('string');
  return String(csp);
}

describe('Content-Security-Policy (csp_evaluator)', () => {
  it('the evaluator flags a weak policy, so this suite can fail', () => {
    expect(serious(evaluate("script-src 'self' 'unsafe-inline' https:")).length).toBeGreaterThan(0);
    expect(serious(evaluate("default-src 'self'; object-src *")).length).toBeGreaterThan(0);
  });

  it.each([
    ['the web app (HTML)', '/'],
    ['a client route of the web app', '/dashboard/projects/abc'],
    ['an API answer', '/api/config'],
    ['a static asset', '/assets/index-abc.js'],
    ['the health probe', '/healthz'],
    ['an unknown API path', '/api/nothing-here'],
  ])('%s: no HIGH or SYNTAX finding', async (_name, url) => {
    const csp = await cspOf(url);
    expect(csp).toContain("script-src 'self'");
    expect(serious(evaluate(csp))).toEqual([]);
  });

  it('the page policy keeps scripts, objects, bases and framing locked down', async () => {
    const csp = await cspOf('/');
    const findings = evaluate(csp);
    // Nothing about script-src beyond the generic note on 'self'.
    const scriptFindings = findings.filter(
      (f) => f.directive === 'script-src' && f.severity <= Severity.HIGH_MAYBE,
    );
    expect(scriptFindings.map((f) => f.description)).toEqual([]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('uploaded files are served under a sandboxing policy with no finding', async () => {
    const saved = await saveUpload({
      store: app.files,
      stream: Readable.from(Buffer.from('%PDF-1.4\n%%EOF\n')),
      originalName: 'x.pdf',
      accept: ['pdf'],
      limits: config.uploadLimits,
      field: 'file',
      private: false,
    });
    const csp = await cspOf(saved.url);
    expect(csp).toMatch(/(^|;\s*)sandbox(\s*;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(serious(evaluate(csp))).toEqual([]);
  });
});
