/**
 * The editor's publish of the homepage project (EDT-12, EDT-13, EDT-19), on a real workspace in a
 * temporary folder: the snippet it publishes is the command line's build of the same data, an
 * unchanged project publishes within 1% of `npm run build:snippet`'s snippet (the working copy keeps
 * the values the config file computes as literals; the publish refers to them instead), and a move or
 * a redirect, whose appliers the homepage's hand-written plugin list lacks, is valid and published
 * with the standard appliers. The parts the snippet may load on demand are written beside it, and so are
 * its page parts (each locale's copy, which the snippet itself does not carry).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_URL } from '../../../plugins/change-appliers/redirect';
import { buildSnippet, snippetCode } from '../../../compiler/build';
import { ROOT, measure } from '../../../compiler/snippet';
import { PARTS, partFile } from '../../../compiler/snippet-parts';
import { pagePartCode } from '../../../compiler/page-parts';
import { IN_LANGUAGE_LOCALES } from '../../../config/homepage/layers/in-language';
import { LOCALE_COPY } from '../../../config/homepage/site/copy/locale-copy';
import { decodeProject, encodeProject } from '../../../editor-model/project-codec';
import { publish, publishModuleText, review } from '../../../services/editor/publish';
import { configPublishModule } from '../../../services/editor/publish-module';
import { readRevision } from '../../../services/editor/revisions';
import { publishPlugins } from '../../../services/editor/sources';
import { Workspace, type OpenProject } from '../../../services/editor/workspace';

let dir: string;
let workspace: Workspace;
let project: OpenProject;
/** `npm run build:snippet`'s homepage snippet. */
let cliCode = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'editor-publish-'));
  workspace = new Workspace(join(dir, 'editor'), join(dir, 'snippets'));
  project = await workspace.get('homepage');
});
afterAll(async () => {
  await workspace?.close();
});

/** Builds the module a publish made for a revision's data with the command line's build. */
async function commandLineBuild(revision: number): Promise<{ published: string; built: string }> {
  const record = (await readRevision(project.dir, revision))!;
  const plugins = await publishPlugins(project.source, record.data);
  const file = join(dir, `module-${revision}.ts`);
  writeFileSync(file, await publishModuleText(project, record.data, plugins));
  const built = await buildSnippet(file, join(dir, `cli-${revision}.js`));
  return { published: record.snippet!, built: await readFile(built.file, 'utf8') };
}

