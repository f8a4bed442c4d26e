import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A private PostgreSQL server for tests: loopback only, trust auth, in a temporary directory. */
export interface PostgresTestServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly connectionString: string;
  /** Stops the server without a clean shutdown (`pg_ctl stop -m immediate`, like a crash). */
  crash(): Promise<void>;
  /** Starts the server again on the same port (after `crash`). */
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'run `.ci/services.sh install` (installs redis-server and postgresql from Debian)';

/** The bin directory of the newest PostgreSQL under /usr/lib/postgresql, or an error that says how to install it. */
export function findPostgresBin(): string {
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((left, right) => Number(right) - Number(left));
  } catch {
    // Not installed.
  }
  for (const version of versions) {
    const bin = `/usr/lib/postgresql/${version}/bin`;
    try {
      accessSync(join(bin, 'initdb'), constants.X_OK);
      accessSync(join(bin, 'pg_ctl'), constants.X_OK);
      return bin;
    } catch {
      // Try the next version.
    }
  }
  throw new Error(
    `PostgreSQL (initdb, pg_ctl) not found under /usr/lib/postgresql: ${INSTALL_HINT}`,
  );
}

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

const isRoot = process.getuid?.() === 0;

/** initdb and pg_ctl refuse to run as root: run them as the postgres system user then. */
async function asPostgres(command: string, args: string[]): Promise<string> {
  const [file, fileArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  try {
    const { stdout } = await run(file, fileArgs, { timeout: 60_000 });
    return stdout;
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${String(error)}\n${output.stdout ?? ''}${output.stderr ?? ''}`,
      { cause: error },
    );
  }
}

/** Creates a cluster in a temporary directory and starts it on a free loopback port. */
export async function startPostgresTestServer(): Promise<PostgresTestServer> {
  const bin = findPostgresBin();
  const directory = await mkdtemp(join(tmpdir(), 'acm-postgres-'));
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(directory, uid, gid);
  }
  const dataDirectory = join(directory, 'data');
  const logFile = join(directory, 'server.log');
  await asPostgres(join(bin, 'initdb'), [
    '-D',
    dataDirectory,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  let port = 0;
  const start = async () => {
    await asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      dataDirectory,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      'start',
    ]);
  };
  for (let attempt = 0; ; attempt++) {
    port = await findFreePort();
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 2) {
        await rm(directory, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const stopWith = (mode: 'fast' | 'immediate') =>
    asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      dataDirectory,
      '-m',
      mode,
      '-w',
      'stop',
    ]);
  return {
    port,
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: async () => {
      await stopWith('immediate');
    },
    start,
    async stop() {
      await stopWith('fast').catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
