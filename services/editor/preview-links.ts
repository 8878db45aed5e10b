/**
 * "Preview as a visitor" of the working copy, before it is published (issue 36; BOOT-1, BOOT-2): the
 * editor asks for a preview link, and the services take a snapshot of the working copy, check it as a
 * publish would, and compile its data (custom code and widget settings as real functions, as the
 * snippet build makes them) into a preview-data script kept under a fresh token. The site's bootstrap
 * requests `/homepage/preview-data.js?token=...`; the script hands the data over
 * (`window.variaPreview.push({ projectId, token, data, ... })`), and the live snippet then runs the
 * working copy's data instead of its own, with the variation forced by the link. The script also puts a
 * notice on the page: an unpublished preview, the variations forced, and what the runtime decided for
 * this browser in the other campaigns (sticky decisions included).
 *
 * Tokens are `<projectId>.<32 hex>` and live in memory for {@link PREVIEW_LIFETIME_MS}: a link of a
 * restarted process, or an old one, is answered as unknown, and the bootstrap then refuses to start
 * rather than show the live site as if it were the preview.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { containedPath } from '../../compiler/files';
import { ROOT } from '../../compiler/snippet';
import { check, PublishRefused, publishModuleText, workingData } from './publish';
import type { PublishPlugins } from './sources';
import type { ProjectMeta } from '../../editor-model/api-contract';
import type { OpenProject } from './workspace';

/** How long a preview link works. */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;
/** Previews kept at once (the oldest go first). */
const MAX_PREVIEWS = 50;

/** A preview link's token and when it stops working. */
export interface IssuedPreview {
  token: string;
  expiresAt: string;
}

/** The registry of one services process. */
export interface PreviewLinks {
  /** Snapshots, checks and compiles the working copy; refused (PublishRefused) while it has errors. */
  issue(project: OpenProject, variationIds: readonly string[]): Promise<IssuedPreview>;
  /** The preview-data script for a token (an unknown or expired one gets a script that says so). */
  script(token: string, query: { layers?: string; variations?: string }): string;
}

/** The notice the preview puts on the page, kept current on every activation (CSP-safe: CSSOM styles only). */
const NOTICE = `
function variaPreviewNotice(answer) {
  var render = function () {
    var api = window.varia;
    var box = document.getElementById('varia-preview-notice');
    if (!box) {
      box = document.createElement('aside');
      box.id = 'varia-preview-notice';
      box.setAttribute('role', 'status');
      box.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:2147483647;max-width:380px;background:#1e1b4b;color:#eef2ff;' +
        'font:13px/1.45 system-ui,sans-serif;border-radius:10px;padding:12px 14px;box-shadow:0 10px 30px rgba(0,0,0,.35)';
      (document.body || document.documentElement).appendChild(box);
    }
    var lines = [answer.error ? answer.error : 'Unpublished preview of the working copy of ' + answer.projectName + '.'];
    if (answer.forced && answer.forced.length) lines.push('Forced: ' + answer.forced.join(', ') + '.');
    var state = api && !Array.isArray(api) ? api.get('state') : null;
    var map = state ? state.getVariationMap() : {};
    var others = Object.keys(map).filter(function (id) { return answer.forcedExperiments.indexOf(id) < 0; });
    if (others.length) lines.push('Also decided for this browser: ' + others.map(function (id) { return (answer.names[id] || id) + ' \\u2192 ' + (map[id].name || map[id].id); }).join('; ') + '.');
    box.textContent = lines.join('\\n');
    box.style.whiteSpace = 'pre-wrap';
  };
  if (document.body) render(); else document.addEventListener('DOMContentLoaded', render, { once: true });
  (window.varia = window.varia || []).push(['addListener', { type: 'lifecycle', name: 'activated' }, render]);
}
`;

type Obj = Record<string, unknown>;

/**
 * Whether the project's pages run a bootstrap that loads preview data: a `bootstrap.ts` beside its
 * project file under config/ (the homepage's runs BOOT-1, BOOT-2). A project created in the editor has none.
 */
export function runsPreviewData(meta: ProjectMeta): boolean {
  const source = /^config\/([\w-]+)\/project\.(ts|json)$/.exec(meta.source ?? '');
  return !!source && existsSync(join(ROOT, 'config', source[1], 'bootstrap.ts'));
}
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter((item): item is Obj => !!item && typeof item === 'object') : []);

