/**
 * The messages between the editor (renderer) and the editor agent running in the page (EDT-17).
 * Both sides import this file, so a message's shape is declared once and every received message is
 * checked by {@link parseMessage} before anything reads it: a message that fails the check, carries
 * another session's token or names an unknown type is dropped without a reply.
 *
 * No dependency on the DOM or React: it is bundled into the agent and into the renderer alike.
 */

import { type Check, either, isBoolean, isNumber, isObject, isRecord, isText, listOf, matching, oneOf, optional, passes, recordOf, shape } from '../../editor-model/checks';

/** Marks a message as ours, and its protocol version. */
export const PROTOCOL = 'varia-editor/1';

/** Hash parameters the editor puts on the canvas URL: the session token and the editor's origin. */
export const HASH_TOKEN = 'varia_editor_token';
export const HASH_ORIGIN = 'varia_editor_origin';
/** Prefix of the console lines that carry agent messages to a desktop `<webview>` host. */
export const CONSOLE_PREFIX = '\u2063varia-agent:';

/** The editor's shortcut keys, forwarded by the agent while the page has focus (Ctrl/Cmd with one of these). */
export type ShortcutKey = 'z' | 'y' | 's';

/** Where to move a selection (arrow keys and the breadcrumb, EDT-15). */
export type Direction = 'parent' | 'child' | 'prev' | 'next';

/**
 * A change as the editor previews it: the runtime's change fields with JSON values. Custom code is
 * registered with the services by the editor first (their API, with its session token), and comes as
 * the id of the script the services then serve (`codeId`), or as the reason it does not compile
 * (`codeError`); the agent loads that script, never `eval`.
 */
export interface PreviewChange {
  id: string;
  type: string;
  selector?: string;
  attributes?: Record<string, string | boolean | null>;
  css?: Record<string, string>;
  operator?: string;
  insertSelector?: string;
  value?: string;
  widget_id?: string;
  config?: Record<string, unknown>;
  dependencies?: string[];
  /** custom_code: the id of the registered script that hands the function over (32 hex characters). */
  codeId?: string;
  /** custom_code: why its source does not compile (then there is no `codeId`). */
  codeError?: string;
}

/** One ancestor or child in a selection's breadcrumb. */
export interface ElementRef {
  selector: string;
  /** `tag#id.class` style label for the breadcrumb. */
  label: string;
}

/** What the agent reports about the selected element. */
export interface Selection {
  selector: string;
  /** How many elements the selector matches in the document (1 when it is unique, EDT-16). */
  matches: number;
  tag: string;
  label: string;
  /** Ancestors from the root down to the element's parent. */
  path: ElementRef[];
  children: ElementRef[];
  text: string;
  html: string;
  attributes: Record<string, string>;
}

/** How one previewed change went (EDT-21, EDT-22). */
export interface PreviewResult {
  id: string;
  status: string;
  /** Elements its selector matches (undefined for types without a selector). */
  matches?: number;
  error?: string;
}

/** How an element of one selector set relates to one of another (issue 37): the same, around it, inside it, or apart. */
export type OverlapKind = 'same' | 'contains' | 'inside' | 'none';

/**
 * Two selector sets to compare on the page (`a`: one change's selectors, `b`: another's), with the
 * overlaps that count (all when absent): a block inserted next to an element does not touch what is in it.
 */
export interface OverlapPair {
  id: string;
  a: string[];
  b: string[];
  kinds?: Array<Exclude<OverlapKind, 'none'>>;
}

/**
 * The answer for one pair: how they overlap, with the labels of an overlapping element of each
 * (`h1.hero-title`), and how many elements each set matched (none: the element is not on this page).
 */
export interface OverlapResult {
  id: string;
  kind: OverlapKind;
  a?: string;
  b?: string;
  counts?: [number, number];
}

/** Editor -> agent. */
export type ToAgent =
  | { type: 'hello' }
  | { type: 'picker'; on: boolean }
  | { type: 'select'; selector: string }
  | { type: 'navigate'; to: Direction }
  | { type: 'preview'; key: string; changes: PreviewChange[] }
  | { type: 'clearPreview' }
  | { type: 'count'; selectors: string[] }
  | { type: 'overlap'; pairs: OverlapPair[] };

/** Agent -> editor. */
export type FromAgent =
  | { type: 'ready'; url: string; title: string; elements: number }
  | { type: 'picker'; on: boolean }
  | { type: 'hover'; selector: string; label: string }
  | { type: 'selected'; selection: Selection }
  | { type: 'previewed'; key: string; results: PreviewResult[]; ms: number }
  | { type: 'counts'; counts: Record<string, number> }
  | { type: 'overlaps'; results: OverlapResult[] }
  /** A shortcut pressed in the page (undo, redo, save): the editor acts on it as if pressed in its own window. */
  | { type: 'shortcut'; key: ShortcutKey; ctrl: boolean; meta: boolean; shift: boolean };

