/**
 * Test helpers of the audience tests: a stand-in `visitor` module (the visitor plugin belongs to another
 * issue; this small plugin provides only what the audiences module reads), a boot with every matcher and
 * a fixed-value test matcher.
 */
import { definePlugin, type AudiencesModule, type Plugin, type ProfileFields } from '../../../../../core';
import type { AttributeEntry, BehaviourEvent, VisitorModule } from '../../../../../core/kinds/visitor';
import { bootKernel, type BootKernelOptions, type TestKernel } from '../../../../../core/testing';
import type { AudienceCondition } from '../../../../../core/project/types';
import behavior from '../../../../../plugins/audience-matchers/behavior';
import cookies from '../../../../../plugins/audience-matchers/cookies';
import customAttribute from '../../../../../plugins/audience-matchers/custom-attribute';
import device from '../../../../../plugins/audience-matchers/device';
import firstSession from '../../../../../plugins/audience-matchers/first-session';
import list from '../../../../../plugins/audience-matchers/list';
import localStorage from '../../../../../plugins/audience-matchers/local-storage';
import location from '../../../../../plugins/audience-matchers/location';
import query from '../../../../../plugins/audience-matchers/query';
import referrer from '../../../../../plugins/audience-matchers/referrer';
import segment from '../../../../../plugins/audience-matchers/segment';
import sessionStorage from '../../../../../plugins/audience-matchers/session-storage';
import sourceType from '../../../../../plugins/audience-matchers/source-type';
import timeAndDay from '../../../../../plugins/audience-matchers/time-and-day';
import url from '../../../../../plugins/audience-matchers/url';
import audiences from '../../../../../plugins/modules/audiences';

/** The state behind the stand-in visitor module. */
export interface VisitorState {
  attributes: Record<string, AttributeEntry>;
  segments: string[];
  events: BehaviourEvent[];
  firstSession: boolean;
}

/** A stand-in for the visitor plugin's module (stand-in: the visitor issue builds the real one). */
export const visitorStandIn = (state: Partial<VisitorState> = {}): { plugin: Plugin; state: VisitorState } => {
  const s: VisitorState = { attributes: {}, segments: [], events: [], firstSession: true, ...state };
  const module: Partial<VisitorModule> = {
    attributes: () => s.attributes,
    setAttributes: (values) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === null) delete s.attributes[name];
        else s.attributes[name] = { value, lastModified: 0 };
      }
    },
    segments: () => s.segments,
    setSegments: (list) => void (s.segments = [...list]),
    behaviourEvents: () => s.events,
    isFirstSession: () => s.firstSession,
  };
  return { plugin: definePlugin({ type: 'apiModule', name: 'visitor', create: () => module }), state: s };
};

/** Every matcher plugin, fresh. */
export const allMatchers = (): Plugin[] => [
  customAttribute(), device, location, timeAndDay, firstSession, sourceType, referrer, query, cookies, url, list, segment, behavior(), localStorage, sessionStorage,
];

/** A matcher for tests: `{ type: 'fixed', value }` yields the value itself (true, false, null). */
export const fixedMatcher = (fields: string[] = []): Plugin =>
  definePlugin({ type: 'audienceMatcher', name: 'fixed', fields, match: (condition) => (condition.value as boolean | null) ?? null });

/** Shorthands for fixed conditions. */
export const T: AudienceCondition = { type: 'fixed', value: true };
export const F: AudienceCondition = { type: 'fixed', value: false };
export const U: AudienceCondition = { type: 'fixed', value: null };

/** A kernel with the audiences module, every matcher, the fixed matcher, a stand-in visitor and `extra` plugins. */
export const bootAudiences = (options: BootKernelOptions & { visitor?: Partial<VisitorState>; extra?: Plugin[] } = {}): TestKernel & { audiences: AudiencesModule; visitor: VisitorState } => {
  const stand = visitorStandIn(options.visitor);
  const t = bootKernel({ ...options, plugins: [audiences(), ...allMatchers(), fixedMatcher(), stand.plugin, ...(options.extra ?? []), ...(options.plugins ?? [])] });
  return Object.assign(t, { audiences: t.get('audiences') as AudiencesModule, visitor: stand.state });
};

/** Runs a matcher plugin's match directly. */
export const matchWith = (plugin: Plugin, condition: AudienceCondition, profile: ProfileFields): boolean | null =>
  (plugin as unknown as { match(c: AudienceCondition, p: ProfileFields): boolean | null }).match(condition, profile);

/** Runs a matcher plugin's check directly, as a list of messages. */
export const checkWith = (plugin: Plugin, condition: AudienceCondition, data: Record<string, unknown> = {}): string[] => {
  const found = (plugin as unknown as { check?(c: AudienceCondition, d: unknown): unknown }).check?.(condition, { visitorAttributes: [], listTargetingKeys: [], ...data });
  return ([] as unknown[]).concat(found ?? []).map((p) => (typeof p === 'string' ? p : (p as { message: string }).message));
};

/** A behaviour event. */
export const event = (n: string, t: number, extra: Partial<BehaviourEvent> = {}): BehaviourEvent => ({ n, y: 'custom', c: 'other', t, s: t, si: 0, ...extra });
