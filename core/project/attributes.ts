/**
 * What an attribute change may set (CHG-4, CHG-5), shared by the validator (build and load) and the
 * attribute applier (in the page), so both refuse the same things with the same catalogue texts.
 *
 * Beside the spec's kinds (class, html, href, src, style, text, hide, remove), an attribute change sets or
 * removes any attribute by its name (title, alt, data-*, aria-*...; false or null removes it, true sets it
 * empty), and adds or removes single classes (`addClass`, `removeClass`: space-separated names) without
 * replacing the class list. Event-handler attributes (on*) and `javascript:` URLs are refused: they
 * would run code the strict CSP of the page is there to stop, outside the custom-code change.
 */

/** Catalogue text (ERR-22): not a kind and not an attribute name. */
export const MSG_UNRECOGNIZED_ATTRIBUTE = 'Unrecognized attribute';
/** Catalogue text: an on* attribute in an attribute change. */
export const MSG_EVENT_ATTRIBUTE = 'Event handler attributes are refused';
/** Catalogue text: a javascript: URL in an attribute change. */
export const MSG_SCRIPT_URL = 'javascript: URLs are refused';

/** The class-list kinds, beside the spec's own (ATTRIBUTE_KINDS). */
export const CLASS_KINDS = ['addClass', 'removeClass'] as const;

// An XML-compatible attribute name, as setAttribute accepts it (names with a colon are namespaced ones).
const NAME = /^[a-z_:][\w:.-]*$/i;
// Browsers drop ASCII whitespace and control characters before reading a URL's scheme (`java\tscript:`).
const SCRIPT_URL = /^javascript:/i;
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020]/g;

/**
 * The catalogue text refusing `value` for the attribute (or kind) `name`, or undefined when it is allowed.
 * The spec's kinds other than class, href and src are not attributes and are checked by the applier.
 */
export const attributeProblem = (name: string, value: unknown): string | undefined => {
  if (!NAME.test(name)) return MSG_UNRECOGNIZED_ATTRIBUTE;
  if (/^on/i.test(name)) return MSG_EVENT_ATTRIBUTE;
  if (typeof value === 'string' && SCRIPT_URL.test(value.replace(IGNORED_IN_SCHEME, ''))) return MSG_SCRIPT_URL;
};