describe('publish of the homepage project', () => {
  it('EDT-13 the unchanged project publishes within 1% of npm run build:snippet (gzip), and as the command line builds the same data', async () => {
    const made = await publish(project, join(dir, 'snippets'), 'unchanged');
    cliCode = await snippetCode(join(ROOT, 'config/homepage/project.ts'));
    const cli = measure(cliCode);
    // Measured: 44 B apart (the revision number and the module that swaps it in); 9 KB before.
    expect(Math.abs(made.sizes!.gzip - cli.gzip) / cli.gzip).toBeLessThanOrEqual(0.01);
    const served = await readFile(join(dir, 'snippets', 'homepage.js'), 'utf8');
    expect(served).toContain(`${made.revision}`);
    const { published, built } = await commandLineBuild(made.revision);
    expect(published === built, 'published snippet equals the command line build').toBe(true);
    expect(published === served, 'the served snippet is the published one').toBe(true);
    // The parts a fitted snippet may load go beside it (the folder had none); the validators' does not.
    for (const part of PARTS) {
      expect(existsSync(partFile(join(dir, 'snippets', 'homepage.js'), part.name)), part.name).toBe(part.fitted);
    }
    // So do its page parts, each locale's copy, which the snippet no longer carries: a locale page of the
    // published homepage finds its copy beside it.
    const pageParts = project.source!.pageParts;
    expect(pageParts.map((part) => part.name).sort()).toEqual(IN_LANGUAGE_LOCALES.map((locale) => `copy-${locale}`).sort());
    for (const part of pageParts) {
      const installed = await readFile(partFile(join(dir, 'snippets', 'homepage.js'), part.name), 'utf8');
      expect(installed === (await pagePartCode(part)), `${part.name} installed as the build makes it`).toBe(true);
    }
    for (const locale of IN_LANGUAGE_LOCALES) {
      const copy = LOCALE_COPY[locale]!;
      expect(served.includes(copy.hero.title1), `${locale} hero in the snippet`).toBe(false);
      expect(served.includes(copy.widget.dataTypes), `${locale} widget copy in the snippet`).toBe(false);
    }
  }, 240_000);

  it('EDT-12 EDT-13 EDT-19 a move and a redirect are valid and published with the standard appliers, as the command line builds them', async () => {
    const unchanged = await publishPlugins(project.source, project.source!.project.data as never);
    expect(unchanged.added).toEqual([]);

    const tables = project.store.getTables() as Record<string, Record<string, Record<string, unknown>>>;
    const [actionId] = Object.keys(tables.actions);
    project.store.setRow('changes', 'test-move', {
      id: 'test-move', parentTable: 'actions', parentId: actionId, listKey: 'changes', order: 100,
      type: 'rearrange', selector: 'section.features p.section-lead', operator: 'after', insertSelector: 'div.feature-grid',
    });
    project.store.setRow('changes', 'test-redirect', {
      id: 'test-redirect', parentTable: 'actions', parentId: actionId, listKey: 'changes', order: 101, type: 'redirect', value: '/pt-br',
    });
    // An edited function is built from its text.
    project.store.setCell('settings', 'project', 'projectJS', '(api) => { api.log.info("edited project script 58"); }');

    const checked = await review(project);
    expect(checked.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(checked.valid).toBe(true);
    const made = await publish(project, join(dir, 'snippets'), 'move and redirect');
    const { published, built } = await commandLineBuild(made.revision);
    expect(published === built, 'published snippet equals the command line build').toBe(true);
    expect(published.includes('edited project script 58')).toBe(true);
    // The appliers themselves (`name:"rearrange"` is the plugin; the data says `type:"rearrange"`): in the
    // published snippet, not in the command line's of the unchanged project.
    for (const applier of ['name:"rearrange"', 'name:"redirect"', MSG_NO_URL]) {
      expect(published.includes(applier), `published snippet has ${applier}`).toBe(true);
      expect(cliCode.includes(applier), `command line's snippet has ${applier}`).toBe(false);
    }
    const plugins = await publishPlugins(project.source, (await readRevision(project.dir, made.revision))!.data);
    expect(plugins.added.map((entry) => entry.use)).toEqual(['change-appliers/rearrange', 'change-appliers/redirect']);
  }, 240_000);
});

describe('publish module of a config project', () => {
  const layer = { id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', variations: [{ id: 'A', name: 'The original, with a name long enough to be worth a reference by its path', actions: [] }, { id: 'B', actions: [] }] }] };
  const source = {
    projectId: 'p', file: join(ROOT, 'config/p/project.ts'), path: 'config/p/project.ts',
    project: { data: { projectId: 'p', accountId: 'a', revision: 1, projectJS: (api: { log: unknown }) => [api.log, "a project script long enough to be worth a reference"], layers: [layer], pages: [{ id: 'P', apiName: 'home', created: new Date(0) }] } },
  };
  const none = { plugins: [], added: [], at: 0 };

  it('EDT-13 unchanged values and functions are taken from the config module; edited ones are written out', () => {
    const kept = decodeProject(encodeProject(source.project.data as never)).data;
    const unchanged = configPublishModule(source as never, { ...kept, revision: 2 }, none);
    expect(unchanged).toContain('"layers": __variaConfig.data["layers"]');
    expect(unchanged).toContain('"projectJS": __variaConfig.data["projectJS"]');
    expect(unchanged).toContain('"revision": 2');
    // The Date the store cannot hold became {} there, and is not taken for the module's Date.
    expect(unchanged).not.toContain('__variaConfig.data["pages"]');

    const edited = structuredClone(kept) as typeof kept & { layers: Array<typeof layer> };
    edited.layers[0].experiments[0].variations[1] = { id: 'B', name: 'Renamed', actions: [] } as never;
    edited.projectJS = { $fn: '(api) => api.log' };
    const text = configPublishModule(source as never, edited, none);
    expect(text).toContain('__variaConfig.data["layers"][0]["experiments"][0]["variations"][0]');
    expect(text).toContain('"name": "Renamed"');
    expect(text).toContain('((api) => api.log)');
    expect(text).toContain('const __name');
  });
});
