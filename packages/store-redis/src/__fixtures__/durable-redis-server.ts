import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, findRedisServer } from './redis-server';

/**
 * A private redis-server that keeps its data across a crash: append-only file
 * with `appendfsync always` in a temporary directory, loopback only.
 */
export interface DurableRedisServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server with SIGKILL (a crash); its port and directory stay. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and directory (it replays its AOF). */
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

async function launch(
  binary: string,
  port: number,
  directory: string,
): Promise<ChildProcess> {
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(
          new Error(`redis-server exited with ${String(code)}:\n${output}`),
        ),
      );
      timer = setTimeout(
        () =>
          reject(new Error(`redis-server not ready after 10 s:\n${output}`)),
        10_000,
      );
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
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

/** Starts a durable private redis-server on a free loopback port. */
export async function startDurableRedisServer(): Promise<DurableRedisServer> {
  const binary = findRedisServer();
  const directory = await mkdtemp(join(tmpdir(), 'acm-redis-durable-'));
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 0; child === undefined; attempt++) {
    port = await findFreePort();
    try {
      child = await launch(binary, port, directory);
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
      child = await launch(binary, port, directory);
    },
    async stop() {
      await terminate(child, 'SIGTERM');
      await rm(directory, { recursive: true, force: true });
    },
  };
}
