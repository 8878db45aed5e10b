/**
 * The page-proof JSON writer (plugins/_shared/json.ts) behind batches, pending events and stored values:
 * well-formed text whatever the page did to prototypes or JSON.stringify, and whatever it handed over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toJson } from '../../../../plugins/_shared/json';

const realStringify = JSON.stringify;
afterEach(() => {
  delete (Array.prototype as { toJSON?: unknown }).toJSON;
  delete (Object.prototype as { toJSON?: unknown }).toJSON;
  JSON.stringify = realStringify;
});

describe('toJson', () => {
  it('KRN-9 TRK-39 writes what JSON.stringify writes for plain data', () => {
    const data = { a: 1, b: 'two "quoted" \\ é', c: [true, null, 1.5, { d: [] }], e: {}, f: -0.25 };
    expect(toJson(data)).toBe(realStringify(data));
    expect(JSON.parse(toJson({ n: 'line\nbreak\t' })!)).toEqual({ n: 'line\nbreak\t' });
    expect(JSON.parse(toJson(data)!)).toEqual(data);
  });

  it('KRN-9 a circular value is written without its cycle, never thrown (the fuzzer\'s "Converting circular structure to JSON")', () => {
    const list: unknown[] = [1, 'two'];
    list.push(list);
    const record: Record<string, unknown> = { list };
    record.self = record;
    expect(() => toJson(record)).not.toThrow();
    expect(JSON.parse(toJson(record)!)).toEqual({ list: [1, 'two', null] });
    // A shared (not circular) value is written at each place.
    const shared = { x: 1 };
    expect(JSON.parse(toJson([shared, shared])!)).toEqual([{ x: 1 }, { x: 1 }]);
  });

  it('TRK-39 ignores Array.prototype.toJSON (Prototype.js) and a replaced JSON.stringify', () => {
    Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'broken', configurable: true, writable: true });
    Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'broken', configurable: true, writable: true });
    JSON.stringify = (() => 'replaced') as typeof JSON.stringify;
    expect(toJson({ visitors: [{ snapshots: [1, 2] }] })).toBe('{"visitors":[{"snapshots":[1,2]}]}');
  });

  it('KRN-9 values without a JSON form, throwing getters and hostile Proxies are left out, never thrown', () => {
    const value = {
      fn: () => 1,
      sym: Symbol('s'),
      big: BigInt(1),
      undef: undefined,
      nan: NaN,
      date: new Date(0),
      badDate: new Date(NaN),
      get broken(): number {
        throw new Error('getter');
      },
      proxy: new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
      node: new Map([[1, 2]]),
      kept: 'yes',
    };
    expect(JSON.parse(toJson(value)!)).toEqual({ nan: null, date: '1970-01-01T00:00:00.000Z', badDate: null, node: {}, kept: 'yes' });
    expect(toJson([() => 1, undefined, Symbol('s')])).toBe('[null,null,null]');
    expect(toJson(undefined)).toBeUndefined();
  });

  it('KRN-9 lone surrogates and control characters are escaped: the text is always valid', () => {
    const text = toJson({ s: '\ud800 \u0000 \u2028 😀' })!;
    expect(text).not.toMatch(/[\u0000-\u001f\ud800-\udfff]/);
    expect(JSON.parse(text).s).toBe('\ud800 \u0000 \u2028 😀');
  });

  it('KRN-9 a "__proto__" key is written as data and read back as an own key, polluting nothing', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}}');
    const text = toJson(parsed)!;
    expect(text).toBe('{"__proto__":{"polluted":1}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
