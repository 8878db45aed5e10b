/**
 * Validation, review and publish of a project's working copy (EDT-9, EDT-11, EDT-12, EDT-13).
 *
 * - Validation is the runtime's own (`projectProblems` of compiler/build.ts: structural rules
 *   and the plugins' rules, as `npm run build:snippet` runs them), once per review or publish; each
 *   problem is linked to the working-copy row it concerns.
 * - The build is `snippetOf` of compiler/build.ts, the command line's own, on a generated
 *   project module (publish-module.ts for a config project, module.ts for one created in the
 *   editor), so code and widget settings kept as source text become real functions and the same
 *   data gives the same snippet either way. The plugins are the project's, with the standard
 *   appliers of change types its hand-written list lacks (sources.ts, `publishPlugins`).
 * - terser runs in a worker kept for the life of the services (compiler/minify-thread.ts): the
 *   services stay responsive while it works, it stays warm between publishes, and a publish of
 *   what the review just built reuses its minified output.
 * - Publishing installs the snippet in the served folder (atomically), with the page parts of its config
 *   module (compiler/page-parts.ts, the homepage's copy of each locale), then records the revision, so
 *   a reload of the site page runs the new revision at once and a revision is never live unserved.
 *   Its number is the history's next and its file name the project's own id (see publishData).
 * - Publishes of one project run one after the other (a queue per project).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AcknowledgedConflict, LinkedProblem, PublishResult, PublishTimings, Review, Revision } from '../../editor-model/api-contract';
import { decodeProject, encodeProject, keepSource, locate, type ProjectTables } from '../../editor-model/project-codec';
import { diffProjects } from '../../editor-model/project-diff';
import { SETTINGS_ROW } from '../../editor-model/project-schema';
import { projectProblems, snippetOf } from '../../compiler/build';
import { pagePartCode } from '../../compiler/page-parts';
import { partCode, type PartDefinition } from '../../compiler/snippet-parts';
import { createMinifyThread, type MinifyThread } from '../../compiler/minify-thread';
import { bundleOnly, measureAsync, type Minifier, type Sizes } from '../../compiler/snippet';
import { containedPath } from '../../compiler/files';
import { installSnippet, isFitted, missingParts } from './install';
import { projectModule } from './module';
import { selectorProblems } from '../../editor-model/selectors';
import { configPublishModule } from './publish-module';
import { latestRevision, nextRevisionNumber, readRevision, writeRevision } from './revisions';
import { publishPlugins, type PublishPlugins } from './sources';
import type { OpenProject } from './workspace';

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

type Locations = ReturnType<typeof decodeProject>['locations'];

/** What a review or a publish has checked: the plugins it builds with and the problems, linked. */
export interface Checked {
  plugins: PublishPlugins;
  problems: LinkedProblem[];
}

/** Runs the runtime's validation on data (functions as stubs) with the publish's plugins; links each problem to its row. */
export async function check(project: OpenProject, stubbed: Record<string, unknown>, locations: Locations): Promise<Checked> {
  const plugins = await publishPlugins(project.source, stubbed);
  const problems = [...projectProblems({ data: stubbed as never, plugins: plugins.plugins }), ...selectorProblems(stubbed)];
  const linked: LinkedProblem[] = problems.map((problem) => ({ ...problem, ...locate(locations, problem.path) }));
  const ownId = ownIdProblem(project, stubbed.projectId);
  return { plugins, problems: ownId ? [ownId, ...linked] : linked };
}

/**
 * A working copy whose settings name another project than the one it belongs to is refused: its
 * snippet would be written, served and tracked under the other project's id. The id a publish writes
 * under is always the project's own; this says why the data must agree.
 */
function ownIdProblem(project: OpenProject, dataId: unknown): LinkedProblem | undefined {
  const own = project.meta.projectId;
  if (dataId === own) return undefined;
  return {
    entity: 'project',
    path: 'projectId',
    message: `The project id in the settings is ${JSON.stringify(dataId ?? '')}, but this is project "${own}": set it back to "${own}" (a project cannot publish under another one's id).`,
    severity: 'error',
    table: 'settings',
    rowId: SETTINGS_ROW,
  };
}

