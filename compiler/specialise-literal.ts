/**
 * A value of project data as a JavaScript literal that evaluates to an equal value, for the code
 * compiler/specialise.ts generates. Only what a literal gives back exactly is written: primitives (with
 * -0, NaN, the infinities and undefined kept), dense plain arrays and plain objects of such values. Anything
 * else (a function, a Date, a getter, a cycle, a sparse array...) has no literal: the caller leaves the
 * audience or page that holds it to the interpreter.
 */

/** Deeper values are left to the interpreter (data this deep is not a real condition). */
const MAX_LITERAL_DEPTH = 64;

const numberLiteral = (value: number): string =>
  Object.is(value, -0) ? '-0' : Number.isNaN(value) ? 'NaN' : value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : String(value);

/** Own enumerable data properties only, all under string keys: what an object literal can rebuild. */
const plainEntries = (value: object): Array<[string, unknown]> | undefined => {
  const entries: Array<[string, unknown]> = [];
  for (const key of Reflect.ownKeys(value)) {
    if (key === 'length' && Array.isArray(value)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (typeof key !== 'string' || !descriptor.enumerable || !('value' in descriptor)) return undefined;
    entries.push([key, descriptor.value]);
  }
  return entries;
};

/** The literal of `value`, or undefined when no literal gives it back exactly. */
export const literal = (value: unknown, seen: Set<object> = new Set(), depth = 0): string | undefined => {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || seen.has(value) || depth > MAX_LITERAL_DEPTH) return undefined;
  seen.add(value);
  try {
    const proto = Object.getPrototypeOf(value);
    const entries = proto === Array.prototype || proto === Object.prototype ? plainEntries(value) : undefined;
    if (!entries) return undefined;
    if (Array.isArray(value)) {
      // Dense and nothing beside the indexes (`length` is not enumerable).
      if (entries.length !== value.length) return undefined;
      const items = value.map((item) => literal(item, seen, depth + 1));
      return items.includes(undefined) ? undefined : `[${items.join(', ')}]`;
    }
    const fields: string[] = [];
    for (const [key, item] of entries) {
      const text = literal(item, seen, depth + 1);
      if (text === undefined) return undefined;
      // `__proto__: x` in a literal sets the prototype; a computed key makes the property.
      fields.push(`${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: ${text}`);
    }
    return `{ ${fields.join(', ')} }`;
  } finally {
    seen.delete(value);
  }
};

/** Text safe inside a line comment of generated code: printable ASCII only (no line terminator ends it early). */
export const commentText = (text: unknown): string => String(text).replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
