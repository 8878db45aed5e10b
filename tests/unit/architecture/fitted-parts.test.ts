import { describe, expect, it } from 'vitest';
import * as checked from '../../../core/project/regex-checked';
import * as guard from '../../../core/project/regex';
import * as cmab from '../../../plugins/modules/decisions/cmab';
import * as cmabOff from '../../../plugins/modules/decisions/cmab-off';
import * as audienceRules from '../../../plugins/modules/audiences/validate';
import * as audienceRulesOff from '../../../plugins/modules/audiences/validate-off';
import * as changeRules from '../../../plugins/modules/changes/validate';
import * as changeRulesOff from '../../../plugins/modules/changes/validate-off';
import * as decisionRules from '../../../plugins/modules/decisions/validate';
import * as decisionRulesOff from '../../../plugins/modules/decisions/validate-off';
import * as pageRules from '../../../plugins/modules/pages/validate';
import * as pageRulesOff from '../../../plugins/modules/pages/validate-off';
import * as relay from '../../../plugins/modules/decisions/relay';
import * as holdback from '../../../plugins/modules/decisions/holdback';
import * as holdbackOff from '../../../plugins/modules/decisions/holdback-off';
import * as tags from '../../../plugins/modules/pages/tags';
import * as tagsOff from '../../../plugins/modules/pages/tags-off';
import * as activationCode from '../../../plugins/modules/pages/activation-code';
import * as activationCodeOff from '../../../plugins/modules/pages/activation-code-off';
import * as relayOff from '../../../plugins/modules/decisions/relay-off';
import { FITTED_PARTS, fittedStubs } from '../../../plugins/presets/fit';
import { bundle } from '../../../scripts/lib/snippet';
import type { ProjectInput } from '../../../core/project/types';

const functionsOf = (module: object) => Object.keys(module).filter((key) => typeof (module as Record<string, unknown>)[key] === 'function').sort();

const layer = (allocationPolicy?: string) => ({
  id: 'l',
  policy: 'single_experiment',
  experiments: [{ id: 'e', ...(allocationPolicy ? { allocationPolicy } : {}), variations: [{ id: 'v', actions: [] }] }],
});

