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
import * as url from '../../../plugins/modules/pages/url';
import * as urlRegex from '../../../plugins/modules/pages/url-regex';
import * as script from '../../../plugins/modules/changes/script';
import * as scriptOff from '../../../plugins/modules/changes/script-off';
import * as locator from '../../../plugins/modules/visitor/locator';
import * as locatorOff from '../../../plugins/modules/visitor/locator-off';
import * as semver from '../../../plugins/audience-matchers/_shared/semver';
import * as semverOff from '../../../plugins/audience-matchers/_shared/semver-off';
import * as values from '../../../plugins/audience-matchers/_shared/values';
import * as valuesBasic from '../../../plugins/audience-matchers/_shared/values-basic';
import * as validationOnly from '../../../plugins/_shared/validation-only';
import * as validationOnlyOff from '../../../plugins/_shared/validation-only-off';
import location from '../../../plugins/audience-matchers/location';
import * as audienceLeaf from '../../../plugins/modules/pages/audience-leaf';
import * as audienceLeafOff from '../../../plugins/modules/pages/audience-leaf-off';
import * as domReady from '../../../plugins/modules/pages/dom-ready';
import * as domReadyControls from '../../../plugins/modules/pages/dom-ready-controls';
import { FITTED_PARTS, fittedStubs } from '../../../plugins/presets/fit';
import { bundle } from '../../../compiler/snippet';
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
      [url, urlRegex],
      [script, scriptOff],
      [locator, locatorOff],
      [semver, semverOff],
      [values, valuesBasic],
      [validationOnly, validationOnlyOff],
      [audienceLeaf, audienceLeafOff],
      [domReady, domReadyControls],
    ];
    expect(FITTED_PARTS.map((part) => part.stub).sort()).toEqual([
      'core/project/regex-checked.ts',
      'plugins/_shared/validation-only-off.ts',
      'plugins/audience-matchers/_shared/semver-off.ts',
      'plugins/audience-matchers/_shared/values-basic.ts',
      'plugins/modules/audiences/validate-off.ts',
      'plugins/modules/changes/script-off.ts',
      'plugins/modules/changes/validate-off.ts',
      'plugins/modules/decisions/cmab-off.ts',
      'plugins/modules/decisions/holdback-off.ts',
      'plugins/modules/decisions/relay-off.ts',
      'plugins/modules/decisions/validate-off.ts',
      'plugins/modules/pages/activation-code-off.ts',
      'plugins/modules/pages/audience-leaf-off.ts',
      'plugins/modules/pages/dom-ready-controls.ts',
      'plugins/modules/pages/tags-off.ts',
      'plugins/modules/pages/url-regex.ts',
      'plugins/modules/pages/validate-off.ts',
      'plugins/modules/visitor/locator-off.ts',
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
    audienceRulesOff.pluginsRule(data, (problem) => reports.push(problem), []);
    changeRulesOff.pluginsRule(data, (problem) => reports.push(problem), []);
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

  it('PAG-10 a page\'s conditions other than URL ones are asked of the audiences module in a fitted snippet whose pages have one; the stand-in answers unknown', () => {
    const data = (...conditions: unknown[]) =>
      ({ projectId: 'p', accountId: 'a', layers: [], pages: [{ id: 'home', apiName: 'home', staticConditions: ['and', ...conditions] }] }) as unknown as ProjectInput;
    const regex = { type: 'url', match: 'regex', value: '^x' };
    const stubOf = (input: ProjectInput) => fittedStubs(input)['plugins/modules/pages/audience-leaf.ts'];
    expect(stubOf(data(regex))).toBe('plugins/modules/pages/audience-leaf-off.ts');
    expect(stubOf({ projectId: 'p', accountId: 'a', layers: [] } as unknown as ProjectInput)).toBe('plugins/modules/pages/audience-leaf-off.ts');
    expect(stubOf(data(regex, ['or', ['not', { type: 'device', value: 'mobile' }]]))).toBeUndefined();
    const asked: unknown[] = [];
    const ctx = (answer: unknown) =>
      ({ get: () => ({ evaluate: (conditions: unknown[]) => (asked.push(conditions), answer) }), attempt: (_kind: string, fn: () => unknown) => fn() }) as never;
    const condition = { type: 'device', value: 'mobile' };
    expect(audienceLeaf.audienceLeaf(ctx(true), condition)).toBe(true);
    expect(audienceLeaf.audienceLeaf(ctx(Promise.resolve(true)), condition)).toBeNull();
    expect(asked).toEqual([[condition], [condition]]);
    expect(audienceLeafOff.audienceLeaf(ctx(true), condition)).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('URL-30 the pages module takes DOM ready from the controls module; a fitted snippet (which always has it) carries no fallback', async () => {
    const base = { projectId: 'p', accountId: 'a', layers: [] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/modules/pages/dom-ready.ts']).toBe('plugins/modules/pages/dom-ready-controls.ts');
    const ready = Promise.resolve();
    const withControls = { get: () => ({ domReady: () => ready }) } as never;
    expect(domReady.domReadyOf(withControls)()).toBe(ready);
    expect(domReadyControls.domReadyOf(withControls)()).toBe(ready);
    // Without controls (a custom plugin list), the whole module waits for the document itself.
    await expect(domReady.domReadyOf({ get: () => undefined, win: { document: { readyState: 'complete' } } } as never)()).resolves.toBeUndefined();
  });

  it('URL-1 URL-5 the URL rules other than regex stay in a fitted snippet whose pages name one, at any depth of their conditions', () => {
    const data = (...conditions: unknown[]) =>
      ({ projectId: 'p', accountId: 'a', layers: [], pages: [{ id: 'home', apiName: 'home', staticConditions: ['and', ...conditions] }] }) as unknown as ProjectInput;
    const regex = { type: 'url', match: 'regex', value: '^[^/?#]+(?:[?#]|$)' };
    expect(fittedStubs(data())['plugins/modules/pages/url.ts']).toBe('plugins/modules/pages/url-regex.ts');
    expect(fittedStubs(data(regex, { type: 'device', value: 'desktop_laptop' }))['plugins/modules/pages/url.ts']).toBe('plugins/modules/pages/url-regex.ts');
    for (const match of ['exact', 'substring', 'simple']) {
      expect(fittedStubs(data(regex, ['or', ['not', { type: 'url', match, value: '/shop' }]]))['plugins/modules/pages/url.ts']).toBeUndefined();
    }
  });

  it('URL-5 URL-6 URL-7 URL-11 the regex-only stand-in answers regex conditions as the full matcher, every other rule false', () => {
    const problems: string[] = [];
    const full = url.createUrlMatcher(undefined, (pattern) => problems.push(`full ${pattern}`));
    const fitted = urlRegex.createUrlMatcher(undefined, (pattern) => problems.push(`fitted ${pattern}`));
    const urls = ['https://www.example.com/ko-kr?varia_log=INFO#top', 'https://example.com/', 'http://varia-editor.example.com/shop/item?x=1', 'https://example.com/de-de/docs', '/shop/a?b#c'];
    const patterns = ['^[^/?#]+/ko-kr(?:[?#]|$)', '^[^/?#]+(?:[?#]|$)', '^/shop(?:/|$)', '^https://www\\.example\\.com/', 'docs$', '(a+)+$', '('];
    for (const value of patterns) for (const at of urls) expect(fitted({ type: 'url', match: 'regex', value }, at)).toBe(full({ type: 'url', match: 'regex', value }, at));
    expect(problems.filter((line) => line.startsWith('fitted')).map((line) => line.slice(7))).toEqual(problems.filter((line) => line.startsWith('full')).map((line) => line.slice(5)));
    expect(problems.length).toBeGreaterThan(0);
    expect(full({ type: 'url', match: 'simple', value: '/shop/item' }, urls[2])).toBe(true);
    expect(fitted({ type: 'url', match: 'simple', value: '/shop/item' }, urls[2])).toBe(false);
    expect(urlRegex.normalizeUrl(urls[0])).toBe(url.normalizeUrl(urls[0]));
    expect(urlRegex.normalizeUrl(urls[0])).toBe('example.com/ko-kr#top');
  });

  it('CHG-17 the loader of async changes stays in a fitted snippet whose data has a change with a src; the stand-in loads nothing', async () => {
    const base = { projectId: 'p', accountId: 'a', layers: [layer()] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/modules/changes/script.ts']).toBe('plugins/modules/changes/script-off.ts');
    const withAttributeSrc = structuredClone(base) as { layers: Array<{ experiments: Array<{ variations: Array<{ actions: unknown[] }> }> }> };
    withAttributeSrc.layers[0].experiments[0].variations[0].actions = [{ viewId: 'home', changes: [{ id: 'c', type: 'attribute', selector: 'img', attributes: { src: '/a.png' } }] }];
    expect(fittedStubs(withAttributeSrc as unknown as ProjectInput)['plugins/modules/changes/script.ts']).toBe('plugins/modules/changes/script-off.ts');
    const asyncChange = structuredClone(base) as typeof withAttributeSrc;
    asyncChange.layers[0].experiments[0].variations[0].actions = [{ viewId: 'home', changes: [{ id: 'c', type: 'custom_code', src: '/lib.js', value: () => {} }] }];
    expect(fittedStubs(asyncChange as unknown as ProjectInput)['plugins/modules/changes/script.ts']).toBeUndefined();
    expect(fittedStubs({ ...base, layers: [{ ...layer(), changes: [{ id: 'c', type: 'custom_code', src: '/lib.js' }] }] } as unknown as ProjectInput)['plugins/modules/changes/script.ts']).toBeUndefined();
    await expect(scriptOff.createScriptLoader(undefined, undefined)('/lib.js')).rejects.toThrow(script.msgLoadFailed('/lib.js'));
    expect(scriptOff.MSG_QUOTE_REFUSED).toBe(script.MSG_QUOTE_REFUSED);
  });

  it('CFG-3 VIS-11 the visitor id locator stays in a fitted snippet whose data has a visitorIdLocator; the stand-in locates nothing, as the locator without one', () => {
    const base = { projectId: 'p', accountId: 'a', layers: [] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/modules/visitor/locator.ts']).toBe('plugins/modules/visitor/locator-off.ts');
    expect(fittedStubs({ ...base, visitorIdLocator: { type: 'cookie', name: 'uid' } } as unknown as ProjectInput)['plugins/modules/visitor/locator.ts']).toBeUndefined();
    const warned: unknown[] = [];
    const ctx = { data: {}, win: globalThis, log: { warn: (...args: unknown[]) => warned.push(args) } } as never;
    expect(locatorOff.locateVisitorId(ctx)).toBe(locator.locateVisitorId(ctx));
    expect(locatorOff.locateVisitorId(ctx)).toBeUndefined();
    expect(warned).toEqual([]);
    expect(locatorOff.msgCustomIdNotFound({ type: 'cookie', name: 'uid' })).toBe(locator.msgCustomIdNotFound({ type: 'cookie', name: 'uid' }));
    expect(locatorOff.MSG_CUSTOM_ID_TYPE).toBe(locator.MSG_CUSTOM_ID_TYPE);
  });

  it('AUD-2 version comparison (the Optimizely semver_* matches) stays in a fitted snippet whose data has a semver_* match, in an audience or a page condition', () => {
    const base = { projectId: 'p', accountId: 'a', layers: [], audiences: [{ id: 'a', conditions: ['and', { type: 'custom_attribute', name: 'v', match: 'exact', value: '1' }] }] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/audience-matchers/_shared/semver.ts']).toBe('plugins/audience-matchers/_shared/semver-off.ts');
    const inAudience = { ...base, audiences: [{ id: 'a', conditions: ['or', ['not', { type: 'custom_attribute', name: 'v', match: 'semver_ge', value: '2.1' }]] }] } as unknown as ProjectInput;
    expect(fittedStubs(inAudience)['plugins/audience-matchers/_shared/semver.ts']).toBeUndefined();
    const inPage = { ...base, pages: [{ id: 'p', apiName: 'p', staticConditions: ['and', { type: 'custom_attribute', name: 'v', match: 'semver_eq', value: '3' }] }] } as unknown as ProjectInput;
    expect(fittedStubs(inPage)['plugins/audience-matchers/_shared/semver.ts']).toBeUndefined();
    expect(semverOff.compareVersions('1.2', '1.2')).toBeNull();
    expect(semverOff.compareVersions('x y', '1')).toBe(semver.compareVersions('x y', '1'));
  });

  it('AUD-10 AUD-11 AUD-12 AUD-13 the basic value matchers stand in when every match is exists, exact, substring or regex, and answer those as the full ones', () => {
    const data = (...conditions: unknown[]) => ({ projectId: 'p', accountId: 'a', layers: [], audiences: [{ id: 'a', conditions: ['and', ...conditions] }] }) as unknown as ProjectInput;
    const stubOf = (input: ProjectInput) => fittedStubs(input)['plugins/audience-matchers/_shared/values.ts'];
    expect(stubOf(data({ type: 'device', value: 'desktop_laptop' }, { type: 'cookies', name: 'a', match: 'regex', value: '^x' }, ['not', { type: 'query', name: 'q', match: 'exists' }]))).toBe(
      'plugins/audience-matchers/_shared/values-basic.ts',
    );
    for (const match of ['range', 'gt', 'le', 'semver_eq', 'nope']) expect(stubOf(data(['or', { type: 'custom_attribute', name: 'n', match, value: '1' }]))).toBeUndefined();
    const expected: unknown[] = ['a', 'ab', '^a.$', '(x+)+$', '(', 3, 2 ** 60, 0, true, false, null, { a: 1 }, ''];
    const actual: unknown[] = [...expected, 'xab', 'A', 3.5, Number.NaN, undefined, 'a'.repeat(3000) + 'b'];
    for (const match of [undefined, 'exists', 'exact', 'substring', 'regex']) {
      for (const want of expected) {
        const test = valuesBasic.compileValue(match, want);
        const full = values.compileValue(match, want);
        for (const have of actual) {
          expect(valuesBasic.matchValue(match, want, have)).toBe(values.matchValue(match, want, have));
          expect(test(have)).toBe(full(have));
        }
      }
    }
    expect(valuesBasic.matchValue('range', '1:5', 3)).toBeNull();
    expect(valuesBasic.shown({ a: 'x'.repeat(80) })).toBe(values.shown({ a: 'x'.repeat(80) }));
    expect(valuesBasic.read({ a: 1 }, 'a')).toBe(1);
  });

  it('AUD-2 the audience matchers keep their validation checks in the whole preset; a fitted snippet carries none of them', async () => {
    const rule = () => 'problem';
    expect(validationOnly.validationOnly(rule)).toBe(rule);
    expect(validationOnlyOff.validationOnly(rule)).toBeUndefined();
    expect(location.check?.({ type: 'location', value: 'a|b|c|d|e|f' }, {} as never)).toMatch(/^A location value must be/);
    const base = { projectId: 'p', accountId: 'a', layers: [] } as unknown as ProjectInput;
    expect(fittedStubs(base)['plugins/_shared/validation-only.ts']).toBe('plugins/_shared/validation-only-off.ts');
    const entry = `import location from './plugins/audience-matchers/location'; import { fieldMatcher } from './plugins/audience-matchers/_shared/simple'; export const m = [location, fieldMatcher('device', 'device', { allowed: ['desktop_laptop'] })];`;
    const full = await bundle(entry, 'esm');
    const fitted = await bundle(entry, 'esm', { 'plugins/_shared/validation-only.ts': 'plugins/_shared/validation-only-off.ts' });
    for (const text of ['A location value must be', 'condition value must be one of']) {
      expect(full).toContain(text);
      expect(fitted).not.toContain(text);
    }
    expect(fitted).toMatch(/match/);
  });

  it('AUD-13 the fitted regex stand-in builds the validators\' regexProblem only when something asks for it', async () => {
    const entry = `export { compile, testRegex } from './core/project/regex';`;
    const fitted = await bundle(entry, 'esm', { 'core/project/regex.ts': 'core/project/regex-checked.ts' });
    expect(fitted).not.toContain('A regular expression must be a string');
    expect(await bundle(`export { regexProblem } from './core/project/regex';`, 'esm', { 'core/project/regex.ts': 'core/project/regex-checked.ts' })).toContain(
      'A regular expression must be a string',
    );
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
