/**
 * What the services serve for a published project, kept in agreement with its history (EDT-13):
 *
 * - {@link installSnippet} puts a snippet in the served folder (atomically) with the parts it may load
 *   on demand that the folder lacks and the page parts its config module exports. A publish installs first and records the revision after, so a
 *   revision is live only once its snippet is served.
 * - {@link repairServed}, run when the services start, serves each project's newest published
 *   revision: `npm start` rebuilds every `config/` project's snippet from its file, which would
 *   otherwise replace what the editor published, and a process killed between installing a snippet
 *   and recording its revision leaves the folder one step ahead of the history. A project the
 *   editor has never published (its history is only the import) keeps the fresh build of its file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { pagePartCode, type PagePart } from '../../compiler/page-parts';
import { PARTS, partCode, partFile, type PartDefinition } from '../../compiler/snippet-parts';
import { containedPath, writeFileAtomic } from '../../compiler/files';
import { latestRevision } from './revisions';
import { configSources, type ConfigSource } from './sources';
import type { Workspace } from './workspace';

/** The served file of a project's snippet (a valid project id always names a file inside the folder). */
export const servedSnippetFile = (snippetsDir: string, projectId: string): string => containedPath(snippetsDir, `${projectId}.js`);

/** Whether a project's snippet is fitted to its data (a config module that says so; see core/define.ts). */
export const isFitted = (source: ConfigSource | undefined): boolean => !!source?.file.endsWith('.ts') && source.project.fitted === true;

/**
 * The parts a snippet loads on demand (compiler/snippet-parts.ts) that are not yet beside it in the
 * served folder. Each snippet has its own copies, named after it (`<id>.validate.js`), but their code does
 * not depend on the project: the snippet build that filled the folder (`npm start` runs
 * `npm run build:snippets` first) wrote them from the same code, so only the missing ones are made (for a
 * project created in the editor).
 */
export const missingParts = (snippetsDir: string, projectId: string, fitted: boolean): PartDefinition[] =>
  PARTS.filter((part) => (!fitted || part.fitted) && !existsSync(partFile(servedSnippetFile(snippetsDir, projectId), part.name)));

/**
 * Installs a project's snippet in the served folder, the parts it may load that the folder lacks, and its
 * page parts (compiler/page-parts.ts). The page parts go first and every time: the snippet reads their
 * data from the page, so a locale page must find them served before it gets a snippet without that data,
 * and they are the config module's as this process loaded it, whatever an earlier build left.
 */
export async function installSnippet(
  snippetsDir: string, projectId: string, snippet: string, parts: readonly PartDefinition[], pageParts: readonly PagePart[] = [],
): Promise<void> {
  await mkdir(snippetsDir, { recursive: true });
  const target = servedSnippetFile(snippetsDir, projectId);
  for (const part of pageParts) await writeFileAtomic(partFile(target, part.name), await pagePartCode(part));
  await writeFileAtomic(target, snippet);
  for (const part of parts) await writeFileAtomic(partFile(target, part.name), await partCode(part));
}

/**
 * Serves each project's newest published revision (see the file comment). Returns a line per project
 * whose served snippet was replaced, for the start-up log.
 */
export async function repairServed(workspace: Workspace): Promise<string[]> {
  const repaired: string[] = [];
  const sources = await configSources();
  for (const { meta, dir } of await workspace.storedProjects()) {
    const live = await latestRevision(dir);
    if (!live?.snippet || live.kind === 'import') continue;
    const file = servedSnippetFile(workspace.snippetsDir, meta.projectId);
    const served = await readFile(file, 'utf8').catch(() => undefined);
    if (served === live.snippet) continue;
    const source = sources.find((candidate) => candidate.projectId === meta.projectId);
    const parts = missingParts(workspace.snippetsDir, meta.projectId, isFitted(source));
    await installSnippet(workspace.snippetsDir, meta.projectId, live.snippet, parts, source?.pageParts);
    repaired.push(`${meta.projectId}: serving published revision ${live.revision}${served === undefined ? '' : ' (the served file was another build)'}`);
  }
  return repaired;
}
