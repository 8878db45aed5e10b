/**
 * The on-demand parts' stand-ins (compiler/snippet-parts.ts PART_STUBS): each offers what the module it
 * replaces in a snippet offers, and the regex guard's stand-in analyses patterns fully once the validate part
 * has brought the analysis, and keeps the limits until then.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as guard from '../../../core/project/regex';
import { partNow, partUrl, PARTS_GLOBAL, PARTS_VERSION, registerPart } from '../../../plugins/_shared/parts';
import { ON_DEMAND_MODULES, ON_DEMAND_PLUGINS, PART_STUBS, PARTS, PLUGIN_PART_STUBS } from '../../../compiler/snippet-parts';
import { isStandIn } from '../../../plugins/_shared/stand-in';
import { ROOT } from '../../../compiler/snippet';

const exportsOf = (module: object) => Object.keys(module).sort();

describe('on-demand parts: stand-ins', () => {
  const global = globalThis as unknown as Record<string, unknown>;
  afterEach(() => {
    delete global.window;
  });

  it('every stand-in exists and exports what the module it replaces exports', async () => {
    expect(Object.keys(PART_STUBS).length).toBeGreaterThan(0);
    for (const [real, stub] of Object.entries(PART_STUBS)) {
      expect(existsSync(join(ROOT, stub)), stub).toBe(true);
      const [realModule, stubModule] = await Promise.all([import(join(ROOT, real)), import(join(ROOT, stub))]);
      expect(exportsOf(stubModule), `${stub} stands in for ${real}`).toEqual(exportsOf(realModule));
    }
    expect(PARTS.map((part) => part.name)).toEqual(['validate', 'behavior', 'qa-log', ...ON_DEMAND_PLUGINS.map((plugin) => plugin.part), ...ON_DEMAND_MODULES.map((module) => module.part)]);
  });

  it('every plugin built as a part has a stand-in of its type and name (a factory for a factory), and its part is not for fitted snippets', async () => {
    expect(Object.keys(PLUGIN_PART_STUBS).length).toBe(ON_DEMAND_PLUGINS.length);
    for (const [real, stub] of Object.entries(PLUGIN_PART_STUBS)) {
      const [realModule, stubModule] = await Promise.all([import(join(ROOT, real)), import(join(ROOT, stub))]);
      const make = (module: { default: unknown }) => (typeof module.default == 'function' ? (module.default as () => unknown)() : module.default) as { type: string; name: string };
      expect(typeof stubModule.default, stub).toBe(typeof realModule.default);
      const [plugin, standIn] = [make(realModule), make(stubModule)];
      expect([standIn.type, standIn.name], stub).toEqual([plugin.type, plugin.name]);
      expect(isStandIn(standIn), stub).toBe(true);
    }
    for (const part of PARTS.filter((p) => ON_DEMAND_PLUGINS.some((plugin) => plugin.part === p.name))) expect(part.fitted).toBe(false);
  });

  it('URL-5 AUD-13 the regex guard of a whole-preset snippet: the limits alone, then the full analysis once the validate part is loaded', async () => {
    const onDemand = await import('../../../plugins/_shared/regex-on-demand');
    global.window = {};
    expect(onDemand.MAX_PATTERN).toBe(guard.MAX_PATTERN);
    expect(onDemand.MAX_REGEX_INPUT).toBe(guard.MAX_REGEX_INPUT);
    // Before the part: the length limit only (the snippet's own patterns were analysed when it was built).
    expect(onDemand.unsafeReason('(b+)+$')).toBeUndefined();
    expect(onDemand.unsafeReason('x'.repeat(guard.MAX_PATTERN + 1))).toMatch(/longer than/);
    // The validate part registers the full analysis: every later pattern goes through it.
    global.window = { [PARTS_GLOBAL]: { v: PARTS_VERSION, validate: { unsafeReason: guard.unsafeReason } } };
    expect(onDemand.unsafeReason('(c+)+$')).toBe(guard.unsafeReason('(c+)+$'));
    expect(onDemand.regexProblem('(d+)+$')).toMatch(/^Unsafe regular expression/);
    expect(onDemand.testRegex('^(e+)+$', 'eeee')).toBeNull();
    expect(onDemand.testRegex('^(foo|bar)+$', 'foobar')).toBe(true);
  });

  it('a part is found beside the snippet (query kept), and registers only into a registry of its own version', () => {
    expect(partUrl('validate', 'https://cdn.example/s/site.js?v=3')).toBe('https://cdn.example/s/site.validate.js?v=3');
    expect(partUrl('behavior', 'http://127.0.0.1:4477/snippets/homepage.js')).toBe('http://127.0.0.1:4477/snippets/homepage.behavior.js');
    expect(partUrl('behavior', 'https://cdn.example/s/site')).toBe('https://cdn.example/s/site.behavior.js');
    expect(partUrl('validate', undefined)).toBeUndefined();
    expect(partUrl('validate', 'not a url')).toBeUndefined();
    const win = {} as Window;
    registerPart(win, 'behavior', { a: 1 });
    expect(partNow(win, 'behavior')).toEqual({ a: 1 });
    // A registered part is not replaced; a registry of another version takes nothing.
    registerPart(win, 'behavior', { a: 2 });
    expect(partNow(win, 'behavior')).toEqual({ a: 1 });
    const other = { [PARTS_GLOBAL]: { v: PARTS_VERSION + 1 } } as unknown as Window;
    registerPart(other, 'behavior', { a: 3 });
    expect(partNow(other, 'behavior')).toBeUndefined();
  });
});
