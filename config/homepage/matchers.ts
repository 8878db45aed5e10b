/**
 * The two audience matchers of "Unregistered Users (Enhanced)" (HPC-30..32). The generic storage
 * matchers treat a value they cannot read as absent, so a tampered `segResponse` or storage the browser
 * refuses would read as "no registered trait" and qualify the visitor. The homepage needs the opposite
 * (issue 16: bad input leaves the audience unknown, never an exception), so these read the page's
 * storage themselves and tell the three cases apart: a key that is not stored (absent: true), a stored
 * value of the expected shape (judged), and anything else (unreadable storage, text that is not JSON, a
 * JSON value of the wrong type: unknown, `null`).
 *
 * - `{ type: 'seg_response', name: <trait> }`: session storage `segResponse` is absent, or its
 *   `found_traits` object is absent, or the trait in it is absent or `false`. `true` does not match.
 * - `{ type: 'user_traits', name: <local storage key>, value: [<trait>, ...] }`: the analytics user
 *   traits object is absent, or has none of the listed traits.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../core';
import { isRecord } from '../../plugins/_shared/checks';
import { validationOnly } from '../../plugins/_shared/validation-only';

/** The session-storage key of the segment service's answer (homepage-spec §7). */
export const SEG_RESPONSE_KEY = 'segResponse';

const UNKNOWN = null;
/** The stored JSON object at `key`: undefined when not stored, null when unreadable or not an object. */
const storedObject = (ctx: PluginContext | undefined, which: 'sessionStorage' | 'localStorage', key: string): Record<string, unknown> | null | undefined => {
  let text: string | null;
  try {
    text = ctx?.win ? ctx.win[which].getItem(key) : null;
    if (!ctx?.win) return UNKNOWN;
  } catch {
    return UNKNOWN; // storage refused (privacy settings, sandboxed frame)
  }
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
};

/** Matches when the registered-users trait of `segResponse.found_traits` is absent or false. */
export const segResponseMatcher = (): PluginOf<'audienceMatcher'> => {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'audienceMatcher',
    name: 'seg_response',
    fields: [],
    setup: (context) => {
      ctx = context;
    },
    match: (condition) => {
      const response = storedObject(ctx, 'sessionStorage', SEG_RESPONSE_KEY);
      if (response === undefined) return true;
      if (response === UNKNOWN) return UNKNOWN;
      const traits = response.found_traits;
      if (traits === undefined) return true;
      if (!isRecord(traits)) return UNKNOWN;
      const trait = traits[String(condition.name)];
      return trait === undefined || trait === false ? true : trait === true ? false : UNKNOWN;
    },
    check: validationOnly((condition) => (typeof condition.name === 'string' && condition.name ? undefined : 'A seg_response condition names the trait in "name"')),
  });
};

/** Matches when the user traits object at `name` is absent or has none of the traits in `value`. */
export const userTraitsMatcher = (): PluginOf<'audienceMatcher'> => {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'audienceMatcher',
    name: 'user_traits',
    fields: [],
    setup: (context) => {
      ctx = context;
    },
    match: (condition) => {
      const traits = storedObject(ctx, 'localStorage', String(condition.name));
      if (traits === undefined) return true;
      if (traits === UNKNOWN) return UNKNOWN;
      return !(condition.value as string[]).some((name) => name in traits);
    },
    check: validationOnly((condition) =>
      typeof condition.name === 'string' && condition.name && Array.isArray(condition.value) && condition.value.every((item) => typeof item === 'string')
        ? undefined
        : 'A user_traits condition names the storage key in "name" and the traits in "value"',
    ),
  });
};