/** Experiment and variation names of the data, and the forced variations' words for the notice. */
function describe(data: Obj, variationIds: readonly string[]) {
  const names: Record<string, string> = {};
  const forced: string[] = [];
  const forcedExperiments: string[] = [];
  for (const layer of list(data.layers)) {
    for (const experiment of list(layer.experiments)) {
      const experimentName = String(experiment.name ?? experiment.id);
      names[String(experiment.id)] = experimentName;
      for (const variation of list(experiment.variations)) {
        if (!variationIds.includes(String(variation.id))) continue;
        forced.push(`${experimentName} \u2192 ${String(variation.name ?? variation.id)}`);
        forcedExperiments.push(String(experiment.id));
      }
    }
  }
  return { names, forced, forcedExperiments };
}

const ANSWER_GLOBAL = 'variaPreview';
const push = (answer: string) => `(window.${ANSWER_GLOBAL} = window.${ANSWER_GLOBAL} || []).push(${answer});`;
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const idList = (value: string | undefined) => (value ?? '').split(',').map((id) => id.trim()).filter((id) => /^[\w.-]+$/.test(id));

/** Creates the registry. */
export function createPreviewLinks(): PreviewLinks {
  const previews = new Map<string, { script: string; expires: number }>();
  let builds = 0;

  /** The working copy's data as a browser script expression, functions compiled (the publish module's own). */
  const compileData = async (project: OpenProject, data: Obj, plugins: PublishPlugins): Promise<string> => {
    if (plugins.added.length) {
      throw new PublishRefused(
        `The working copy uses a change type the live snippet cannot apply (${plugins.added.map((entry) => entry.plugin.name).join(', ')}): publish it to preview it.`,
        [],
      );
    }
    const dir = containedPath(project.dir, 'build');
    await mkdir(dir, { recursive: true });
    const moduleFile = containedPath(dir, `preview-${process.pid}-${(builds += 1)}.ts`);
    const entryFile = containedPath(dir, `preview-${process.pid}-${builds}-entry.ts`);
    await writeFile(moduleFile, await publishModuleText(project, data, plugins));
    await writeFile(entryFile, `import project from ${JSON.stringify(moduleFile.split('\\').join('/'))};\nexport const data = project.data;\n`);
    try {
      const result = await build({
        entryPoints: [entryFile], bundle: true, format: 'iife', globalName: '__variaPreviewData', target: 'es2020', platform: 'browser',
        minify: true, write: false, logLevel: 'silent', absWorkingDir: ROOT,
      });
      return `(function () {\n${result.outputFiles[0].text}\nreturn __variaPreviewData.data;\n})()`;
    } finally {
      await rm(moduleFile, { force: true });
      await rm(entryFile, { force: true });
    }
  };

  return {
    async issue(project, variationIds) {
      if (!runsPreviewData(project.meta)) {
        throw new PublishRefused(
          `The pages of ${project.meta.name} run no bootstrap that loads preview data, so a link cannot show the working copy: ` +
            'the preview shows the live revision with the variation forced. Publish to see your edits there.',
          [],
        );
      }
      const { data, locations, stubbed } = workingData(project);
      const { plugins, problems } = await check(project, stubbed, locations);
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length) throw new PublishRefused(`The working copy has ${errors.length} problem(s); fix them before previewing it.`, errors);
      const dataExpression = await compileData(project, data, plugins);
      const token = `${project.meta.projectId}.${randomBytes(16).toString('hex')}`;
      const expires = Date.now() + PREVIEW_LIFETIME_MS;
      const words = describe(data, variationIds);
      const answer = `{ projectId: ${json(project.meta.projectId)}, token: ${json(token)}, variationIds: ${json(variationIds)}, data: ${dataExpression} }`;
      const notice = json({ projectName: project.meta.name, ...words });
      previews.set(token, { script: `${NOTICE}\n${push(answer)}\nvariaPreviewNotice(${notice});\n`, expires });
      for (const [key, entry] of previews) if (entry.expires < Date.now() || previews.size > MAX_PREVIEWS) previews.delete(key);
      return { token, expiresAt: new Date(expires).toISOString() };
    },
    script(token, query) {
      const found = previews.get(token);
      if (found && found.expires >= Date.now()) {
        // The link's own layer ids (BOOT-2) narrow what runs: the bootstrap filters the data by them.
        const layers = idList(query.layers);
        return layers.length ? `${found.script}\nwindow.${ANSWER_GLOBAL}[window.${ANSWER_GLOBAL}.length - 1].layerIds = ${json(layers)};\n` : found.script;
      }
      const error = 'This preview link has expired, or the services were restarted since it was made: open a new one from the editor.';
      return `${NOTICE}\n${push(json({ projectId: '', token, error }))}\nvariaPreviewNotice(${json({ error, forced: [], forcedExperiments: [], names: {} })});\n`;
    },
  };
}
