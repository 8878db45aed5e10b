/** Structural checks of audiences, pages, events, dimensions and visitor attributes. */
import { unsafeReason } from './regex';
import { EVENT_TYPES, PAGE_ACTIVATION_TYPES, URL_MATCH_TYPES } from './types';
import {
  type Checker,
  type Obj,
  type Scope,
  checkFlag,
  checkId,
  checkOneOf,
  checkText,
  child,
  eachObject,
  errorText,
  isObject,
  isText,
  label,
  optionalList,
  show,
  unique,
  walkExpression,
} from './validate-kit';

// Page activation types that run the page's activation code.
const RUNS_CODE: readonly unknown[] = ['callback', 'polling'];

/**
 * Whether a pattern of the data compiles and passes the backtracking guard shared with audience regexes
 * (URL-5, ./regex.ts); reports why not.
 */
function checkPattern(c: Checker, at: Scope, pattern: string): boolean {
  try {
    new RegExp(pattern);
  } catch (error) {
    c.report(at, `Invalid regular expression: ${errorText(error)}`);
    return false;
  }
  const unsafe = unsafeReason(pattern);
  if (unsafe) c.report(at, `Unsafe regular expression: ${unsafe}`);
  return !unsafe;
}

/** A condition leaf: an object with a type; URL conditions also need a valid match rule and value. */
function checkCondition(c: Checker, item: unknown, at: Scope): void {
  if (!isObject(item)) return c.report(at, `A condition must be an object with a type, got ${show(item)}`);
  checkText(c, at, item, 'type', true);
  checkText(c, at, item, 'match');
  if (item.type !== 'url') return;
  checkOneOf(c, at, item, 'match', URL_MATCH_TYPES);
  if (typeof item.value !== 'string') return c.report(child(at, 'value'), `A URL condition needs a string value, got ${show(item.value)}`);
  if (item.match === 'regex' && !checkPattern(c, child(at, 'value'), item.value)) return;
  const never = neverMatches(item.match, item.value);
  if (never) c.report(child(at, 'value'), `This URL rule can never match: ${never}`, 'warning');
}

/**
 * Why a URL rule can never match a page, or undefined (URL-1..6 as plugins/modules/pages matches
 * them: the pages README has the table). Only sure cases: a rule that might match is never flagged.
 */
