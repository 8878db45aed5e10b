/**
 * The customer-provided visitor id (CFG-3, VIS-11): read where global data `visitorIdLocator` says
 * (a cookie, a global JS variable path, a localStorage key or a query parameter, all by the customer's
 * own name, without the product prefix). It must be found and be a string or a number; otherwise it is
 * not used and a warning says why.
 */
import type { PluginContext } from '../../../core';
import type { VisitorIdLocator } from '../../../core/project/types';
import { parseCookies } from '../../_shared/cookies';
import { queryParam } from '../../_shared/params';

/** Warned when the locator finds nothing. */
export const msgCustomIdNotFound = (locator: VisitorIdLocator) => `Visitor id not found in ${locator.type} "${locator.name}"`;
/** Warned when the located value is neither a string nor a number. */
export const MSG_CUSTOM_ID_TYPE = 'Visitor id must be a string or a number';

const lookup = (win: Window & typeof globalThis, { type, name }: VisitorIdLocator): unknown => {
  switch (type) {
    case 'cookie':
      return parseCookies(win.document.cookie).get(name);
    case 'js':
      return name.split('.').reduce<any>((value, part) => (value == null ? undefined : value[part]), win);
    case 'localStorage':
      return win.localStorage.getItem(name);
    case 'query':
      return queryParam(win, name);
  }
};

/** The customer-provided id as a string, or undefined (not configured, not found, wrong type: warned). */
export const locateVisitorId = (ctx: PluginContext): string | undefined => {
  const locator = ctx.data.visitorIdLocator;
  if (!locator || !ctx.win) return;
  let value: unknown;
  try {
    value = lookup(ctx.win, locator);
  } catch {
    // a blocked storage or a throwing getter counts as not found (value stays undefined)
  }
  if (value == null || value === '') return void ctx.log.warn(msgCustomIdNotFound(locator));
  // A string, or a finite number (Number.isFinite is false for anything that is not a number).
  if (typeof value !== 'string' && !Number.isFinite(value)) return void ctx.log.warn(MSG_CUSTOM_ID_TYPE);
  return String(value);
};
