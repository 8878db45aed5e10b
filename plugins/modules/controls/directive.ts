/**
 * The directive parameter (`varia_x`, URL-23..27): one parameter carrying several instructions, so a
 * support link can say "disable tracking and force these variations" in one go.
 *
 * Syntax (the spec gives none): comma-separated names, a name with ids takes them after a colon, and
 * further comma-separated items that are not directive names extend the ids of the name before them:
 * `varia_x=disable_tracking,force_variations:111,222,observe_changes`.
 */

/** What a directive asks for. */
export interface Directive {
  /** URL-23: the runtime does nothing on this page load. */
  disable: boolean;
  /** URL-24: the runtime runs, nothing is tracked. */
  disableTracking: boolean;
  /** URL-25: the visitor is opted out. */
  optOut: boolean;
  /** URL-26 */
  forceVariations: string[];
  /** URL-26 */
  forceAudiences: string[];
  /** URL-27: change observation runs until the page goes away. */
  observeChanges: boolean;
  /** Items that are no directive, for a warning. */
  unknown: string[];
}

// No prototype: an item is looked up by the name a URL gives, and `constructor` or `__proto__` must find
// nothing rather than what every object inherits.
const FLAGS: Record<string, 'disable' | 'disableTracking' | 'optOut' | 'observeChanges'> = {
  __proto__: null as never,
  disable: 'disable',
  disable_tracking: 'disableTracking',
  opt_out: 'optOut',
  observe_changes: 'observeChanges',
};
const LISTS: Record<string, 'forceVariations' | 'forceAudiences'> = {
  __proto__: null as never,
  force_variations: 'forceVariations',
  force_audiences: 'forceAudiences',
};

/** Parses a directive value; unknown items are returned in `unknown` so the caller can warn. */
export const parseDirective = (value: string | undefined): Directive => {
  const result = {
    disable: false,
    disableTracking: false,
    optOut: false,
    forceVariations: [] as string[],
    forceAudiences: [] as string[],
    observeChanges: false,
    unknown: [] as string[],
  };
  let list: string[] | undefined;
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const at = item.indexOf(':');
    const name = (at < 0 ? item : item.slice(0, at)).toLowerCase();
    if (FLAGS[name] && at < 0) {
      result[FLAGS[name]] = true;
      list = undefined;
    } else if (LISTS[name]) {
      list = result[LISTS[name]];
      if (at >= 0 && item.slice(at + 1).trim()) list.push(item.slice(at + 1).trim());
    } else if (list && at < 0) list.push(item);
    else result.unknown.push(item);
  }
  return result;
};
