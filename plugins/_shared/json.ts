const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/g;
const quote = (text: string) =>
  '"' + text.replace(ESCAPED, (ch) => (ch == '"' || ch == '\\' ? '\\' + ch : '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'))) + '"';

/** A property, or undefined when its getter (or a Proxy trap) throws: only that property is left out. */
const read = (from: Record<string, unknown> | unknown[], key: string | number): unknown => {
  try {
    return (from as Record<string | number, unknown>)[key];
  } catch {
    return undefined;
  }
};

/** The most values one JSON text holds (a batch of events with their properties holds a few thousand). */
export const JSON_VALUE_BUDGET = 100_000;

// Objects whose text is already known (see keptJson), written as that text wherever they appear.
const known = new WeakMap<object, string>();

/**
 * The JSON text of `value` ({@link toJson}), remembered when `value` is an object, which must not change
 * afterwards: every later toJson that meets `value` writes the text instead of walking it again, and
 * keptJson gives it back at once. The tracker writes a closed batch once and both stores it (inside its
 * list of pending events) and sends it.
 */
export const keptJson = (value: unknown): string | undefined => {
  const object = !!value && typeof value == 'object';
  let text = object ? known.get(value) : undefined;
  if (text === undefined) {
    text = toJson(value);
    if (object && text !== undefined) known.set(value, text);
  }
  return text;
};

/**
 * JSON text that the host page cannot break (KRN-9, TRK-39). The built-in `JSON.stringify` is the page's: old libraries
 * (Prototype.js) define `Array.prototype.toJSON`, which turns every array into a string inside the text,
 * some pages replace `JSON.stringify` outright, and a value the page handed over may be circular or hold a
 * getter that throws. Batches, pending events and stored values go through this writer instead:
 *
 * - no `toJSON` is called (a Date becomes its ISO text, as the standard method would give);
 * - only arrays and plain objects are walked; any other object (a DOM node, the window, a Map) is `{}`;
 * - a value met again inside itself (a cycle), a function, a symbol, a bigint or `undefined` is left out
 *   of an object and written `null` in an array; so is anything whose getter or Proxy trap throws;
 * - lone surrogates and control characters are escaped, so the text is always well formed;
 * - at most {@link JSON_VALUE_BUDGET} values are written: a value shared many times over (`v = { a: w, b: w }`
 *   nested 26 deep has 2^26 paths) would otherwise cost its paths, not its size; the rest is left out as a
 *   cycle is.
 *
 * Never throws; returns undefined only for a top-level value that has no JSON form.
 */
export const toJson = (value: unknown): string | undefined => {
  const open: unknown[] = [];
  let budget = JSON_VALUE_BUDGET;
  const write = (item: unknown): string | undefined => {
    if (--budget < 0) return;
    if (typeof item == 'string') return quote(item);
    if (typeof item == 'number') return isFinite(item) ? '' + item : 'null';
    if (typeof item == 'boolean') return '' + item;
    if (item === null) return 'null';
    if (typeof item != 'object' || open.includes(item)) return;
    const kept = known.get(item);
    if (kept !== undefined) return kept;
    try {
      if (item instanceof Date) return isNaN(+item) ? 'null' : quote(item.toISOString());
      const proto = Object.getPrototypeOf(item);
      open.push(item);
      // Concatenated by hand: the page may have replaced Array.prototype.join or toString too.
      let text = '';
      if (Array.isArray(item)) {
        for (let i = 0; i < item.length; i++) text += (i ? ',' : '') + (write(read(item as unknown[], i)) ?? 'null');
        return '[' + text + ']';
      }
      if (proto !== Object.prototype && proto !== null) return '{}';
      for (const key of Object.keys(item)) {
        const part = write(read(item as Record<string, unknown>, key));
        if (part !== undefined) text += (text ? ',' : '') + quote(key) + ':' + part;
      }
      return '{' + text + '}';
    } catch {
      return;
    } finally {
      if (open[open.length - 1] === item) open.pop();
    }
  };
  return write(value);
};
