import { describe, expect, it } from 'vitest';
import device from '../../../../plugins/profile-providers/device';
import location from '../../../../plugins/profile-providers/location';
import { definePlugin, type DecisionsModule } from '../../../../core';
import type { LayerState } from '../../../../core/project/types';
import { bootKernel } from '../../../../core/testing';
import decisions from '../../../../plugins/modules/decisions';
import { allMatchers, bootAudiences, visitorStandIn as audiencesVisitor } from '../../plugins/modules/audiences/helpers';
import { changesStandIn, controlsStandIn, DECIDERS, visitorStandIn as decisionsVisitor } from '../../plugins/modules/decisions/helpers';
import audiencesModule from '../../../../plugins/modules/audiences';
import { AUDIENCE } from '../../../../config/homepage/audiences';
import { experiment, layer, variations } from '../../../../config/homepage/layers/kit';
import { segResponseMatcher, userTraitsMatcher } from '../../../../config/homepage/matchers';
import { EVERYONE_ELSE_ONLY, HOMEPAGE_AUDIENCES, REGISTERED_TRAIT, USER_TRAITS_KEY } from '../../../../config/homepage/audiences';

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/**
 * The page's Web Storage as the homepage's matchers read it (`getItem`; `null` when not stored). A stand-in
 * object: these are unit tests of the matchers' logic; tests/e2e/homepage-experiments.spec.ts runs the
 * same cases on Chromium's real storage, blocked storage included.
 */
const store = (items: Record<string, string> | 'blocked') => ({
  getItem: (key: string) => {
    if (items === 'blocked') throw new DOMException('The operation is insecure.', 'SecurityError');
    return key in items ? items[key] : null;
  },
});

const boot = (options: { ua?: string; first?: boolean; session?: Record<string, string> | 'blocked'; local?: Record<string, string> | 'blocked' } = {}) => {
  const win = { navigator: { userAgent: options.ua ?? WINDOWS_UA, maxTouchPoints: 0 }, sessionStorage: store(options.session ?? {}), localStorage: store(options.local ?? {}) } as unknown as Window;
  const t = bootAudiences({
    win,
    data: { audiences: HOMEPAGE_AUDIENCES },
    visitor: { firstSession: options.first ?? true },
    extra: [device(), location({ await: true }), segResponseMatcher(), userTraitsMatcher()],
  });
  return t;
};