export function neverMatches(match: unknown, value: string): string | undefined {
  const v = value.trim();
  if (match !== 'regex' && /\s/.test(v)) return 'a URL has no spaces (a browser writes them %20)';
  if (match === 'exact') {
    if (!v) return 'an exact rule compares the whole URL, which is never empty';
    if (v.includes('*')) return '"*" is a wildcard only in simple rules; an exact rule compares the URL as written';
    if (/^[/?#]/.test(v)) return `an exact rule compares the whole URL with its host: write the host (example.com${v.startsWith('/') ? v : '/' + v}) or use a simple rule`;
  }
  if (match === 'regex') {
    // Outside escapes and character classes (each read as one character), `^` right after a character or
    // `$` right before one asks for text before the start or after the end (no multiline flag here).
    const bare = v.replace(/\\./g, 'x').replace(/\[(?:\\.|[^\]])*\]/g, 'x');
    if (/^\^(?:\(\?:)?www\\?\./i.test(v)) return 'it is tested on the URL without "www." and on the URL as written, which starts with the protocol';
    if (/[\w/.]\^/.test(bare)) return '"^" after other text asks for text before the start of the URL';
    if (/\$[\w/.]/.test(bare)) return '"$" before other text asks for text after the end of the URL';
  }
}

/** Checks an audience. */
export function checkAudience(c: Checker, at: Scope, audience: Obj, seen: Map<string, string>): void {
  checkId(c, at, audience, 'audience', seen);
  checkText(c, at, audience, 'name');
  walkExpression(c, child(at, 'conditions'), audience.conditions, (item, leaf) => checkCondition(c, item, leaf));
}

/** Checks a page (view); `names` holds the apiNames seen, which the page call looks pages up by. */
export function checkPage(c: Checker, at: Scope, page: Obj, seen: Map<string, string>, names: Map<string, string>): void {
  checkId(c, at, page, 'page', seen);
  checkText(c, at, page, 'apiName', true);
  if (isText(page.apiName)) unique(c, child(at, 'apiName'), page.apiName, 'page apiName', names);
  checkText(c, at, page, 'name');
  checkText(c, at, page, 'category');
  // A view-provider plugin may add an activation type; the kernel can enforce its registry with a rule.
  if (page.activationType != null && !(PAGE_ACTIVATION_TYPES as readonly unknown[]).includes(page.activationType)) {
    c.report(child(at, 'activationType'), `Unknown view activationType ${show(page.activationType)}`, 'warning');
  }
  if (page.activationCode != null && typeof page.activationCode !== 'function') {
    c.report(child(at, 'activationCode'), `activationCode must be a function, got ${show(page.activationCode)}`);
  } else if (page.activationCode == null && RUNS_CODE.includes(page.activationType)) {
    c.report(child(at, 'activationCode'), `activationType ${String(page.activationType)} needs activationCode, a function`);
  }
  checkFlag(c, at, page, 'deactivationEnabled');
  checkFlag(c, at, page, 'undoOnDeactivation');
  const tags = optionalList(c, at, page, 'tags');
  if (tags)
    eachObject(c, child(at, 'tags'), tags, (tag, _index, path) => {
      checkText(c, { entity: at.entity, path }, tag, 'apiName', true);
      // A url_regex locator is a pattern run on every page view: the same guard as a URL rule's.
      if (tag.locatorType === 'url_regex' && typeof tag.locator === 'string') checkPattern(c, child({ entity: at.entity, path }, 'locator'), tag.locator);
    });
  if (page.staticConditions != null) walkExpression(c, child(at, 'staticConditions'), page.staticConditions, (item, leaf) => checkCondition(c, item, leaf));
}

/** Checks an event definition. */
export function checkEvent(c: Checker, at: Scope, event: Obj, seen: Map<string, string>, names: Map<string, string>): void {
  checkId(c, at, event, 'event', seen);
  checkText(c, at, event, 'apiName', true);
  if (isText(event.apiName)) unique(c, child(at, 'apiName'), event.apiName, 'event apiName', names);
  if (!(EVENT_TYPES as readonly unknown[]).includes(event.eventType)) {
    c.report(child(at, 'eventType'), `eventType must be one of ${EVENT_TYPES.join(', ')}, got ${show(event.eventType)}`);
  }
  checkText(c, at, event, 'category');
  if (event.pageId != null && (typeof event.pageId !== 'string' || !c.pageIds.has(event.pageId))) {
    c.report(child(at, 'pageId'), `pageId names no page of the project: ${show(event.pageId)}`);
  }
  for (const key of ['config', 'eventFilter']) {
    if (event[key] != null && !isObject(event[key])) c.report(child(at, key), `${key} must be an object, got ${show(event[key])}`);
  }
  const selector = (isObject(event.config) && event.config.selector) || (isObject(event.eventFilter) && event.eventFilter.selector);
  if (event.eventType === 'click' && !isText(selector)) c.report(at, 'A click event needs a selector in config.selector or eventFilter.selector');
}

/** Checks the audiences, pages, events, dimensions and visitor attributes lists that are lists. */
export function checkEntities(c: Checker, scope: Scope, data: Obj): void {
  const each = (key: string, kind: string, check: (at: Scope, item: Obj) => void): void => {
    if (Array.isArray(data[key])) {
      eachObject(c, child(scope, key), data[key], (item, i, path) => check({ entity: label(kind, item, i), path }, item));
    }
  };
  const seen = (): Map<string, string> => new Map();
  const audiences = seen();
  const pages = seen();
  const pageNames = seen();
  const events = seen();
  const eventNames = seen();
  const dimensions = seen();
  const attributes = seen();
  const attributeNames = seen();
  each('audiences', 'audience', (at, item) => checkAudience(c, at, item, audiences));
  each('pages', 'page', (at, item) => checkPage(c, at, item, pages, pageNames));
  each('events', 'event', (at, item) => checkEvent(c, at, item, events, eventNames));
  each('dimensions', 'dimension', (at, item) => {
    checkId(c, at, item, 'dimension', dimensions);
    checkText(c, at, item, 'apiName', true);
    checkText(c, at, item, 'segmentId');
  });
  each('visitorAttributes', 'visitor attribute', (at, item) => {
    checkId(c, at, item, 'visitor attribute', attributes);
    checkText(c, at, item, 'name', true);
    // Duplicate names are legal data, but a lookup by such a name fails (CFG-27).
    if (isText(item.name)) unique(c, child(at, 'name'), item.name, 'visitor attribute name (a lookup by this name will fail)', attributeNames, 'warning');
  });
}
