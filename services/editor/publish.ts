/**
 * Validation, review and publish of a project's working copy (EDT-9, EDT-11, EDT-12, EDT-13).
 *
 * - Validation is the runtime's own: `normalizeProjectData` + `validateProject` with the project's
 *   plugins' rules, exactly as `npm run build:snippet` runs them; each problem is linked to the
 *   working-copy row it concerns.
 * - The build is `buildSnippet` of scripts/build-snippet.ts on a generated project module
 *   (module.ts), so code and widget settings kept as source text become real functions.
 * - Publishing writes the revision (temporary file + rename), then installs the snippet in the
 *   served folder the same way, so a reload of the site page runs the new revision at once.
 * - Publishes of one project run one after the other (a queue per project).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeProjectData, validateProject, type ProjectRule, type ValidationProblem } from '../../core/project';
import { decodeProject, keepSource, locate, type ProjectTables } from '../../desktop/shared/project-codec';
import { diffProjects, type EntityDiff } from '../../desktop/shared/project-diff';
import { buildSnippet } from '../../scripts/build-snippet';
import { measure, type Sizes } from '../../scripts/lib/snippet';
import { projectModule } from './module';
import { latestRevision, readRevision, writeRevision, type Revision, type RevisionSummary } from './revisions';
import { pluginsFor } from './sources';
import type { OpenProject } from './workspace';

/** A validation problem with the working-copy row it concerns. */
export interface LinkedProblem extends ValidationProblem {
  /** The table and row of the entity (`settings`/`project` for project-wide problems). */
  table: string;
  rowId: string;
}

/** What the review shows before a publish (EDT-12). */
export interface Review {
  /** The live revision number (null before any). */
  liveRevision: number | null;
  /** Working copy against live, entity by entity. */
  diff: EntityDiff[];
  problems: LinkedProblem[];
  /** Whether publishing is allowed (no errors). */
  valid: boolean;
  /** Sizes of the snippet the working copy builds to, when it is valid. */
  sizes: Sizes | null;
  /** Sizes of the live snippet. */
  liveSizes: Sizes | null;
  /** The build's error message, when a valid project still failed to build. */
  buildError?: string;
}

/** A publish refused because the project is invalid or does not build. */
export class PublishRefused extends Error {
  constructor(message: string, readonly problems: LinkedProblem[]) {
    super(message);
  }
}

/** A stand-in for a function during validation: the rules only check that it is one. */
const stub = (source: string) => Object.assign(function editorFunction() {}, { source });

/** The working copy's data: with functions as `{ $fn }` and as stubs, and its entity locations. */
export function workingData(project: OpenProject) {
  const tables = project.store.getTables() as ProjectTables;
  const kept = decodeProject(tables, keepSource);
  return { data: kept.data, locations: kept.locations, stubbed: decodeProject(tables, stub).data };
}

/** Runs the runtime's validation on data (functions as stubs) and links each problem to its row. */
export function validate(project: OpenProject, stubbed: Record<string, unknown>, locations: ReturnType<typeof decodeProject>['locations']): LinkedProblem[] {
  const normalized = normalizeProjectData(stubbed as never);
  const plugins = pluginsFor(project.source);
  const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
  return validateProject(normalized, { rules, plugins }).map((problem) => ({ ...problem, ...locate(locations, problem.path) }));
}

/** Builds data (functions as `{ $fn }`) into a snippet under the project's build folder; returns its text. */
async function build(project: OpenProject, data: Record<string, unknown>, tag: string): Promise<string> {
  const dir = join(project.dir, 'build');
  await mkdir(dir, { recursive: true });
  // A new module file each time: Node caches imported modules by path.
  const moduleFile = join(dir, `project-${tag}-${Date.now()}.ts`);
  const outFile = join(dir, `snippet-${tag}-${Date.now()}.js`);
  await writeFile(moduleFile, await projectModule(data, project.source?.file, project.source?.project.data));
  try {
    await buildSnippet(moduleFile, outFile);
    return await readFile(outFile, 'utf8');
  } finally {
    await rm(outFile, { force: true });
    await rm(moduleFile, { force: true });
  }
}