/** terser, kept warm in a worker for the life of the process (see the file comment). */
let minifyThread: MinifyThread | undefined;
const minifier = () => (minifyThread ??= createMinifyThread());

let warming: Promise<void> | undefined;

/**
 * Starts the build's worker and warms it once per process, so the first build does not pay for all of
 * it: terser minifies the kernel's bundle (a small real program) while the publish checks and bundles
 * its project. A cold terser took 2.3 s on the homepage snippet against 0.9 s warm (load average 8 on 2
 * cores); with this warm-up the first publish ran 1.6 to 2.2 s at load 5 to 9 (interleaved runs with
 * and without it were too noisy to tell more). Best effort.
 */
export function warmPublishing(): Promise<void> {
  warming ??= bundleOnly(`export { createKernel } from './core/kernel';`, 'esm')
    .then((code) => minifier().warm(code), () => minifier().warm());
  return warming;
}

let builds = 0;

/**
 * Builds data (functions as `{ $fn }`, already validated with `plugins`) into a snippet, with the
 * snippet build's own code; returns its text. The module is written under the project's build
 * folder (the snippet entry imports it) and removed afterwards.
 */
async function build(
  project: OpenProject, data: Record<string, unknown>, stubbed: Record<string, unknown>, plugins: PublishPlugins, tag: string,
  timings?: PublishTimings, parts: readonly PartDefinition[] = [],
): Promise<string> {
  const started = performance.now();
  const dir = containedPath(project.dir, 'build');
  await mkdir(dir, { recursive: true });
  const moduleFile = containedPath(dir, `project-${tag}-${process.pid}-${(builds += 1)}.ts`);
  await writeFile(moduleFile, await publishModuleText(project, data, plugins));
  try {
    const fitted = isFitted(project.source);
    const minify: Minifier = async (code, options) => {
      const minifying = performance.now();
      if (timings) timings.bundle = Math.round(minifying - started);
      const minified = minifier().minify(code, options);
      // What the install writes beside the snippet is made meanwhile (each is cached, usually from the last build).
      for (const part of parts) partCode(part).catch(() => undefined);
      for (const part of project.source?.pageParts ?? []) pagePartCode(part).catch(() => undefined);
      const out = await minified;
      if (timings) timings.minify = Math.round(performance.now() - minifying);
      return out;
    };
    // The config module's page parts: the data they hold is read from the page, not built into the snippet.
    const pageParts = project.source?.pageParts;
    return await snippetOf(moduleFile, { project: { data: stubbed as never, plugins: plugins.plugins }, fitted, pageParts }, minify);
  } finally {
    await rm(moduleFile, { force: true });
  }
}

/** The module a publish of data builds (exported for the tests, which build it with `npm run build:snippet`). */
export async function publishModuleText(project: OpenProject, data: Record<string, unknown>, plugins: PublishPlugins): Promise<string> {
  const source = project.source;
  if (source?.file.endsWith('.ts')) return configPublishModule(source, data, plugins);
  return projectModule(data, source?.file, source?.project.data);
}

