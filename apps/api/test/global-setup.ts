import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, dumped: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
    /** A migrated database on the PostgreSQL server (TEST_DB=postgres): each test file's database is a copy. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before the run, so that a test file copies it instead of applying every migration itself.
 * On PGlite the data folder is dumped to a file; on the PostgreSQL server a template database is made.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `staybook_template_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(statement);
      } finally {
        await c.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const client = await PGlite.create();
  const database = await openDatabase({ dataDir: null, pglite: client });
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'staybook-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
