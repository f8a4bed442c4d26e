import { createClient } from 'redis';
import type { TestProject } from 'vitest/node';
import { findRedisServer, startRedisTestServer } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    /** Prefix of every key the tests write (unique per run on a server given by `ACM_REDIS_URL`). */
    redisKeyPrefix: string;
    /** Whether this machine can start private servers (crash tests need one of their own). */
    redisCanStartServers: boolean;
  }
}

/**
 * Gives the package's tests a Redis server: the one named by `ACM_REDIS_URL`
 * when set (for a contributor without root who already runs one), with every
 * key under a prefix unique to the run and deleted afterwards; otherwise one
 * private server started for the run and stopped afterwards.
 */
export default async function setup(
  project: TestProject,
): Promise<() => Promise<void>> {
  project.provide('redisCanStartServers', canStartServers());
  const external = process.env.ACM_REDIS_URL;
  if (external !== undefined && external !== '') {
    const prefix = `acm-test-${process.pid}-${Date.now()}:`;
    project.provide('redisUrl', external);
    project.provide('redisKeyPrefix', prefix);
    return async () => {
      const client = createClient({ url: external });
      client.on('error', () => undefined);
      await client.connect();
      try {
        for await (const keys of client.scanIterator({
          MATCH: `${prefix}*`,
          COUNT: 500,
        })) {
          if (keys.length > 0) await client.del(keys);
        }
      } finally {
        client.destroy();
      }
    };
  }
  const server = await startRedisTestServer();
  project.provide('redisUrl', server.url);
  project.provide('redisKeyPrefix', '');
  return () => server.stop();
}

function canStartServers(): boolean {
  try {
    findRedisServer();
    return true;
  } catch {
    return false;
  }
}
