/**
 * Read access to the built snippets in dist/snippets/, shared by the routes. Read on every
 * request so that a rebuild shows without restarting the services.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sizes as SnippetSizes } from '../compiler/snippet';

/** Names a file in dist/snippets/ may have: lower-case letters, digits, `-`, `_` and `.`. */
const SNIPPET_FILE_NAME = /^[a-z0-9_.-]+$/;

/** Project ids the demo pages accept: the snippet file name without `.js`. */
const PROJECT_ID = /^[a-z0-9_-]+$/;

const SNIPPET_EXTENSION = '.js';
const SIZES_FILE = 'sizes.json';

/** Sizes in bytes of one built snippet, as compiler/build.ts reports them. */
export type { SnippetSizes };

/** One built snippet. */
export interface BuiltSnippet {
  /** The project id (file name without `.js`). */
  readonly projectId: string;
  /** The file name in dist/snippets/. */
  readonly file: string;
  /** Sizes from sizes.json, when the build wrote them. */
  readonly sizes?: SnippetSizes;
}

/**
 * True for a name that may be served from dist/snippets/: only `[a-z0-9-_.]`, and never `..`,
 * so no request can climb out of the folder.
 */
export function isSafeSnippetFileName(name: string): boolean {
  return SNIPPET_FILE_NAME.test(name) && !name.includes('..');
}

/** True for a syntactically valid project id. */
export function isValidProjectId(projectId: string): boolean {
  return PROJECT_ID.test(projectId);
}

/** Reads dist/snippets/sizes.json; an absent or unreadable file means no sizes. */
async function readSizes(snippetsDir: string): Promise<Record<string, SnippetSizes>> {
  try {
    return JSON.parse(await readFile(join(snippetsDir, SIZES_FILE), 'utf8')) as Record<string, SnippetSizes>;
  } catch {
    return {};
  }
}

/** Lists the built snippets, sorted by project id; empty when nothing was built yet. */
export async function listSnippets(snippetsDir: string): Promise<BuiltSnippet[]> {
  let files: string[];
  try {
    files = await readdir(snippetsDir);
  } catch {
    return [];
  }
  const sizes = await readSizes(snippetsDir);
  return files
    .filter((file) => file.endsWith(SNIPPET_EXTENSION) && isValidProjectId(file.slice(0, -SNIPPET_EXTENSION.length)))
    .sort()
    .map((file) => {
      const projectId = file.slice(0, -SNIPPET_EXTENSION.length);
      return { projectId, file, sizes: sizes[projectId] };
    });
}

/**
 * Reads one file from dist/snippets/.
 *
 * @returns its content, or `undefined` when the name is unsafe or the file does not exist.
 */
export async function readSnippetFile(snippetsDir: string, name: string): Promise<Buffer | undefined> {
  if (!isSafeSnippetFileName(name)) return undefined;
  try {
    return await readFile(join(snippetsDir, name));
  } catch {
    return undefined;
  }
}

/** True when the snippet of `projectId` has been built. */
export async function hasSnippet(snippetsDir: string, projectId: string): Promise<boolean> {
  if (!isValidProjectId(projectId)) return false;
  const snippets = await listSnippets(snippetsDir);
  return snippets.some((snippet) => snippet.projectId === projectId);
}
