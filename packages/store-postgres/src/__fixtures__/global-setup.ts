import type { TestProject } from 'vitest/node';
import { startPostgresTestServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Starts one private PostgreSQL server for the package's tests and stops it afterwards. */
export default async function setup(
  project: TestProject,
): Promise<() => Promise<void>> {
  const server = await startPostgresTestServer();
  project.provide('postgresUrl', server.connectionString);
  return () => server.stop();
}
