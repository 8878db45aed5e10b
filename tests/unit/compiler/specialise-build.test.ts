/**
 * The compiled build (`npm run build:snippet -- <project> --compiled`, compiler/specialise.ts): the same
 * project gives the same bytes, the snippet holds no eval, a `--pretty` build shows the generated code, the
 * generic snippet carries none of it, and a page URL pattern the guard refuses fails the build with the
 * guard's message.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../core/project/regex';
import { buildSnippet, loadProject, snippetCode } from '../../../compiler/build';
import { findUnsafeEval, ROOT } from '../../../compiler/snippet';
import { RefusedPattern, specialisedSource } from '../../../compiler/specialise';
import { literal } from '../../../compiler/specialise-literal';

const EXAMPLE = join(ROOT, 'config/example/project.ts');
const HOMEPAGE = join(ROOT, 'config/homepage/project.ts');

// Each test bundles and minifies whole snippets: seconds alone, far longer on a loaded machine.
describe('compiled snippet build', { timeout: 120_000 }, () => {
  it('the same project gives the same bytes, with no eval or Function constructor', async () => {
    const [first, second] = [await snippetCode(EXAMPLE, { compiled: true }), await snippetCode(EXAMPLE, { compiled: true })];
    expect(second).toBe(first);
    expect(findUnsafeEval(first)).toBeUndefined();
    const homepage = (await loadProject(HOMEPAGE)).project.data;
    expect(specialisedSource(homepage).source).toBe(specialisedSource(homepage).source);
  });

  it('a --pretty build shows the generated code; the generic snippet carries none of it', async () => {
    const pretty = await snippetCode(HOMEPAGE, { compiled: true, pretty: true });
    // The homepage's AUS + NZ audience as a predicate over its two location leaves, read from its own
    // conditions (the snippet carries each condition once, in the data), and a page's regex literal.
    expect(pretty).toMatch(/\/\/ audiences\[4\] aus_nz\n\s*\(leaf, c\) => \{\n\s*const a0 = leaf\(c\[1\]\);\n\s*const a1 = leaf\(c\[2\]\);/);
    expect(pretty.match(/"NZ"/g)).toHaveLength(1);
    expect(pretty).toContain('/^[^/?#]+\\/de-de(?:[?#]|$)/');
    expect(findUnsafeEval(pretty)).toBeUndefined();
    const generic = await snippetCode(HOMEPAGE);
    expect(generic).not.toContain('"specialised"');
    expect(await snippetCode(HOMEPAGE, { compiled: true })).toContain('"specialised"');
  });

  it('URL-5 a page pattern the guard refuses fails the compiled build with the guard\'s message', async () => {
    // A simple rule's wildcards make a pattern (`.*a.*b.*c`) whose cost is cubic: the guard refuses it.
    const pattern = '/a*b*c*d';
    const dir = mkdtempSync(join(tmpdir(), 'varia-compiled-'));
    const project = join(dir, 'project.json');
    const data = { projectId: 'wildcards', accountId: 'a', revision: 1, pages: [{ id: 'p', apiName: 'p', staticConditions: [{ type: 'url', match: 'simple', value: pattern }] }] };
    writeFileSync(project, JSON.stringify({ data, plugins: { preset: 'standard' } }));
    expect(() => specialisedSource(data)).toThrow(RefusedPattern);
    const reason = compile('^/a.*b.*c.*d$', 'i');
    expect(typeof reason).toBe('string');
    await expect(buildSnippet(project, join(dir, 'out.js'), { compiled: true })).rejects.toThrow(reason as string);
    // The generic build of the same project is not refused: its interpreter never matches the pattern.
    await buildSnippet(project, join(dir, 'generic.js'));
    expect(readFileSync(join(dir, 'generic.js'), 'utf8').length).toBeGreaterThan(1000);
  });

  it('a condition no literal gives back exactly is left to the interpreter, audience by audience', () => {
    const data = {
      audiences: [
        { id: 'plain', conditions: ['and', { type: 'device', value: 'phone' }] },
        { id: 'function', conditions: ['and', { type: 'custom', value: () => true }] },
      ],
    };
    const { source, summary } = specialisedSource(data);
    expect(summary.audiences).toEqual({ generated: 1, total: 2 });
    expect(source).toContain('// audiences[1] function: interpreted\n');
    // Literals keep what JSON would lose: undefined, -0, NaN, a `__proto__` key.
    const value = { a: undefined, b: -0, c: NaN, ['__proto__']: 1 };
    expect(literal(value)).toBe('{ "a": undefined, "b": -0, "c": NaN, ["__proto__"]: 1 }');
    const sparse = [1];
    sparse[2] = 3;
    expect(literal(sparse)).toBeUndefined();
    expect(literal(new Date(0))).toBeUndefined();
  });
});
