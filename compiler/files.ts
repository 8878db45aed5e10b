/**
 * Files the services write: always inside the folder they belong to, and always whole.
 * - {@link containedPath} joins a folder and names and refuses any result outside the folder (a
 *   name with a separator, `..`, an absolute path, a NUL), so no id or file name can steer a write.
 * - {@link writeFileAtomic} writes through a temporary file in the same folder, flushed to disk and
 *   renamed over the target: a reader (or a process killed mid-write) sees the old file or the new
 *   one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Raised when a path would leave its folder; never caused by the services' own names. */
export class PathOutsideError extends Error {}

/**
 * `folder` joined with `names`, resolved, and checked to lie inside `folder`.
 *
 * @throws {PathOutsideError} when a name is empty, holds a NUL, or the result is outside `folder`.
 */
export function containedPath(folder: string, ...names: string[]): string {
  const base = resolve(folder);
  for (const name of names) {
    if (!name || name.includes('\0')) throw new PathOutsideError(`"${name}" is not a file name`);
  }
  const path = resolve(base, ...names);
  const inside = relative(base, path);
  if (!inside || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new PathOutsideError(`${JSON.stringify(names.join('/'))} is outside ${base}`);
  }
  return path;
}

/** Writes `data` to `file` atomically (temporary file, flushed, renamed); the folder must exist. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes a value as JSON, atomically. */
export const writeJsonAtomic = (file: string, value: unknown): Promise<void> => writeFileAtomic(file, JSON.stringify(value));
