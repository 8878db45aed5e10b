/**
 * Immutable project revisions (EDT-9, EDT-11): one JSON file per revision under
 * `<project>/revisions/`, named by its number (`00000012.json`), written atomically, so a crash
 * never leaves half a revision (a stray `.tmp` file is ignored). A file is never rewritten: a
 * rollback is a new revision carrying an older one's data.
 *
 * Revision numbers are the services' own: the next one is one more than the newest file's, whatever
 * a working copy's data says (a number taken from the data could collide with, or skip past, the
 * history). An import records the config file's number, if it is a whole number.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { decodeProject, encodeProject } from '../../editor-model/project-codec';
import type { Revision, RevisionSummary } from '../../editor-model/api-contract';
import { measure } from '../../compiler/snippet';
import { containedPath, writeFileAtomic } from '../../compiler/files';
import type { ConfigSource } from './sources';

/** The highest revision number a file name can hold. */
export const MAX_REVISION = 99_999_999;
const FILE_NAME = /^\d{8}\.json$/;

const revisionsDir = (projectDir: string) => containedPath(projectDir, 'revisions');
const fileOf = (projectDir: string, revision: number) => {
  if (!Number.isSafeInteger(revision) || revision < 0 || revision > MAX_REVISION) throw new RangeError(`${revision} is not a revision number`);
  return containedPath(revisionsDir(projectDir), `${String(revision).padStart(8, '0')}.json`);
};

/** Reads one revision; undefined when there is none with that number (or it cannot be read). */
export async function readRevision(projectDir: string, revision: number): Promise<Revision | undefined> {
  try {
    const found = JSON.parse(await readFile(fileOf(projectDir, revision), 'utf8')) as Revision;
    // The number is the file's: a file copied under another name is still read as the revision it names.
    return { ...found, revision };
  } catch {
    return undefined;
  }
}

/** The revision numbers that have a file, newest first. */
async function revisionNumbers(projectDir: string): Promise<number[]> {
  const dir = revisionsDir(projectDir);
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => FILE_NAME.test(name)).sort().reverse().map((name) => Number(name.slice(0, 8)));
}

/** Every revision's summary, newest first. */
export async function listRevisions(projectDir: string): Promise<RevisionSummary[]> {
  const out: RevisionSummary[] = [];
  for (const number of await revisionNumbers(projectDir)) {
    const revision = await readRevision(projectDir, number);
    if (!revision) continue;
    const { data: _data, snippet: _snippet, ...summary } = revision;
    out.push(summary);
  }
  return out;
}

/** The newest revision that can be read, whole, if any (only it is read, not the whole history). */
export async function latestRevision(projectDir: string): Promise<Revision | undefined> {
  for (const number of await revisionNumbers(projectDir)) {
    const revision = await readRevision(projectDir, number);
    if (revision) return revision;
  }
  return undefined;
}

/** The number the next revision gets: one more than the newest revision file's (1 when there is none). */
export async function nextRevisionNumber(projectDir: string): Promise<number> {
  const [newest] = await revisionNumbers(projectDir);
  const next = (newest ?? 0) + 1;
  if (next > MAX_REVISION) throw new RangeError(`The project has reached the last revision number (${MAX_REVISION}).`);
  return next;
}

/** Writes a new revision; refuses to overwrite one (revisions are immutable). */
export async function writeRevision(projectDir: string, revision: Revision): Promise<void> {
  await mkdir(revisionsDir(projectDir), { recursive: true });
  const file = fileOf(projectDir, revision.revision);
  if (existsSync(file)) throw new Error(`Revision ${revision.revision} already exists`);
  await writeFileAtomic(file, JSON.stringify(revision));
}

/**
 * Records a config project's data as its first revision when the editor first opens it: the
 * snippet `npm run build:snippets` built from it is what is live.
 */
export async function recordImport(projectDir: string, source: ConfigSource, snippetsDir: string): Promise<void> {
  if ((await listRevisions(projectDir)).length) return;
  const data = decodeProject(encodeProject(source.project.data as never)).data;
  const revision = Number(data.revision);
  let snippet: string | null = null;
  try {
    snippet = await readFile(containedPath(snippetsDir, `${source.projectId}.js`), 'utf8');
  } catch {
    // Not built yet: the history still starts from the file's data.
  }
  await writeRevision(projectDir, {
    revision: Number.isSafeInteger(revision) && revision >= 0 && revision < MAX_REVISION ? revision : 0,
    kind: 'import',
    note: `Imported from ${source.path}`,
    time: new Date().toISOString(),
    sizes: snippet ? measure(snippet) : null,
    data,
    snippet,
  });
}
