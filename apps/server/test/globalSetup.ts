import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';

/** Databases are created and dropped from the server's `postgres` database. */
export function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/**
 * Migrate once, clone per test file: a PGlite data directory (initdb takes seconds), or with
 * DATABASE_URL a PostgreSQL template database that each file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const base = new URL(url);
    const tpl = `${base.pathname.slice(1) || 'huodong'}_tpl`;
    const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists "${tpl}" with (force)`);
    await admin.query(`create database "${tpl}"`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${tpl}`;
    const db = await openDatabase({ databaseUrl: tplUrl.toString() });
    await db.close();
    project.provide('pgTemplate', tpl);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-tpl-'));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
