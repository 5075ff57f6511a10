import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures',
);

/** A multipart body for app.inject: text fields, and files from fixtures/ (optionally renamed). */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; fixture: string; filename?: string; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const bytes = readFileSync(path.join(fixturesDir, f.fixture));
    form.append(
      f.field,
      new Blob([bytes], { type: f.type ?? 'application/octet-stream' }),
      f.filename ?? f.fixture,
    );
  }
  return form;
}
