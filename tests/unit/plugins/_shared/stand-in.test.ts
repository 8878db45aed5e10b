/**
 * Plugins built as parts (plugins/_shared/stand-in.ts, core/project/prepare-on-demand.ts): in a snippet of
 * the whole preset a rarely used matcher is a stand-in until the data names it; the preparer then swaps in
 * the real plugin from its part before init, so activation only ever sees the real one. A part that cannot
 * be had is logged with the loader's catalogue message and the stand-in answers unknown.
 */
import { describe, expect, it } from 'vitest';
import { createKernel, type AudiencesModule, type Plugin } from '../../../../core';
import { MSG_LOAD_NOT_RUN, namedTypes, prepareOnDemand } from '../../../../core/project/prepare-on-demand';
import { prepareProject } from '../../../../core/project/prepare';
import audiences from '../../../../plugins/modules/audiences';
import location from '../../../../plugins/audience-matchers/location';
import locationProvider from '../../../../plugins/profile-providers/location';
import timeProvider from '../../../../plugins/profile-providers/time';
import timeAndDay from '../../../../plugins/audience-matchers/time-and-day';
import customAttribute from '../../../../plugins/audience-matchers/custom-attribute';
import locationStandIn from '../../../../plugins/_shared/stand-ins/matcher-location';
import timeStandIn from '../../../../plugins/_shared/stand-ins/matcher-time-and-day';
import customStandIn from '../../../../plugins/_shared/stand-ins/matcher-custom-attribute';
import { isStandIn, matcherStandIn } from '../../../../plugins/_shared/stand-in';
import { PARTS_GLOBAL, PARTS_VERSION } from '../../../../plugins/_shared/parts';
import { contextPlugin, recordingConsole } from '../../core/kernel/helpers';
import crossDomainStandIn from '../../../../plugins/_shared/stand-ins/storage-cross-domain';
import rumStandIn from '../../../../plugins/_shared/stand-ins/tracker-rum';
import providerStandIn from '../../../../plugins/_shared/stand-ins/provider-location';
import featuresStandIn from '../../../../plugins/_shared/stand-ins/module-features';
import previewStandIn from '../../../../plugins/_shared/stand-ins/module-preview';
import features, { type FeaturesModule } from '../../../../plugins/modules/features';
import preview, { type PreviewModule } from '../../../../plugins/modules/preview';
import crossDomain from '../../../../plugins/storage/cross-domain';

const LOCATION_AUDIENCE = { id: 'aud-au', name: 'Australia', conditions: ['and', { type: 'location', value: 'AU' }] };
const dataWith = (audienceList: unknown[]) => ({ projectId: 'p', accountId: 'a', revision: 1, layers: [], audiences: audienceList });

/** A kernel of the audiences module and `plugins`, in a window whose part registry holds `parts`. */
const start = (data: unknown, plugins: Plugin[], parts: Record<string, unknown>, queue: unknown[] = []) => {
  const win = { [PARTS_GLOBAL]: { v: PARTS_VERSION, ...parts }, location: { search: '' } } as unknown as Window;
  const probe = contextPlugin();
  const { console, lines } = recordingConsole();
  const asked: string[] = [];
  const load = (name: string) => (asked.push(name), Promise.resolve({ prepareProject }));
  const kernel = createKernel({ data, win, queue, plugins: [audiences(), ...plugins, probe.plugin], prepare: prepareOnDemand(data, load), console, logLevel: 'WARN' });
  kernel.start();
  const text = (level: string) => lines.filter((line) => line.level === level).map((line) => line.parts.join(' '));
  return { kernel, ctx: probe.ctx, errors: () => text('error'), warnings: () => text('warn'), asked };
};