/** The review of the working copy against live (EDT-12): diff, problems, sizes. */
export async function review(project: OpenProject): Promise<Review> {
  void warmPublishing();
  const { data, locations, stubbed } = workingData(project);
  const live = await latestRevision(project.dir);
  // Checked and built as the publish will: the revision it will get, the same plugins.
  const revision = await nextRevisionNumber(project.dir);
  const { plugins, problems } = await check(project, { ...stubbed, revision }, locations);
  const valid = !problems.some((problem) => problem.severity === 'error');
  let sizes: Sizes | null = null;
  let buildError: string | undefined;
  if (valid) {
    try {
      sizes = await measureAsync(await build(project, { ...data, revision }, { ...stubbed, revision }, plugins, 'review'));
    } catch (error) {
      buildError = (error as Error).message;
    }
  }
  return {
    liveRevision: live?.revision ?? null,
    nextRevision: revision,
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

/**
 * Publishes data as the next revision; shared by publish and rollback. The revision number is the
 * history's next, and the id it is served under is the project's own (never the data's). The snippet
 * is installed first and the revision recorded after: a revision is live only once it is served (a
 * process killed in between is mended at the next start, see install.ts).
 */
async function publishData(
  project: OpenProject, snippetsDir: string, data: Record<string, unknown>, stubbed: Record<string, unknown>,
  locations: Locations, fields: { kind: Revision['kind']; note: string; from?: number; acknowledgedConflicts?: AcknowledgedConflict[] },
): Promise<PublishResult> {
  const started = performance.now();
  const timings: PublishTimings = { check: 0, bundle: 0, minify: 0, write: 0 };
  // The worker starts while the revision is read and the data checked.
  void warmPublishing();
  const revision = await nextRevisionNumber(project.dir);
  const { plugins, problems } = await check(project, { ...stubbed, revision }, locations);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length) throw new PublishRefused(`The project has ${errors.length} problem(s); fix them before publishing.`, errors);
  const published = { ...data, revision };
  const projectId = project.meta.projectId;
  const parts = missingParts(snippetsDir, projectId, isFitted(project.source));
  timings.check = Math.round(performance.now() - started);
  let snippet: string;
  try {
    snippet = await build(project, published, { ...stubbed, revision }, plugins, String(revision), timings, parts);
  } catch (error) {
    throw new PublishRefused((error as Error).message, []);
  }
  const writing = performance.now();
  const record: Revision = {
    revision, kind: fields.kind, note: fields.note, time: new Date().toISOString(), sizes: await measureAsync(snippet),
    ...(fields.from !== undefined ? { from: fields.from } : {}),
    ...(fields.acknowledgedConflicts?.length ? { acknowledgedConflicts: fields.acknowledgedConflicts } : {}), data: published, snippet,
  };
  await installSnippet(snippetsDir, projectId, snippet, parts, project.source?.pageParts);
  await writeRevision(project.dir, record);
  // The working copy keeps its revision field: the next publish numbers itself from the history.
  const { data: _data, snippet: _snippet, ...summary } = record;
  timings.write = Math.round(performance.now() - writing);
  return { ...summary, timings };
}

/**
 * Publishes the working copy (EDT-9, EDT-13); refused with the problems while it is invalid. The clashes
 * the publisher acknowledged at review are recorded on the revision (issue 37).
 */
export function publish(project: OpenProject, snippetsDir: string, note: string, acknowledgedConflicts: AcknowledgedConflict[] = []): Promise<PublishResult> {
  return serialised(project, async () => {
    const { data, locations, stubbed } = workingData(project);
    return publishData(project, snippetsDir, data, stubbed, locations, { kind: 'publish', note: note.trim() || 'Published', acknowledgedConflicts });
  });
}

/**
 * Publishes an earlier revision's data again as a new revision (EDT-11). With `follow`, the working copy
 * then becomes that revision's data too (synchronised to every open window), so the next publish does
 * not put back what was rolled back; without it the working copy keeps its edits.
 */
export function rollback(project: OpenProject, snippetsDir: string, to: number, note: string, follow = true): Promise<PublishResult> {
  return serialised(project, async () => {
    const target = await readRevision(project.dir, to);
    if (!target) throw new PublishRefused(`There is no revision ${to}.`, []);
    const stubbed = JSON.parse(JSON.stringify(target.data), (_key, value) =>
      value && typeof value === 'object' && typeof value.$fn === 'string' && Object.keys(value).length === 1 ? stub(value.$fn) : value,
    );
    const made = await publishData(project, snippetsDir, target.data, stubbed, {}, {
      kind: 'rollback', note: note.trim() || `Rolled back to revision ${to}`, from: to,
    });
    if (follow) {
      project.store.setTables(encodeProject({ ...target.data, revision: made.revision }) as never);
      await project.save();
    }
    return made;
  });
}
