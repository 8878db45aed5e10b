/**
 * Immutable project revisions (EDT-9, EDT-11): one JSON file per revision under
 * `<project>/revisions/`, written to a temporary file and renamed, so a crash never leaves half a
 * revision (a stray `.tmp` file is ignored). A file is never rewritten: a rollback is a new
 * revision carrying an older one's data.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeProject, encodeProject } from '../../desktop/shared/project-codec';
import { measure, type Sizes } from '../../scripts/lib/snippet';
import type { ConfigSource } from './sources';

/** How a revision came to be. */
export type RevisionKind = 'import' | 'publish' | 'rollback';

/** A revision without its payload, as the history lists it. */
export interface RevisionSummary {
  /** The project's `revision` number in this revision's data. */
  revision: number;
  kind: RevisionKind;
  /** The author's note. */
  note: string;
  /** ISO time it was made. */
  time: string;
  /** Sizes of the built snippet (null when none was built, e.g. an import without a built snippet). */
  sizes: Sizes | null;
  /** For a rollback: the revision whose data it republished. */
  from?: number;
}

/** A whole revision: the summary, the project data (functions as `{ $fn }`) and the built snippet. */
export interface Revision extends RevisionSummary {
  data: Record<string, unknown>;
  snippet: string | null;
}

const revisionsDir = (projectDir: string) => join(projectDir, 'revisions');
const fileOf = (projectDir: string, revision: number) => join(revisionsDir(projectDir), `${String(revision).padStart(8, '0')}.json`);

/** Reads one revision; undefined when there is none with that number. */
export async function readRevision(projectDir: string, revision: number): Promise<Revision | undefined> {
  try {
    return JSON.parse(await readFile(fileOf(projectDir, revision), 'utf8')) as Revision;
  } catch {
    return undefined;
  }
}

/** The revision numbers that have a file, newest first. */
async function revisionNumbers(projectDir: string): Promise<number[]> {
  const dir = revisionsDir(projectDir);
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => /^\d{8}\.json$/.test(name)).sort().reverse().map((name) => Number(name.slice(0, 8)));
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

/** Writes a new revision; refuses to overwrite one (revisions are immutable). */
export async function writeRevision(projectDir: string, revision: Revision): Promise<void> {
  await mkdir(revisionsDir(projectDir), { recursive: true });
  const file = fileOf(projectDir, revision.revision);
  if (existsSync(file)) throw new Error(`Revision ${revision.revision} already exists`);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(revision));
  await rename(temporary, file);
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
    snippet = await readFile(join(snippetsDir, `${source.projectId}.js`), 'utf8');
  } catch {
    // Not built yet: the history still starts from the file's data.
  }
  await writeRevision(projectDir, {
    revision: Number.isFinite(revision) ? revision : 0,
    kind: 'import',
    note: `Imported from ${source.path}`,
    time: new Date().toISOString(),
    sizes: snippet ? measure(snippet) : null,
    data,
    snippet,
  });
}