/** A message on the wire: ours, this session's, one of the types. */
export type Envelope<T> = T & { protocol: typeof PROTOCOL; token: string };

const isNull: Check = (value, path) => (value === null ? undefined : `${path} must be null`);
const ref = shape({ selector: isText, label: isText });
const change = shape({
  id: isText,
  type: isText,
  selector: optional(isText),
  attributes: optional(recordOf(either(isText, isBoolean, isNull))),
  css: optional(recordOf(isText)),
  operator: optional(isText),
  insertSelector: optional(isText),
  value: optional(isText),
  widget_id: optional(isText),
  config: optional(isObject),
  dependencies: optional(listOf(isText)),
  codeId: optional(matching(/^[0-9a-f]{32}$/, 'a preview code id')),
  codeError: optional(isText),
});
const always: Check = () => undefined;

const TO_AGENT: Record<ToAgent['type'], Check> = {
  hello: always,
  picker: shape({ on: isBoolean }),
  select: shape({ selector: isText }),
  navigate: shape({ to: oneOf('parent', 'child', 'prev', 'next') }),
  preview: shape({ key: isText, changes: listOf(change) }),
  clearPreview: always,
  count: shape({ selectors: listOf(isText) }),
  overlap: shape({ pairs: listOf(shape({ id: isText, a: listOf(isText), b: listOf(isText), kinds: optional(listOf(oneOf('same', 'contains', 'inside'))) })) }),
};

const FROM_AGENT: Record<FromAgent['type'], Check> = {
  ready: shape({ url: isText, title: isText, elements: isNumber }),
  picker: shape({ on: isBoolean }),
  hover: shape({ selector: isText, label: isText }),
  selected: shape({
    selection: shape({
      selector: isText,
      matches: isNumber,
      tag: isText,
      label: isText,
      path: listOf(ref),
      children: listOf(ref),
      text: isText,
      html: isText,
      attributes: recordOf(isText),
    }),
  }),
  previewed: shape({
    key: isText,
    ms: isNumber,
    results: listOf(shape({ id: isText, status: isText, matches: optional(isNumber), error: optional(isText) })),
  }),
  counts: shape({ counts: recordOf(isNumber) }),
  overlaps: shape({
    results: listOf(shape({ id: isText, kind: oneOf('same', 'contains', 'inside', 'none'), a: optional(isText), b: optional(isText), counts: optional(listOf(isNumber)) })),
  }),
  shortcut: shape({ key: oneOf('z', 'y', 's'), ctrl: isBoolean, meta: isBoolean, shift: isBoolean }),
};

/**
 * Checks a received value: ours, this session's token, a known type whose fields have the declared
 * types. Returns the message, or undefined for anything else.
 */
const parse = <T extends { type: string }>(checks: Record<string, Check>, value: unknown, token: string): T | undefined => {
  if (!isRecord(value) || value.protocol !== PROTOCOL || typeof value.token !== 'string') return;
  // The token is compared whole; an empty session token never matches.
  if (!token || value.token !== token) return;
  const check = typeof value.type === 'string' && Object.hasOwn(checks, value.type) ? checks[value.type] : undefined;
  return check && passes(check, value) ? (value as unknown as T) : undefined;
};

/** A message for the agent, if `value` is a valid one of this session. */
export const parseToAgent = (value: unknown, token: string) => parse<ToAgent>(TO_AGENT, value, token);
/** A message for the editor, if `value` is a valid one of this session. */
export const parseFromAgent = (value: unknown, token: string) => parse<FromAgent>(FROM_AGENT, value, token);

/** Wraps a message for the wire. */
export const envelope = <T extends { type: string }>(message: T, token: string): Envelope<T> => ({
  ...message,
  protocol: PROTOCOL,
  token,
});

/** A fresh per-session token: 128 random bits, hex. */
export const newToken = (crypto: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The canvas URL for a page: editor mode on, the session token and the editor's origin in the hash. */
export const canvasUrl = (pageUrl: string, token: string, editorOrigin: string): string => {
  const url = new URL(pageUrl);
  // The editor parameter in both modes: the desktop-app flag makes a homepage bootstrap stand aside.
  url.searchParams.set('varia_editor', 'true');
  const hash = new URLSearchParams({ [HASH_TOKEN]: token, [HASH_ORIGIN]: editorOrigin });
  url.hash = hash.toString();
  return url.toString();
};

/**
 * The session token and the editor's origin from a canvas page's hash, if present. With `editorOrigin`
 * (what the services that served the agent say their editor's origin is), a hash naming another
 * origin is no session: a page that frames the canvas page itself cannot make the agent talk to it.
 */
export const readSession = (hash: string, editorOrigin?: string): { token: string; origin: string } | undefined => {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get(HASH_TOKEN);
  const origin = params.get(HASH_ORIGIN);
  if (!token || !origin || !/^[0-9a-f]{32}$/.test(token)) return undefined;
  if (editorOrigin !== undefined && /^https?:\/\//.test(editorOrigin) && origin !== editorOrigin) return undefined;
  return { token, origin };
};
