/**
 * The visitor profile: the fields of every profile provider, asked on `load()`, plus the visitor
 * module's custom attributes, segments, behaviour events and first-session flag (read live, so a `user`
 * call after load counts). A provider field that is a promise stays pending until it settles; the
 * profile then holds its value (undefined when it failed).
 */
import { MODULES, type PluginContext, type ProfileFields } from '../../../core';
import { isThenable } from '../../_shared/checks';
import type { VisitorModule } from '../../../core/kinds/visitor';
import { settle } from '../../../core/sequence';

/** The profile and its pending fields. */
export interface ProfileStore {
  /** Asks every provider again (activation step 6). */
  load(): void;
  /** The live profile object (pending fields as promises). */
  fields(): Record<string, unknown>;
  /** How many fields are pending. */
  pending(): number;
  /** The fields with every pending one left out: what matchers see after the wait. */
  settled(): ProfileFields;
}

/** The visitor-module fields: profile field name -> the visitor module's method that reads it. */
const VISITOR_FIELDS: Record<string, 'attributes' | 'segments' | 'behaviourEvents' | 'isFirstSession'> = {
  attributes: 'attributes',
  segments: 'segments',
  behaviourEvents: 'behaviourEvents',
  firstSession: 'isFirstSession',
};

/** Creates the profile store of one kernel. */
export const createProfile = (ctx: PluginContext): ProfileStore => {
  let profile: Record<string, unknown> = {};
  let pending = 0;
  let loaded = false;

  // The visitor module, once found (get is a map lookup, but this runs for every attribute condition).
  let visitorModule: VisitorModule | undefined;

  const set = (target: Record<string, unknown>, field: string, value: unknown) => {
    if (!isThenable(value)) return void (target[field] = value);
    pending++;
    const done = (result?: unknown) => {
      // A later load may have replaced the profile or the field: only settle our own.
      if (target === profile && target[field] === waiting) {
        target[field] = result;
        pending--;
      }
      return result;
    };
    const waiting: Promise<unknown> = settle(value, done, () => done());
    target[field] = waiting;
  };

  const load = () => {
    loaded = true;
    pending = 0;
    const next: Record<string, unknown> = (profile = {});
    for (const provider of ctx.plugins('profileProvider')) {
      const fields = ctx.attempt('PluginError', () => provider.provide(), { plugin: provider.name });
      if (fields && typeof fields === 'object') for (const field of Object.keys(fields)) set(next, field, fields[field]);
    }
    for (const [field, method] of Object.entries(VISITOR_FIELDS)) {
      // A provider (e.g. the segments provider) may supply the field itself.
      if (!(field in next)) {
        Object.defineProperty(next, field, {
          enumerable: true,
          configurable: true,
          get: () => {
            const visitor = (visitorModule ??= ctx.get<VisitorModule>(MODULES.visitor));
            if (!visitor) return undefined;
            try {
              return visitor[method]();
            } catch (error) {
              ctx.report('PluginError', error, { module: MODULES.visitor });
              return undefined;
            }
          },
        });
      }
    }
  };

  return {
    load,
    fields: () => {
      if (!loaded) load();
      return profile;
    },
    pending: () => pending,
    settled: () => {
      const copy: Record<string, unknown> = {};
      for (const field of Object.keys(profile)) {
        const value = profile[field];
        if (!isThenable(value)) copy[field] = value;
      }
      return copy;
    },
  };
};