describe('plugins built as parts: stand-ins swapped in when the data names them', () => {
  it('AUD-16 a location condition in the data swaps in the location matcher from its part before init, and it matches', async () => {
    const data = dataWith([LOCATION_AUDIENCE]);
    const t = start(data, [locationStandIn, timeStandIn, locationProvider()], { 'matcher-location': location, 'matcher-time-and-day': timeAndDay }, [['geolocation', { location: 'AU' }]]);
    // The swap is asynchronous: nothing has started yet.
    expect(t.ctx().plugin('audienceMatcher', 'location')).toBe(locationStandIn);
    await t.kernel.whenIdle();
    expect(t.ctx().plugin('audienceMatcher', 'location')).toBe(location);
    // The data names no time_and_day condition: its stand-in stays, never loaded.
    expect(t.ctx().plugin('audienceMatcher', 'time_and_day')).toBe(timeStandIn);
    const module = t.kernel.get('audiences') as AudiencesModule;
    expect(await module.evaluate(['and', { type: 'location', value: 'AU' }] as never)).toBe(true);
    expect(await module.evaluate(['and', { type: 'location', value: 'US' }] as never)).toBe(false);
    expect(t.errors()).toEqual([]);
  });

  it('AUD-16 data that names no on-demand plugin is prepared at once (no promise, no part asked for)', () => {
    const data = dataWith([]);
    const t = start(data, [locationStandIn], {});
    // Synchronous start: initialized within start, and no error about a part.
    expect(t.ctx().plugin('audienceMatcher', 'location')).toBe(locationStandIn);
    expect(t.kernel.get('data')).toMatchObject({ projectId: 'p' });
    expect(t.errors()).toEqual([]);
  });

  it('AUD-19 a part that cannot be had is logged with the catalogue message; its stand-in stays and answers unknown', async () => {
    const data = dataWith([{ id: 'aud-t', conditions: ['and', { type: 'time_and_day', value: '09:00_17:00_monday' }] }]);
    const standIn = matcherStandIn('time_and_day', 'matcher-time-and-day');
    const t = start(data, [standIn], {});
    await t.kernel.whenIdle();
    expect(t.errors()).toEqual([expect.stringMatching(/Failed to load the matcher-time-and-day part from .*: the snippet address is unknown$/)]);
    expect(t.ctx().plugin('audienceMatcher', 'time_and_day')).toBe(standIn);
    expect((standIn as unknown as typeof timeAndDay).match({ type: 'time_and_day', value: '09:00_17:00_monday' }, { time: { minutes: 600, day: 'monday' } })).toBeNull();
    // The runtime still started.
    expect(t.kernel.get('data')).toMatchObject({ projectId: 'p' });
  });

  it('AUD-19 a part holding another plugin is refused: the stand-in keeps its place', async () => {
    const data = dataWith([{ id: 'aud-t', conditions: ['and', { type: 'time_and_day', value: '09:00_17:00_monday' }] }]);
    const standIn = matcherStandIn('time_and_day', 'matcher-time-and-day');
    const t = start(data, [standIn], { 'matcher-time-and-day': location });
    await t.kernel.whenIdle();
    expect(t.errors()).toEqual([expect.stringMatching(/Failed to load the matcher-time-and-day part from .*: it is not the time_and_day plugin$/)]);
    expect(t.ctx().plugin('audienceMatcher', 'time_and_day')).toBe(standIn);
  });

  it('KRN-27 data handed over by load is validated against the real plugins its conditions name (the stand-in checks nothing)', async () => {
    const built = dataWith([]);
    const bad = dataWith([{ id: 'aud-bad', conditions: ['and', { type: 'location', value: 'a|b|c|d|e|f' }] }]);
    const t = start(built, [matcherStandIn('location', 'matcher-location')], { 'matcher-location': location }, [['load', bad]]);
    await t.kernel.whenIdle();
    // The real matcher's check found the malformed value (a warning: the condition is unknown).
    expect(t.warnings().some((line) => line.includes('A location value must be'))).toBe(true);
    expect(t.errors()).not.toContain(MSG_LOAD_NOT_RUN);
  });

  it('a factory part gets the stand-in\'s options (custom_attribute declaredOnly)', async () => {
    const data = dataWith([{ id: 'aud-c', conditions: ['and', { type: 'custom_attribute', name: 'plan', value: 'pro' }] }]);
    const standIn = customStandIn({ declaredOnly: true });
    const t = start(data, [standIn], { 'matcher-custom-attribute': customAttribute });
    await t.kernel.whenIdle();
    const real = t.ctx().plugin('audienceMatcher', 'custom_attribute')!;
    expect(real).not.toBe(standIn);
    expect(isStandIn(real)).toBe(false);
    expect(real.check?.({ type: 'custom_attribute', name: 'plan', value: 'pro' }, t.kernel.get('data') as never)).toBeTruthy();
  });

  it('AUD-19 a condition the data does not name (a page\'s own evaluate) is unknown and asks for the part: the next profile load has the real matcher', async () => {
    const standIn = matcherStandIn('time_and_day', 'matcher-time-and-day');
    const t = start(dataWith([]), [standIn, timeProvider()], { 'matcher-time-and-day': timeAndDay });
    await t.kernel.whenIdle();
    expect(t.ctx().plugin('audienceMatcher', 'time_and_day')).toBe(standIn);
    const module = t.kernel.get('audiences') as AudiencesModule;
    const condition = ['and', { type: 'time_and_day', value: '00:00_23:59_sunday,monday,tuesday,wednesday,thursday,friday,saturday' }];
    expect(await module.evaluate(condition as never)).toBeNull();
    await t.kernel.whenIdle();
    await Promise.resolve();
    expect(t.ctx().plugin('audienceMatcher', 'time_and_day')).toBe(timeAndDay);
    module.load();
    expect(await module.evaluate(condition as never)).toBe(true);
    expect(t.errors()).toEqual([]);
  });

  it('XDS-1 a preset option that is on (cross-domain storage) is swapped in whatever the data names, with its options; values written before the swap reach it', async () => {
    const made: unknown[] = [];
    const factory = (options: unknown) => (made.push(options), crossDomain(options as never));
    const standIn = crossDomainStandIn({ url: 'https://storage.example/{accountId}.html', timeout: 500 });
    // The visitor module may write before init: the stand-in keeps it and reads it back.
    const writer = { type: 'apiModule', name: 'writer', create: () => ({}), setup: (ctx: { plugin: (type: string, name: string) => unknown }) => {
      const store = ctx.plugin('storage', 'cross-domain') as { write(key: string, value: unknown): boolean; read(key: string): unknown; remove(key: string): void };
      expect(store.write('shared', { randomId: 'r1' })).toBe(true);
      expect(store.write('gone', 1)).toBe(true);
      store.remove('gone');
      expect([store.read('shared'), store.read('gone')]).toEqual([{ randomId: 'r1' }, undefined]);
    } } as unknown as Plugin;
    const t = start(dataWith([]), [standIn, writer], { 'storage-cross-domain': factory });
    await t.kernel.whenIdle();
    expect(made).toEqual([{ url: 'https://storage.example/{accountId}.html', timeout: 500 }]);
    const real = t.ctx().plugin('storage', 'cross-domain')!;
    expect(isStandIn(real)).toBe(false);
    expect([real.read('shared'), real.read('gone')]).toEqual([{ randomId: 'r1' }, undefined]);
  });

  it('KRN-26 TRK-45 performance reporting (a preset option) is swapped in before init; a rum call pushed before the swap reaches it', async () => {
    const calls: unknown[] = [];
    // A tracker of the same name standing for the real one (which needs a document): it records its calls.
    const factory = (options: unknown) => ({
      type: 'tracker',
      name: 'rum',
      setup: (ctx: import('../../../../core').PluginContext) => ctx.defineCall('rum', (args) => void calls.push([options, args.extras]), ['extras']),
    });
    const t = start(dataWith([]), [rumStandIn({ sampleRate: 0 })], { 'tracker-rum': factory }, [['rum', { page: 'home' }]]);
    await t.kernel.whenIdle();
    expect(isStandIn(t.ctx().plugin('tracker', 'rum'))).toBe(false);
    expect(calls).toEqual([[{ sampleRate: 0 }, { page: 'home' }]]);
  });

  it('KRN-47 data with feature values swaps in the features module; without any, get(\'features\') answers no value and nothing is fetched', async () => {
    const withFeatures = { ...dataWith([]), layers: [{ id: 'l', experiments: [{ id: 'e', variations: [{ id: 'v', features: { plan: 'pro' } }] }] }] };
    const on = start(withFeatures, [featuresStandIn()], { 'module-features': features });
    const early = on.kernel.get('features') as FeaturesModule;
    await on.kernel.whenIdle();
    expect(isStandIn(on.ctx().plugin('apiModule', 'features'))).toBe(false);
    // A module taken before the swap answers through the real one once it is there.
    on.ctx().emit({ type: 'lifecycle', name: 'layerDecided', data: { decision: { layerId: 'l', experimentId: 'e', variationId: 'v' } } } as never);
    expect([early.value('plan'), (on.kernel.get('features') as FeaturesModule).values()]).toEqual(['pro', { plan: 'pro' }]);
    const off = start(dataWith([]), [featuresStandIn()], {});
    expect(isStandIn(off.ctx().plugin('apiModule', 'features'))).toBe(true);
    expect([(off.kernel.get('features') as FeaturesModule).value('plan'), (off.kernel.get('features') as FeaturesModule).values()]).toEqual([undefined, {}]);
    expect(off.errors()).toEqual([]);
  });

  it('KRN-46 the preview module is swapped in only when the preview cookie is set; without it, preview() is null and nothing is fetched', async () => {
    const cookieStore = (value?: string) => ({ type: 'storage', name: 'cookie', read: (key: string) => (key === 'preview' ? value : undefined), write: () => true, remove: () => {} }) as unknown as Plugin;
    const cookie = JSON.stringify({ projectId: 'p', layerIds: ['l1'] });
    const on = start(dataWith([]), [cookieStore(cookie), previewStandIn()], { 'module-preview': preview });
    await on.kernel.whenIdle();
    expect(isStandIn(on.ctx().plugin('apiModule', 'preview'))).toBe(false);
    expect((on.kernel.get('preview') as PreviewModule).preview()).toEqual({ projectId: 'p', layerIds: ['l1'], variationIds: [] });
    const off = start(dataWith([]), [cookieStore(), previewStandIn()], {});
    expect(isStandIn(off.ctx().plugin('apiModule', 'preview'))).toBe(true);
    expect((off.kernel.get('preview') as PreviewModule).preview()).toBeNull();
    expect(off.errors()).toEqual([]);
  });

  it('AUD-18 NET-8 the location provider: swapped in when the data names location, or its options load a script; a geolocation call without either asks for it and reaches it', async () => {
    const named = start(dataWith([LOCATION_AUDIENCE]), [providerStandIn()], { 'provider-location': locationProvider });
    await named.kernel.whenIdle();
    expect(isStandIn(named.ctx().plugin('profileProvider', 'location'))).toBe(false);
    const scripted = start(dataWith([]), [providerStandIn({ await: true })], { 'provider-location': locationProvider });
    await scripted.kernel.whenIdle();
    expect(isStandIn(scripted.ctx().plugin('profileProvider', 'location'))).toBe(false);
    // Neither: no part until a page pushes a location, which the real provider then has.
    const pushed = start(dataWith([]), [providerStandIn()], { 'provider-location': locationProvider });
    await pushed.kernel.whenIdle();
    const provider = () => pushed.ctx().plugin('profileProvider', 'location')!;
    expect(isStandIn(provider())).toBe(true);
    expect(provider().provide()).toEqual({});
    pushed.kernel.push(['geolocation', { location: 'AU|NSW' }]);
    await expect.poll(() => isStandIn(provider())).toBe(false);
    expect(provider().provide()).toEqual({ location: { country: 'AU', region: 'NSW' } });
    expect(pushed.errors()).toEqual([]);
  });

  it('namedTypes finds condition and change types at any depth, not other types', () => {
    const names = namedTypes({
      audiences: [{ conditions: ['and', ['or', { type: 'location' }, { type: 'list' }]] }],
      pages: [{ staticConditions: [{ type: 'url' }] }],
      layers: [{ experiments: [{ variations: [{ actions: [{ changes: [{ type: 'redirect' }] }] }] }] }],
      events: [{ type: 'not-a-condition' }],
    });
    expect([...names].sort()).toEqual(['list', 'location', 'redirect', 'url']);
    expect(isStandIn(matcherStandIn('x', 'y'))).toBe(true);
  });
});
