import type { TestProject } from 'vitest/node';
import { startRedisTestServer } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** Starts one private redis-server for the package's tests and stops it afterwards. */
export default async function setup(
  project: TestProject,
): Promise<() => Promise<void>> {
  const server = await startRedisTestServer();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}
