import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresTestServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** Whether this machine can start private servers (crash tests need one of their own). */
    postgresCanStartServers: boolean;
  }
}

/**
 * Gives the package's tests a PostgreSQL database: the server named by
 * `ACM_POSTGRES_URL` when set (for a contributor without root who already runs
 * one), in a fresh schema that is dropped afterwards; otherwise one private
 * server started for the run and stopped afterwards.
 */
export default async function setup(
  project: TestProject,
): Promise<() => Promise<void>> {
  project.provide('postgresCanStartServers', canStartServers());
  const external = process.env.ACM_POSTGRES_URL;
  if (external !== undefined && external !== '') {
    const schema = `acm_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    project.provide('postgresUrl', withSearchPath(external, schema));
    return async () => {
      try {
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    };
  }
  const server = await startPostgresTestServer();
  project.provide('postgresUrl', server.connectionString);
  return () => server.stop();
}

/** `url` whose connections use `schema` for unqualified table names. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

function canStartServers(): boolean {
  try {
    findPostgresBin();
    return true;
  } catch {
    return false;
  }
}
