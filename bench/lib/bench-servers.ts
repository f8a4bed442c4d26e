/**
 * Private Redis and PostgreSQL servers for the benches (as the store
 * packages' test setup starts them): each on a free loopback port, in a
 * temporary directory removed on `stop()`, or the server named by
 * ACM_BENCH_REDIS_URL / ACM_BENCH_POSTGRES_URL (left running).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface BenchServer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /**
   * Whether PostgreSQL syncs its writes (`fsync`, full page writes): on when
   * a bench measures save latency as a deployment pays it, off when it only
   * needs a server.
   * @default false
   */
  readonly durable?: boolean;
}

const run = promisify(execFile);

async function findFreePort(): Promise<number> {
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

/** redis-server on a free loopback port, no persistence, in a temporary directory. */
async function startRedis(): Promise<BenchServer> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-bench-redis-'));
  const port = await findFreePort();
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) resolvePromise();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) =>
      reject(
        new Error(
          `redis-server did not start (install it: .ci/services.sh install): ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${String(code)}:\n${output}`)),
    );
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL cluster (initdb) in a temporary directory on a free loopback port, trust auth. */
async function startPostgres({
  durable = false,
}: StartServerOptions): Promise<BenchServer> {
  const version = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((left, right) => Number(right) - Number(left))[0];
  if (version === undefined)
    throw new Error('PostgreSQL not found: .ci/services.sh install');
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const isRoot = process.getuid?.() === 0;
  // initdb and pg_ctl refuse to run as root: run them as the postgres system user then.
  const asPostgres = (command: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  const directory = await mkdtemp(join(tmpdir(), 'acm-bench-postgres-'));
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(directory, uid, gid);
  }
  const data = join(directory, 'data');
  await asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await findFreePort();
  const sync = durable ? '' : ' -c fsync=off -c full_page_writes=off';
  await asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    join(directory, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1${sync}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await asPostgres('pg_ctl', [
        '-D',
        data,
        '-m',
        'fast',
        '-w',
        'stop',
      ]).catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A private server, or the one named by ACM_BENCH_REDIS_URL / ACM_BENCH_POSTGRES_URL (left running). */
export async function startBenchServer(
  backend: 'redis' | 'postgres',
  options: StartServerOptions = {},
): Promise<BenchServer> {
  const external =
    backend === 'redis'
      ? process.env.ACM_BENCH_REDIS_URL
      : process.env.ACM_BENCH_POSTGRES_URL;
  if (external !== undefined && external !== '')
    return { url: external, stop: () => Promise.resolve() };
  return backend === 'redis' ? startRedis() : startPostgres(options);
}
