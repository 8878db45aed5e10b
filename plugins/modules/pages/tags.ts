/** Page tags read from the page when it activates (PAG-14 "parsed tags"). */
import { compile, MAX_REGEX_INPUT } from '../../../core/project/regex';
import type { PageTag } from '../../../core/project/types';
import { readQuery } from '../../_shared/params';

type Win = (Window & typeof globalThis) | undefined;

const locate = (tag: PageTag, win: Win): unknown => {
  const locator = tag.locator ?? '';
  switch (tag.locatorType) {
    case 'css_selector':
      return win?.document.querySelector(locator)?.textContent?.trim();
    case 'javascript':
      // A dotted path from the window (`dataLayer.0.category`), walked without evaluating code (strict CSP).
      return locator
        .replace(/^window\./, '')
        .split('.')
        .reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), win);
    case 'query':
      return win && readQuery(win.location.search)[locator];
    case 'url_regex': {
      // Through the backtracking guard (URL-5): an unsafe or invalid pattern reads nothing.
      const pattern = compile(locator);
      const found = win && typeof pattern != 'string' && pattern.exec(win.location.href.slice(0, MAX_REGEX_INPUT));
      return found ? (found[1] ?? found[0]) : undefined;
    }
  }
};

/**
 * Reads the page's tags. Locator types (the spec gives no shapes): `css_selector` (text of the first
 * match), `javascript` (a dotted path from window, never evaluated), `query` (a query parameter),
 * `url_regex` (first group, or the match). `valueType` `number` parses the value; tags that cannot be
 * read are left out, never thrown.
 */
export const readTags = (tags: readonly PageTag[] | undefined, win: Win): Record<string, unknown> => {
  const result: Record<string, unknown> = {};
  for (const tag of Array.isArray(tags) ? tags : []) {
    let value: unknown;
    try {
      value = locate(tag, win);
    } catch {
      continue;
    }
    if (value == null || value === '') continue;
    if (tag.valueType === 'number') {
      value = parseFloat(String(value));
      if (Number.isNaN(value)) continue;
    }
    result[tag.apiName] = value;
  }
  return result;
};
