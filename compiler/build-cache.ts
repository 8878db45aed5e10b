/**
 * Builds kept on disk between processes (`.cache/`, not committed): the editor agent and the parts a
 * snippet loads on demand are the same for every project and every process until their sources change,
 * so a process that needs one reads it from the cache when none of the files it was built from has
 * changed (by modification time and size), and builds it otherwise. A publish in a fresh process then
 * never waits for them, nor does a test that starts services of its own. A cache that cannot be read
 * or written only costs a build.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from './files';
import { ROOT } from './snippet';

/** Where the builds are kept. */
export const CACHE_DIR = join(ROOT, '.cache');

/** What a build made: its code and the repository files it was built from (relative to the root). */
export interface CacheableBuild {
  code: string;
  inputs: readonly string[];
}

/** A source file's identity for the cache: its modification time and size. */
const stamp = async (file: string): Promise<string> => {
  const info = await stat(resolve(ROOT, file));
  return `${info.mtimeMs}:${info.size}`;
};

/**
 * The code of the build kept in `cacheFile` when it was made with the same `key` (whatever else
 * decides its output, such as the list of widget folders) from files that have not changed since;
 * otherwise `make()`'s, kept for next time.
 */
export async function cachedBuild(cacheFile: string, key: string, make: () => Promise<CacheableBuild>): Promise<string> {
  try {
    const cached = JSON.parse(await readFile(cacheFile, 'utf8')) as { key: string; stamps: Record<string, string>; code: string };
    const files = Object.keys(cached.stamps);
    if (cached.key === key && files.length) {
      const now = await Promise.all(files.map((file) => stamp(file).catch(() => '')));
      if (files.every((file, index) => now[index] === cached.stamps[file])) return cached.code;
    }
  } catch {
    // No cache yet, or an unreadable one: build.
  }
  const { code, inputs } = await make();
  try {
    const stamps = Object.fromEntries(await Promise.all(inputs.map(async (file) => [file, await stamp(file)] as const)));
    await mkdir(dirname(cacheFile), { recursive: true });
    // Atomic: processes started side by side never read half a file.
    await writeFileAtomic(cacheFile, JSON.stringify({ key, stamps, code }));
  } catch {
    // A read-only checkout: kept in memory only.
  }
  return code;
}
