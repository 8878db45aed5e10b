import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG_FITTED_LOAD } from '../../../core/project/prepare-fitted';
import { STANDARD_MODULES } from '../../../plugins/presets/fit';
import { buildSnippet } from '../../../compiler/build';
import { COMPILE_HINT } from '../../../compiler/snippet';
import { partFile } from '../../../compiler/snippet-parts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'varia-snippet-'));

// Every test here bundles and minifies at least one snippet: seconds alone, far longer on a loaded machine.
describe('snippet build', { timeout: 120_000 }, () => {
  it('builds a JSON project with named plugins (and a factory with options) into one IIFE with its sizes', async () => {
    const dir = tempDir();
    const project = join(dir, 'project.json');
    writeFileSync(
      project,
      JSON.stringify({
        data: { projectId: 'json-demo', accountId: 'a', revision: 2 },
        plugins: [{ use: 'modules/timeline', options: { limit: 5 } }],
      }),
    );
    const built = await buildSnippet(project, join(dir, 'out.js'));
    const code = readFileSync(built.file, 'utf8');
    expect(built.projectId).toBe('json-demo');
    // V8's compile hint first (a comment), then the IIFE.
    expect(code.startsWith(COMPILE_HINT)).toBe(true);
    const body = code.slice(COMPILE_HINT.length);
    expect(body.startsWith('!function') || body.startsWith('(()=>')).toBe(true);
    expect(code).toContain('"json-demo"');
    expect(built.sizes.raw).toBe(Buffer.byteLength(code));
    expect(built.sizes.gzip).toBeLessThan(built.sizes.raw);
    expect(built.sizes.brotli).toBeLessThan(built.sizes.raw);
  });

  it('builds a JSON project on the standard preset fitted to its data: smaller than the whole preset, the unused plugins left out', async () => {
    const dir = tempDir();
    const data = {
      projectId: 'fitted-demo',
      accountId: 'a',
      revision: 1,
      pages: [{ id: 'home', apiName: 'home', staticConditions: [{ type: 'url', match: 'substring', value: '/' }] }],
    };
    const fitted = join(dir, 'fitted.json');
    writeFileSync(fitted, JSON.stringify({ data, plugins: { preset: 'standard', options: { tracker: { host: 'https://collect.example' } } } }));
    const whole = join(dir, 'whole.json');
    writeFileSync(whole, JSON.stringify({ data, plugins: STANDARD_MODULES.filter((entry) => !entry.optional).map((entry) => entry.use) }));
    const small = await buildSnippet(fitted, join(dir, 'fitted.js'));
    const large = await buildSnippet(whole, join(dir, 'whole.js'));
    expect(small.sizes.gzip).toBeLessThan(large.sizes.gzip * 0.9);
    const code = readFileSync(small.file, 'utf8');
    expect(code).toContain('https://collect.example');
    // The device types appear only in the device matcher and provider, which the project does not use.
    expect(code).not.toContain('desktop_laptop');
    expect(readFileSync(large.file, 'utf8')).toContain('desktop_laptop');
    // The validators stay out: the fitted snippet refuses data from `load` rather than validating it; the
    // whole preset's snippet loads them on demand, from the validate part written beside it.
    expect(code).not.toContain('A condition must be an object with a type');
    expect(readFileSync(large.file, 'utf8')).not.toContain('A condition must be an object with a type');
    expect(readFileSync(partFile(large.file, 'validate'), 'utf8')).toContain('A condition must be an object with a type');
    expect(existsSync(partFile(small.file, 'validate'))).toBe(false);
    expect(code).toContain(MSG_FITTED_LOAD);
    // Two whole snippet builds (terser with two passes): slower than the default test timeout on 2 cores.
  }, 120_000);

  it('refuses a preset other than the standard one', async () => {
    const dir = tempDir();
    const project = join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ data: { projectId: 'p', accountId: 'a', revision: 1 }, plugins: { preset: 'tiny' } }));
    await expect(buildSnippet(project, join(dir, 'out.js'))).rejects.toThrow('the only preset is "standard"');
  });

  it('CFG-21 refuses an invalid project and names every problem, not only the first', async () => {
    const dir = tempDir();
    const project = join(dir, 'bad.json');
    writeFileSync(
      project,
      JSON.stringify({ data: { accountId: 'a', revision: 'x', layers: [{ id: '1', policy: 'single_experiment', experiments: [] }] } }),
    );
    const failure = await buildSnippet(project, join(dir, 'out.js')).catch((error: Error) => error.message);
    expect(failure).toContain('projectId is required');
    expect(failure).toContain('revision must be a number or a numeric string');
    expect(failure).toContain('layer "1": No experiments in layer.');
  });

  it('refuses a plugin name that names no plugin folder, in the catalogue\'s capitalisation', async () => {
    const dir = tempDir();
    const project = join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ data: { projectId: 'p', accountId: 'a', revision: 1 }, plugins: ['deciders/nope'] }));
    await expect(buildSnippet(project, join(dir, 'out.js'))).rejects.toThrow('Unknown plugin "deciders/nope"');
  });

  it('names an invalid project by the path its caller gave, and its problems with one path style', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'project.json'),
      JSON.stringify({
        data: {
          projectId: 'p', accountId: 'a', revision: 1, pages: [{ id: 'p1', apiName: 'home' }],
          layers: [{ id: 'l1', policy: 'single_experiment', experiments: [{ id: 'e1', variations: [{ id: 'v1', actions: [{ pageId: 'p1', changes: [{ id: 'c1', type: 'teleport' }] }] }] }] }],
        },
        plugins: ['modules/changes'],
      }),
    );
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const failure = await buildSnippet('project.json', 'out.js').then(() => '', (error: Error) => error.message);
      expect(failure.split('\n')[0]).toBe('project.json is invalid:');
      // The structural warning and the changes rule's error point at the same place, written the same way.
      expect(failure).toContain('(at layers[0].experiments[0].variations[0].actions[0].changes[0].type)');
      expect(failure).not.toMatch(/layers\.0/);
    } finally {
      process.chdir(cwd);
    }
  });

  it('AUD-4 CHG-3 refuses, at build time, an audience condition or a change whose type no plugin of the project handles', async () => {
    const dir = tempDir();
    const project = join(dir, 'project.json');
    const layer = {
      id: 'l1',
      policy: 'single_experiment',
      experiments: [
        {
          id: 'e1',
          audienceIds: ['a1'],
          variations: [{ id: 'v1', actions: [{ pageId: 'p1', changes: [{ id: 'c1', type: 'attribute', selector: 'h1', attributes: { text: 'Hi' } }] }] }],
        },
      ],
    };
    writeFileSync(
      project,
      JSON.stringify({
        data: {
          projectId: 'p',
          accountId: 'a',
          revision: 1,
          pages: [{ id: 'p1', apiName: 'home' }],
          audiences: [{ id: 'a1', conditions: [{ type: 'no_such_condition', value: 'x' }] }],
          layers: [layer],
        },
        // The audiences and changes modules bring the rules; no matcher and no attribute applier are listed.
        plugins: ['modules/audiences', 'modules/changes'],
      }),
    );
    const failure = await buildSnippet(project, join(dir, 'out.js')).catch((error: Error) => error.message);
    expect(failure).toContain('No audience matcher for condition type "no_such_condition"');
    expect(failure).toContain('Unrecognized change type "attribute"');
  });
});