describe('homepage audiences', () => {
  it('HPC-25 Everyone else is the remainder of a layer\'s priorities: it gets only the visitors no earlier experiment takes', () => {
    // The homepage's way (config/homepage/layers/personalisation.ts): an equal-priority layer whose
    // priority groups are tried in order, the "Everyone else" experiment last. Fails when the groups are
    // tried in another order, or when everyone_else stops qualifying every visitor.
    const data = {
      audiences: HOMEPAGE_AUDIENCES,
      pages: [{ id: 'home', apiName: 'home' }],
      layers: [layer({
        id: 'L', name: 'Remainder', policy: 'equal_priority', viewIds: ['home'],
        experiments: [
          experiment({ id: 'E_desktop', name: 'Desktop', layerId: 'L', audiences: [AUDIENCE.desktopOnly], audienceName: 'Desktop Only', variations: variations(['V_desktop'], [[]]) }),
          experiment({ id: 'E_else', name: 'Everyone else', layerId: 'L', audiences: [AUDIENCE.everyoneElse], audienceName: 'Everyone else', variations: variations(['V_else'], [[]]) }),
        ],
        decisionMetadata: {
          experimentPriorities: [[{ entityId: 'E_desktop', endOfRange: null }], [{ entityId: 'E_else', endOfRange: null }]],
          experimentWeights: { E_desktop: 10000, E_else: 10000 },
          offerConsistency: false,
        },
      })],
    };
    const decide = (ua: string) => {
      // One visitor module serving both the audiences (first session) and the decisions (bucketing id, stored variations).
      const modules = [audiencesVisitor().plugin, decisionsVisitor({ bucketingId: ua }).plugin] as unknown as Array<{ create(): object }>;
      const visitor = definePlugin({ type: 'apiModule', name: 'visitor', create: () => Object.assign({}, ...modules.map((module) => module.create())) });
      const win = { navigator: { userAgent: ua, maxTouchPoints: 0 }, sessionStorage: store({}), localStorage: store({}) } as unknown as Window;
      const t = bootKernel({
        win, data: data as never,
        plugins: [audiencesModule(), ...allMatchers(), device(), segResponseMatcher(), userTraitsMatcher(), ...DECIDERS, decisions(), visitor, controlsStandIn({}), changesStandIn().plugin],
      });
      expect(t.errors()).toEqual([]);
      return (t.get('decisions') as DecisionsModule).decideLayer('L', 'home') as LayerState;
    };
    expect(decide(WINDOWS_UA).decision).toMatchObject({ experimentId: 'E_desktop', variationId: 'V_desktop' });
    expect(decide(IPHONE_UA).decision).toMatchObject({ experimentId: 'E_else', variationId: 'V_else' });
  });

  it('HPC-25 the everyone_else audience qualifies every visitor; as an id expression it names those in no other audience', async () => {
    const t = boot();
    await t.settle();
    expect(t.errors()).toEqual([]);
    t.audiences.load();
    expect(t.audiences.qualifies(['everyone_else'])).toBe(true);
    t.push(['geolocation', { location: { country: 'FR' } }]);
    const phone = boot({ ua: IPHONE_UA, local: { [USER_TRAITS_KEY]: '{"loggedIn":true}' } });
    await phone.settle();
    phone.push(['geolocation', { location: { country: 'FR' } }]);
    phone.audiences.load();
    expect(await phone.audiences.qualifies(EVERYONE_ELSE_ONLY)).toBe(true);
    t.audiences.load();
    expect(await t.audiences.qualifies(EVERYONE_ELSE_ONLY)).toBe(false); // a desktop visitor
  });

  it('HPC-26 Desktop Only matches the desktop_laptop device type', async () => {
    const desktop = boot();
    await desktop.settle();
    expect(desktop.audiences.qualifies(['desktop_only'])).toBe(true);
    const phone = boot({ ua: IPHONE_UA });
    await phone.settle();
    expect(phone.audiences.qualifies(['desktop_only'])).toBe(false);
  });

  it('HPC-27 New matches the first session; HPC-28 Returning when it is not the first session', async () => {
    const first = boot({ first: true });
    await first.settle();
    expect(first.audiences.matching(['new', 'returning'])).toEqual(['new']);
    const again = boot({ first: false });
    await again.settle();
    expect(again.audiences.matching(['new', 'returning'])).toEqual(['returning']);
  });

  it('HPC-29 AUS + NZ matches when the location country is AU or NZ', async () => {
    for (const [country, expected] of [['AU', true], ['NZ', true], ['US', false]] as const) {
      const t = boot();
      await t.settle();
      t.audiences.load();
      const result = t.audiences.qualifies(['aus_nz']);
      t.push(['geolocation', { ip: '198.51.100.1', location: { country } }]);
      expect(await result, country).toBe(expected);
    }
    // No answer within the timeout: unknown, does not qualify.
    const t = boot();
    await t.settle();
    t.audiences.load();
    const result = t.audiences.qualifies(['aus_nz']) as Promise<boolean>;
    await t.clock.tickAsync(2000);
    expect(await result).toBe(false);
  });

  it('HPC-30 Unregistered Users (Enhanced): registered trait absent or false, and no signup_source or loggedIn trait', async () => {
    const traits = (found: unknown) => ({ segResponse: JSON.stringify({ found_traits: found }) });
    const cases: Array<[Record<string, string> | 'blocked', Record<string, string> | 'blocked', boolean | null]> = [
      [{}, {}, true],
      [traits({ [REGISTERED_TRAIT]: false }), {}, true],
      [traits({ other: true }), {}, true],
      [{ segResponse: '{}' }, {}, true],
      [traits({ [REGISTERED_TRAIT]: true }), {}, false],
      [{}, { [USER_TRAITS_KEY]: JSON.stringify({ signup_source: 'homepage' }) }, false],
      [{}, { [USER_TRAITS_KEY]: JSON.stringify({ loggedIn: false }) }, false],
      [{}, { [USER_TRAITS_KEY]: JSON.stringify({ name: 'x' }) }, true],
      // Bad input (issue 16): unknown, never true, never an exception.
      [{ segResponse: 'not json' }, { [USER_TRAITS_KEY]: JSON.stringify({ name: 'x' }) }, null],
      [traits('yes'), {}, null],
      [traits({ [REGISTERED_TRAIT]: 'yes' }), {}, null],
      // A tampered trait that is neither true nor false leaves the audience unknown: fails when the
      // matcher reads it as `!trait` (null, 0 and '' would then qualify the visitor as unregistered).
      [traits({ [REGISTERED_TRAIT]: null }), {}, null],
      [traits({ [REGISTERED_TRAIT]: 0 }), {}, null],
      [traits({ [REGISTERED_TRAIT]: '' }), {}, null],
      [{ segResponse: '[1,2]' }, {}, null],
      [{}, { [USER_TRAITS_KEY]: '"text"' }, null],
      ['blocked', {}, null],
      [{}, 'blocked', null],
    ];
    for (const [session, local, expected] of cases) {
      const t = boot({ session, local });
      await t.settle();
      const label = JSON.stringify([session, local]);
      expect(t.audiences.qualifies(['unregistered_enhanced']), label).toBe(expected === true);
      expect(t.errors(), label).toEqual([]);
      if (expected === null) expect(t.audiences.qualifies([['not', 'unregistered_enhanced']] as never), label).toBe(false);
    }
  });

  it('HPC-31 HPC-32 the audience reads session storage segResponse.found_traits and the local-storage user traits', () => {
    const conditions = HOMEPAGE_AUDIENCES.find((a) => a.id === 'unregistered_enhanced')!.conditions;
    expect(conditions).toEqual(['and', { type: 'seg_response', name: REGISTERED_TRAIT }, { type: 'user_traits', name: USER_TRAITS_KEY, value: ['signup_source', 'loggedIn'] }]);
  });
});
