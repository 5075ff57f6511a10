import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { newId } from '../lib/ids.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (a tar file) every test file's database starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database every test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before any test file runs, so each file copies it instead of creating
 * and migrating its own (docs/performance.md, 'Test suite'): on PGlite a dumped data folder, on
 * PostgreSQL a template database (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'noise-template-'));
    const file = path.join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `test_template_${newId(12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteTemplate', '');
  return async () => {
    // The template and the copies the workers made of it (test/app.ts).
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or starts_with(datname, $1 || '_')`,
      [name],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
  };
}
