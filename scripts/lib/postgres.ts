/**
 * A throwaway PostgreSQL server on loopback, for the tests and benchmarks of the collector's
 * PostgreSQL engine: a fresh cluster (initdb) in a temporary directory, started by pg_ctl on its own
 * port and socket directory, so it never touches a PostgreSQL the machine already runs. Uses the
 * binaries of the installed PostgreSQL (Debian's `postgresql` package, or any on the PATH); as root
 * it runs them as the `postgres` user, since initdb refuses root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable naming the server the PostgreSQL tests use (a URL of a user who may create databases). */
export const TEST_POSTGRES_ENV = 'VARIA_TEST_POSTGRES';

/** A running throwaway server. */
export interface ThrowawayPostgres {
  /** `postgres://varia@127.0.0.1:<port>/postgres`: the superuser `varia`, no password (trust on loopback). */
  readonly url: string;
  readonly port: number;
  /** Stops the server; `immediate` is a crash (no checkpoint), recovered from the log at the next start. */
  stopServer(mode?: 'fast' | 'immediate'): void;
  /** Starts the stopped server again on the same port and directory. */
  startServer(): void;
  /** Stops the server and deletes its directory. */
  destroy(): void;
}

/** The directory holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (configured.status === 0) candidates.push(configured.stdout.trim());
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  for (const path of (process.env.PATH ?? '').split(':')) if (path) candidates.push(path);
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** Why the PostgreSQL tests cannot start a server here, or undefined when they can. */
export function postgresUnavailableReason(): string | undefined {
  if (!findPostgresBin()) return 'PostgreSQL is not installed (no initdb or pg_ctl found; Debian: apt-get install postgresql)';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root without a postgres user to run initdb as';
  return undefined;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Creates and starts a throwaway cluster.
 * @throws when PostgreSQL is not installed or the server does not start (the message holds its log).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const reason = postgresUnavailableReason();
  if (reason) throw new Error(`Cannot start a PostgreSQL server: ${reason}.`);
  const bin = findPostgresBin()!;
  const root = mkdtempSync(join(tmpdir(), 'varia-postgres-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })));
    for (const path of [root, sockets]) chownSync(path, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'varia', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${sockets}`;
  const startServer = () => run('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stopServer = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
  try {
    startServer();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let destroyed = false;
  return {
    url: `postgres://varia@127.0.0.1:${port}/postgres`,
    port,
    stopServer,
    startServer,
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      try {
        stopServer('immediate');
      } catch {
        // Already stopped.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
