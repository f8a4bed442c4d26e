import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A private redis-server for tests: loopback only, in a temporary directory. */
export interface RedisTestServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server with SIGKILL (a crash), keeping its port and directory for {@link RedisTestServer.start}. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and directory (after `kill`); a durable one replays its AOF. */
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

export interface StartRedisTestServerOptions {
  /**
   * Keep the data across a crash: append-only file with `appendfsync always`.
   * Otherwise nothing is persisted and a restarted server starts empty.
   * @default false
   */
  durable?: boolean;
}

const INSTALL_HINT =
  'run `.ci/services.sh install` (installs redis-server and postgresql from Debian)';

/** The redis-server binary, or an error that says how to install it. */
export function findRedisServer(): string {
  const candidates = [
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .map((directory) => join(directory, 'redis-server')),
    '/usr/bin/redis-server',
    '/usr/sbin/redis-server',
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Try the next one.
    }
  }
  throw new Error(`redis-server not found: ${INSTALL_HINT}`);
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string')
    throw new Error('no port');
  return address.port;
}

async function launch(
  binary: string,
  port: number,
  directory: string,
  durable: boolean,
): Promise<ChildProcess> {
  const persistence = durable
    ? ['--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      ...persistence,
      '--dir',
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(
        new Error(
          `redis-server exited with ${String(code)} before it was ready:\n${output}`,
        ),
      ),
    );
  });
  const timeout = new Promise<never>((_, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server not ready after 10 s:\n${output}`)),
      10_000,
    );
    void ready.finally(() => clearTimeout(timer)).catch(() => undefined);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

async function terminate(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals,
): Promise<void> {
  if (
    child === undefined ||
    child.exitCode !== null ||
    child.signalCode !== null
  )
    return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Starts a private redis-server on a free loopback port (retrying if the port is taken). */
export async function startRedisTestServer({
  durable = false,
}: StartRedisTestServerOptions = {}): Promise<RedisTestServer> {
  const binary = findRedisServer();
  const directory = await mkdtemp(
    join(tmpdir(), durable ? 'acm-redis-durable-' : 'acm-redis-'),
  );
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 0; child === undefined; attempt++) {
    port = await findFreePort();
    try {
      child = await launch(binary, port, directory, durable);
    } catch (error) {
      if (attempt >= 2) {
        await rm(directory, { recursive: true, force: true });
        throw error;
      }
    }
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await terminate(child, 'SIGKILL');
    },
    async start() {
      await terminate(child, 'SIGKILL');
      child = await launch(binary, port, directory, durable);
    },
    async stop() {
      await terminate(child, 'SIGTERM');
      await rm(directory, { recursive: true, force: true });
    },
  };
}
