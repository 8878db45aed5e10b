/**
 * The services' data folder (`.data/` by default): the collector's SQLite file and the editor's projects.
 *
 * One data folder, one services process. Two processes on one folder (what a second `npm start` would
 * do: it moves to the next free port by itself) would each keep their own copy of every working copy
 * and overwrite each other's files, the last to save winning. So a services process takes the folder's
 * lock file (`services.lock`: its pid and address) when it starts and removes it when it stops; a
 * second process on the same folder refuses to start, saying which process holds it. A lock left by a
 * process that no longer runs (killed, crashed) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { containedPath } from '../compiler/files';

/** `.data/` of this repository: where `npm start` keeps collected events and the editor's projects. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));
/** The collector's SQLite file inside the data folder (unless another database is named). */
export const STORE_FILE = 'collector.sqlite';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'services.lock';

/** Raised when another running process holds the data folder. */
export class DataFolderBusy extends Error {}

/** A held lock. */
export interface DataFolderLock {
  /** Records the address the process listens on, for the message a second process gives. */
  setAddress(url: string): void;
  /** Removes the lock file (the services stopped). */
  release(): void;
}

/** Folders this process holds, so a second instance in the same process is refused too. */
const held = new Set<string>();

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (file: string): { pid?: number; url?: string } => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};

/**
 * The message a second process would give for `folder`, when another running process holds it;
 * undefined when it is free (`npm start` asks before it rebuilds the snippets that process serves).
 */
export function dataFolderBusyReason(folder: string): string | undefined {
  const holder = readHolder(containedPath(folder, LOCK_FILE));
  return holder.pid && holder.pid !== process.pid && isRunning(holder.pid) ? busyMessage(folder, holder.pid, holder.url) : undefined;
}

const busyMessage = (folder: string, pid: number | undefined, url: string | undefined) =>
  `The data folder ${folder} is in use by another Varia services process${pid ? ` (pid ${pid}${url ? `, ${url}` : ''})` : ''}. ` +
  'Stop that one first (Ctrl+C where it runs), or give this one a folder of its own with VARIA_DATA_DIR.';

/**
 * Takes the lock of `folder` (created if missing).
 *
 * @throws {DataFolderBusy} when another running services process (or another instance in this one) holds it.
 */
export function lockDataFolder(folder: string): DataFolderLock {
  mkdirSync(folder, { recursive: true });
  const file = containedPath(folder, LOCK_FILE);
  const busy = (pid: number | undefined, url: string | undefined) => new DataFolderBusy(busyMessage(folder, pid, url));
  if (held.has(file)) throw busy(process.pid, readHolder(file).url);
  const write = (content: object) => {
    const descriptor = openSync(file, 'wx');
    try {
      writeSync(descriptor, JSON.stringify(content));
    } finally {
      closeSync(descriptor);
    }
  };
  const mine = { pid: process.pid, startedAt: new Date().toISOString() } as { pid: number; startedAt: string; url?: string };
  try {
    write(mine);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = readHolder(file);
    if (holder.pid && holder.pid !== process.pid && isRunning(holder.pid)) throw busy(holder.pid, holder.url);
    // Left by a process that is gone: take it over (unless another process just did).
    rmSync(file, { force: true });
    try {
      write(mine);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') throw busy(readHolder(file).pid, readHolder(file).url);
      throw again;
    }
  }
  held.add(file);
  return {
    setAddress(url) {
      mine.url = url;
      writeFileSync(file, JSON.stringify(mine));
    },
    release() {
      if (!held.delete(file)) return;
      if (readHolder(file).pid === process.pid) rmSync(file, { force: true });
    },
  };
}