/** The review of the working copy against live (EDT-12): diff, problems, sizes. */
export async function review(project: OpenProject): Promise<Review> {
  const { data, locations, stubbed } = workingData(project);
  const live = await latestRevision(project.dir);
  const problems = validate(project, stubbed, locations);
  const valid = !problems.some((problem) => problem.severity === 'error');
  let sizes: Sizes | null = null;
  let buildError: string | undefined;
  if (valid) {
    try {
      sizes = measure(await build(project, { ...data, revision: (live?.revision ?? 0) + 1 }, 'review'));
    } catch (error) {
      buildError = (error as Error).message;
    }
  }
  return {
    liveRevision: live?.revision ?? null,
    diff: live ? diffProjects(live.data, data) : diffProjects({}, data),
    problems,
    valid: valid && !buildError,
    sizes,
    liveSizes: live?.sizes ?? null,
    buildError,
  };
}

const queues = new WeakMap<OpenProject, Promise<unknown>>();

/** Runs `task` after every earlier publish of the project has finished. */
function serialised<T>(project: OpenProject, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(project) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  queues.set(project, next);
  return next;
}

/** Writes a file into the served folder through a temporary file and a rename. */
async function install(snippetsDir: string, projectId: string, snippet: string): Promise<void> {
  await mkdir(snippetsDir, { recursive: true });
  const target = join(snippetsDir, `${projectId}.js`);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, snippet);
  await rename(temporary, target);
}

/** Publishes data as the next revision; shared by publish and rollback. */
async function publishData(
  project: OpenProject, snippetsDir: string, data: Record<string, unknown>, stubbed: Record<string, unknown>,
  locations: ReturnType<typeof decodeProject>['locations'], fields: { kind: Revision['kind']; note: string; from?: number },
): Promise<RevisionSummary> {
  const live = await latestRevision(project.dir);
  const revision = Math.max(live?.revision ?? 0, Number(data.revision) || 0) + 1;
  const problems = validate(project, { ...stubbed, revision }, locations);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length) throw new PublishRefused(`The project has ${errors.length} problem(s); fix them before publishing.`, errors);
  const published = { ...data, revision };
  let snippet: string;
  try {
    snippet = await build(project, published, String(revision));
  } catch (error) {
    throw new PublishRefused((error as Error).message, []);
  }
  const record: Revision = {
    revision, kind: fields.kind, note: fields.note, time: new Date().toISOString(), sizes: measure(snippet),
    ...(fields.from !== undefined ? { from: fields.from } : {}), data: published, snippet,
  };
  await writeRevision(project.dir, record);
  await install(snippetsDir, String(data.projectId), snippet);
  // The working copy keeps its revision field: the next publish numbers itself after the live one.
  const { data: _data, snippet: _snippet, ...summary } = record;
  return summary;
}

/** Publishes the working copy (EDT-9, EDT-13); refused with the problems while it is invalid. */
export function publish(project: OpenProject, snippetsDir: string, note: string): Promise<RevisionSummary> {
  return serialised(project, async () => {
    const { data, locations, stubbed } = workingData(project);
    return publishData(project, snippetsDir, data, stubbed, locations, { kind: 'publish', note: note.trim() || 'Published' });
  });
}

/** Publishes an earlier revision's data again as a new revision (EDT-11). */
export function rollback(project: OpenProject, snippetsDir: string, to: number, note: string): Promise<RevisionSummary> {
  return serialised(project, async () => {
    const target = await readRevision(project.dir, to);
    if (!target) throw new PublishRefused(`There is no revision ${to}.`, []);
    const stubbed = JSON.parse(JSON.stringify(target.data), (_key, value) =>
      value && typeof value === 'object' && typeof value.$fn === 'string' && Object.keys(value).length === 1 ? stub(value.$fn) : value,
    );
    return publishData(project, snippetsDir, target.data, stubbed, {}, {
      kind: 'rollback', note: note.trim() || `Rolled back to revision ${to}`, from: to,
    });
  });
}
