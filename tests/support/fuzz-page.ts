/**
 * The page side of the runtime fuzzer (tests/e2e/fuzz.spec.ts). `installFuzzer` is given to
 * `page.addInitScript`, so it runs before any page script: it queues `before` seeded calls in
 * `window.varia` (the pre-load queue) and leaves `window.__variaFuzz.after(n, seed)` to push and get
 * `n` more once the snippet has loaded. Values are hostile on purpose: circular objects and arrays,
 * throwing getters, Proxies whose traps throw, objects without a prototype, `__proto__` keys, DOM nodes,
 * the window, functions that throw, symbols, bigints, huge strings.
 *
 * Calls that switch tracking off by design (`disable` without scope or with 'tracking', `optOut` true,
 * `load` with an object, which replaces the project) are not generated with those arguments: the test
 * checks the runtime still tracks afterwards.
 */

/** What `after` reports. */
export interface FuzzReport {
  calls: number;
  /** Messages of anything push or get threw synchronously (must be none). */
  thrown: string[];
}

export interface FuzzOptions {
  seed: number;
  before: number;
}

/** Runs in the page, before its scripts. Self-contained: Playwright sends its source text. */
export function installFuzzer({ seed, before }: FuzzOptions): void {
  const makeRandom = (start: number) => {
    let state = start >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };
  const CALL_NAMES = [
    'event', 'page', 'user', 'bucketVisitor', 'activate', 'addListener', 'removeListener', 'registerModule', 'log',
    'holdEvents', 'sendEvents', 'clientMetadata', 'cookieDomain', 'cookieExpiration', 'extendCookieLifetime', 'rum',
    'segments', 'geolocation', 'waitForOriginSync', 'disableCrossOrigin', 'disable', 'optOut', 'load', 'tags',
    'integrationSettings', 'ga4User', 'dataFromSource', 'noSuchCall', '__proto__', 'constructor', 'toString', '',
  ];
  const MODULE_NAMES = [
    'data', 'visitor', 'visitor_id', 'state', 'utils', 'jquery', 'event_emitter', 'tracker', 'decisions', 'pages',
    'changes', 'audiences', 'controls', 'timeline', 'nothing', '__proto__', 'constructor', 'hasOwnProperty', '',
  ];
  const EVENT_NAMES = ['buy', 'cta_click', 'unknown_event', '__proto__', '', 'x'.repeat(300)];

  const valueOf = (random: () => number, depth = 0): unknown => {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const makers: Array<() => unknown> = [
      () => undefined,
      () => null,
      () => pick([true, false, 0, -1, 1.5, NaN, Infinity, -Infinity, 1e308, Number.MAX_SAFE_INTEGER + 2]),
      () => pick(['', 'x', '__proto__', 'constructor', 'prototype', 'toString', 'tracking', 'DEBUG', 'INFO:x', '<img src=x onerror=1>', '\u0000\ud800', 'x'.repeat(20000)]),
      () => Symbol('fuzz'),
      () => BigInt(7),
      () => {
        const circular: Record<string, unknown> = { name: 'circular' };
        circular.self = circular;
        circular.list = [circular];
        return circular;
      },
      () => {
        const list: unknown[] = [1, 'two'];
        list.push(list);
        return list;
      },
      () =>
        Object.defineProperty({}, 'type', {
          enumerable: true,
          get() {
            throw new Error('fuzz getter');
          },
        }),
      () =>
        new Proxy({}, {
          get() {
            throw new Error('fuzz proxy get');
          },
          has() {
            throw new Error('fuzz proxy has');
          },
          ownKeys() {
            throw new Error('fuzz proxy keys');
          },
          getPrototypeOf() {
            throw new Error('fuzz proxy prototype');
          },
          getOwnPropertyDescriptor() {
            throw new Error('fuzz proxy descriptor');
          },
        }),
      () => Object.create(null),
      () => JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'),
      () => ({ toJSON() { throw new Error('fuzz toJSON'); }, toString() { throw new Error('fuzz toString'); } }),
      () => ({ [Symbol.toPrimitive]() { throw new Error('fuzz toPrimitive'); } }),
      () => new Date(NaN),
      () => /(a+)+$/,
      () => document.body,
      () => window,
      () => () => {
        throw new Error('fuzz function');
      },
      () => () => 'fine',
      () => (depth < 3 ? { type: pick(CALL_NAMES), value: valueOf(random, depth + 1), tags: valueOf(random, depth + 1) } : {}),
      () => (depth < 3 ? [valueOf(random, depth + 1), valueOf(random, depth + 1)] : []),
      () => (depth < 3 ? { revenue: valueOf(random, depth + 1), quantity: valueOf(random, depth + 1), properties: valueOf(random, depth + 1), color: 'red' } : {}),
    ];
    return pick(makers)();
  };

  const callOf = (random: () => number): unknown => {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const name = pick(CALL_NAMES);
    const args = Array.from({ length: Math.floor(random() * 4) }, () => valueOf(random));
    // Arguments that switch tracking off by design are replaced by harmless ones.
    if (name == 'disable' && (args[0] === undefined || args[0] === 'tracking')) args[0] = 'not-a-scope';
    if (name == 'optOut') args[0] = false;
    if (name == 'load' && args[0] && typeof args[0] == 'object' && !Array.isArray(args[0])) args[0] = 42;
    if (name == 'event') args[0] = pick(EVENT_NAMES);
    if (name == 'addListener') {
      args[0] = { type: pick(['lifecycle', 'tracking', 'error', 'action']) };
      args[1] = pick([
        () => undefined,
        () => {
          throw new Error('fuzz listener');
        },
        () => {
          throw Object.create(null);
        },
        () => {
          throw valueOf(random);
        },
      ]);
    }
    const shape = random();
    if (shape < 0.6) return [name, ...args];
    if (shape < 0.8) {
      const call: Record<string, unknown> = { type: name };
      ['eventName', 'tags', 'properties', 'data', 'name', 'module', 'scope', 'level', 'value'].forEach((key, i) => {
        if (i < args.length || random() < 0.2) call[key] = name == 'event' && key == 'eventName' ? args[0] : valueOf(random);
      });
      if (name == 'disable' && (call.scope === undefined || call.scope === 'tracking')) call.scope = 'nope';
      if (name == 'load' && call.data && typeof call.data == 'object' && !Array.isArray(call.data)) call.data = 'nope';
      if (name == 'optOut') call.isOptOut = false;
      return call;
    }
    if (shape < 0.9) return name == 'disable' || name == 'optOut' ? 'activate' : name;
    const value = valueOf(random);
    // A random value as a call, except a live object that names a tracking-off call.
    return value && typeof value == 'object' && !Array.isArray(value) ? 'noSuchCall' : value;
  };

  const win = window as unknown as { varia?: unknown[]; __variaFuzz?: unknown };
  const queue = (win.varia = win.varia || []) as unknown[];
  const random = makeRandom(seed);
  for (let i = 0; i < before; i++) queue.push(callOf(random));

  win.__variaFuzz = {
    after: async (count: number, afterSeed: number): Promise<FuzzReport> => {
      const next = makeRandom(afterSeed);
      const api = win.varia as unknown as { push(call: unknown): unknown; get(name: unknown): unknown };
      const thrown: string[] = [];
      const describe = (error: unknown) => {
        try {
          return String((error as Error)?.message ?? error);
        } catch {
          return 'unprintable';
        }
      };
      for (let i = 0; i < count; i++) {
        try {
          if (next() < 0.8) api.push(callOf(next));
          else api.get(next() < 0.7 ? MODULE_NAMES[Math.floor(next() * MODULE_NAMES.length)] : valueOf(next));
        } catch (error) {
          thrown.push(describe(error));
        }
        // Let timers, promises and the tracker's poll run between bursts.
        if (i % 100 == 99) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { calls: count, thrown };
    },
  };
}