describe('fitted snippets: stand-ins for the parts their data cannot use (plugins/presets/fit.ts)', () => {
  it('every stand-in exists and offers the functions of the module it replaces', async () => {
    const pairs: Array<[object, object]> = [
      [guard, checked],
      [cmab, cmabOff],
      [audienceRules, audienceRulesOff],
      [changeRules, changeRulesOff],
      [decisionRules, decisionRulesOff],
      [pageRules, pageRulesOff],
      [relay, relayOff],
      [holdback, holdbackOff],
      [tags, tagsOff],
      [activationCode, activationCodeOff],
    ];
    expect(FITTED_PARTS.map((part) => part.stub).sort()).toEqual([
      'core/project/regex-checked.ts',
      'plugins/modules/audiences/validate-off.ts',
      'plugins/modules/changes/validate-off.ts',
      'plugins/modules/decisions/cmab-off.ts',
      'plugins/modules/decisions/holdback-off.ts',
      'plugins/modules/decisions/relay-off.ts',
      'plugins/modules/decisions/validate-off.ts',
      'plugins/modules/pages/activation-code-off.ts',
      'plugins/modules/pages/tags-off.ts',
      'plugins/modules/pages/validate-off.ts',
    ]);
    for (const [real, stub] of pairs) expect(functionsOf(real).filter((name) => !functionsOf(stub).includes(name) && name !== 'reusable')).toEqual([]);
  });

  it('AUD-13 URL-5 the regex stand-in keeps the limits, the input cut and the answers of the guard for checked patterns', () => {
    expect([checked.MAX_PATTERN, checked.MAX_REGEX_INPUT]).toEqual([guard.MAX_PATTERN, guard.MAX_REGEX_INPUT]);
    for (const pattern of ['^/shop/.*/item-\\d+$', '(foo|bar)+', '[a-z]+(-[a-z]+)*', 'checkout']) {
      expect(String(checked.compile(pattern, 'i'))).toBe(String(guard.compile(pattern, 'i')));
      expect(checked.testRegex(pattern, '/shop/a/item-12')).toBe(guard.testRegex(pattern, '/shop/a/item-12'));
    }
    expect(checked.regexProblem('(')).toMatch(/^Invalid regular expression/);
    expect(checked.regexProblem(3)).toBe(guard.regexProblem(3));
    expect(checked.regexProblem('a'.repeat(1001))).toMatch(/longer than 1000/);
    // The input is cut at MAX_REGEX_INPUT characters, as by the guard.
    expect(checked.testRegex('b$', 'a'.repeat(3000) + 'b')).toBe(false);
  });

  it('the rule stand-ins report nothing (a fitted snippet never validates) and keep the texts of their API', () => {
    const reports: unknown[] = [];
    const data = { audiences: [{ id: 'a', conditions: ['and', { type: 'nope' }] }], layers: [] } as never;
    audienceRulesOff.audienceRule(() => undefined)(data, (problem) => reports.push(problem), []);
    changeRulesOff.unknownTypeRule(() => false)(data, (problem) => reports.push(problem), []);
    const layered = { layers: [{ id: 'l', policy: 'nope', experiments: [] }], pages: [{ id: 'p', activationType: 'nope' }], events: [{ id: 'e', eventType: 'click' }] } as never;
    decisionRulesOff.policyRule(layered, (problem) => reports.push(problem), []);
    pageRulesOff.pagesRule(layered, (problem) => reports.push(problem), []);
    expect(reports).toEqual([]);
    expect(audienceRulesOff.noMatcherMessage('x')).toBe(audienceRules.noMatcherMessage('x'));
  });

  it('CMAB-1 the bandit stand-in answers the fallback and settles nothing', () => {
    const fallback = { experimentId: 'e', variationId: 'v', reason: 'x' } as never;
    const chooser = cmabOff.createCmab();
    expect(chooser.choose({} as never, {} as never, 'id', fallback)).toBe(fallback);
    expect(() => chooser.settle({} as never, null)).not.toThrow();
  });

  it('CMAB-1 the bandit stays in a fitted snippet whose data has a cmab experiment (either spelling), the regex analysis never', () => {
    const data = (policy?: string) => ({ projectId: 'p', accountId: 'a', layers: [layer(policy)] }) as unknown as ProjectInput;
    expect(fittedStubs(data())['plugins/modules/decisions/cmab.ts']).toBe('plugins/modules/decisions/cmab-off.ts');
    expect(fittedStubs(data())['core/project/regex.ts']).toBe('core/project/regex-checked.ts');
    for (const policy of ['cmab', 'contextual-multi-arm-bandit']) {
      expect(fittedStubs(data(policy))['plugins/modules/decisions/cmab.ts']).toBeUndefined();
      expect(fittedStubs(data(policy))['core/project/regex.ts']).toBe('core/project/regex-checked.ts');
    }
  });

  it('DEC-42 DEC-46 the redirect relay stays in a fitted snippet whose data has a redirect change, in a layer or a variation', () => {
    const redirect = { id: 'r', type: 'redirect', value: '/b' };
    const base = { projectId: 'p', accountId: 'a', layers: [layer()] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/modules/decisions/relay.ts']).toBe('plugins/modules/decisions/relay-off.ts');
    const inVariation = structuredClone(base) as { layers: Array<{ experiments: Array<{ variations: Array<{ actions: unknown[] }> }> }> };
    inVariation.layers[0].experiments[0].variations[0].actions = [{ pageId: 'home', changes: [redirect] }];
    expect(fittedStubs(inVariation as unknown as ProjectInput)['plugins/modules/decisions/relay.ts']).toBeUndefined();
    const inLayer = { ...base, layers: [{ ...layer(), changes: [redirect] }] } as unknown as ProjectInput;
    expect(fittedStubs(inLayer)['plugins/modules/decisions/relay.ts']).toBeUndefined();
  });

  it('DEC-46 the relay stand-in writes nothing, reads nothing and has no relayed decision', () => {
    const stand = relayOff.createRelay();
    expect(stand.write({ layerId: 'l' } as never)).toBe(false);
    expect(stand.track()).toBeUndefined();
    expect(stand.info()).toBeNull();
  });

  it('DEC-11 DEC-12 the holdback draws stay in a fitted snippet whose data has a global or a layer holdback above 0', () => {
    const data = (global?: number, layerHoldback?: number) =>
      ({ projectId: 'p', accountId: 'a', ...(global !== undefined ? { holdback: global } : {}), layers: [{ ...layer(), ...(layerHoldback !== undefined ? { holdback: layerHoldback } : {}) }] }) as unknown as ProjectInput;
    expect(fittedStubs(data())['plugins/modules/decisions/holdback.ts']).toBe('plugins/modules/decisions/holdback-off.ts');
    expect(fittedStubs(data(0, 0))['plugins/modules/decisions/holdback.ts']).toBe('plugins/modules/decisions/holdback-off.ts');
    expect(fittedStubs(data(1))['plugins/modules/decisions/holdback.ts']).toBeUndefined();
    expect(fittedStubs(data(0, 2500))['plugins/modules/decisions/holdback.ts']).toBeUndefined();
  });

  it('DEC-11 ERR-36 the holdback stand-in holds nobody back, decides once per activation and reports a second decision', () => {
    const reports: unknown[] = [];
    const ctx = { report: (...args: unknown[]) => reports.push(args), data: {} } as never;
    const stand = holdbackOff.createGlobalHoldback(ctx);
    expect(stand.get('a1')).toBe(false);
    stand.decide('a1');
    expect(reports).toEqual([['PluginError', 'Attempted to change already set global holdback!', { activationId: 'a1' }]]);
    stand.reset();
    stand.decide('a2');
    expect(stand.get('a2')).toBe(false);
    expect(reports).toHaveLength(1);
    expect(holdbackOff.heldBack(() => 0, 'v', 'e', 0)).toBe(holdback.heldBack(() => 0, 'v', 'e', 0));
  });

  it('PAG-14 page tags are read in a fitted snippet whose data has a page with tags; the stand-in reads none', () => {
    const data = (pageTags?: unknown[]) => ({ projectId: 'p', accountId: 'a', layers: [], pages: [{ id: 'home', apiName: 'home', ...(pageTags ? { tags: pageTags } : {}) }] }) as unknown as ProjectInput;
    expect(fittedStubs(data())['plugins/modules/pages/tags.ts']).toBe('plugins/modules/pages/tags-off.ts');
    expect(fittedStubs(data([]))['plugins/modules/pages/tags.ts']).toBe('plugins/modules/pages/tags-off.ts');
    expect(fittedStubs(data([{ apiName: 'c', locatorType: 'query', locator: 'c' }]))['plugins/modules/pages/tags.ts']).toBeUndefined();
    expect(tagsOff.readTags(undefined, undefined)).toEqual(tags.readTags(undefined, undefined));
  });

  it('PAG-3 PAG-4 pages\' activation code runs in a fitted snippet whose data has a page with code; the stand-in runs none', () => {
    const page = { id: 'home', apiName: 'home', activationType: 'callback' };
    const data = (code?: unknown) => ({ projectId: 'p', accountId: 'a', layers: [], pages: [{ ...page, ...(code ? { activationCode: code } : {}) }] }) as unknown as ProjectInput;
    expect(fittedStubs(data())['plugins/modules/pages/activation-code.ts']).toBe('plugins/modules/pages/activation-code-off.ts');
    expect(fittedStubs(data(() => {}))['plugins/modules/pages/activation-code.ts']).toBeUndefined();
    const ctx = { attempt: (_kind: string, fn: () => unknown) => fn(), report: () => {} } as never;
    expect(activationCodeOff.runActivationCode(ctx, page as never, () => {})).toBe(activationCode.runActivationCode(ctx, page as never, () => {}));
    expect(activationCode.runActivationCode(ctx, { ...page, activationCode: () => 'ran' } as never, () => {})).toBe('ran');
  });

  it('a bundle built with stand-ins carries them instead of the modules', async () => {
    const entry = `export { compile } from './core/project/regex';`;
    const full = await bundle(entry, 'esm');
    const fitted = await bundle(entry, 'esm', { 'core/project/regex.ts': 'core/project/regex-checked.ts' });
    expect(full).toMatch(/exponential time/);
    expect(fitted).not.toMatch(/exponential time/);
    expect(fitted.length).toBeLessThan(full.length / 3);
  });
});
