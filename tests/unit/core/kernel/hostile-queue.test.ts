/**
 * No queued call switches the runtime off (KRN-9, KRN-24): the pre-load queue is replayed through the
 * same guard as a live push. The hostile calls are the fuzzer's reproductions: an object whose getters
 * throw, a Proxy whose every trap throws, `['load']` without data or with data that is not an object.
 * Each is logged and skipped; the rest of the queue runs, and so does the activation.
 */
import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../core/testing';

const throwingGetters = () => ({
  get type(): string {
    throw new Error('type getter');
  },
});
const throwingData = () => ({
  type: 'load',
  get data(): unknown {
    throw new Error('data getter');
  },
});
const hostileProxy = () =>
  new Proxy([], {
    get() {
      throw new Error('proxy get');
    },
    getPrototypeOf() {
      throw new Error('proxy prototype');
    },
    ownKeys() {
      throw new Error('proxy keys');
    },
    has() {
      throw new Error('proxy has');
    },
  });

const HOSTILE: Array<[string, () => unknown]> = [
  ['an object whose type getter throws', throwingGetters],
  ['a load object whose data getter throws', throwingData],
  ['a Proxy whose traps throw', hostileProxy],
  ["['load'] without data", () => ['load']],
  ["['load', 42]", () => ['load', 42]],
  ["['load', 'text']", () => ['load', 'text']],
  ["['load', []]", () => ['load', []]],
  ["['load', null]", () => ['load', null]],
];

describe('hostile queued calls', () => {
  for (const [label, make] of HOSTILE) {
    it(`KRN-9 KRN-24 ${label}, queued before load, is logged and skipped; the rest of the queue and the activation run`, async () => {
      const module = { kept: true };
      const t = bootKernel({
        data: { projectId: 'own-data' },
        queue: [make(), ['registerModule', 'afterHostile', module], ['log', 'DEBUG']],
        start: false,
        logLevel: 'DEBUG',
      });
      expect(() => t.kernel.start()).not.toThrow();
      await t.settle();
      expect(t.get('afterHostile')).toBe(module);
      expect(t.lifecycle()).toEqual(expect.arrayContaining(['initialized', 'activated']));
      // The snippet's own data stayed: the bad load changed nothing.
      expect((t.get('data') as { projectId: string }).projectId).toBe('own-data');
      expect(t.logs.some((line) => line.level === 'error')).toBe(true);
    });

    it(`KRN-9 KRN-24 ${label}, pushed live after load, is logged and skipped like the queued one`, async () => {
      const t = bootKernel({ data: { projectId: 'own-data' } });
      await t.settle();
      expect(() => t.push(make())).not.toThrow();
      t.push(['registerModule', 'afterHostile', 1]);
      expect(t.get('afterHostile')).toBe(1);
    });
  }

  it('KRN-9 a queued load with an object is still taken (the guard refuses only what is not project data)', async () => {
    const t = bootKernel({ data: { projectId: 'own-data' }, queue: [['load', { projectId: 'loaded' }]], start: false, validate: false });
    t.kernel.start();
    await t.settle();
    expect((t.get('data') as { projectId: string }).projectId).toBe('loaded');
    expect(t.lifecycle()).toContain('activated');
  });
});

describe('hostile thrown values', () => {
  it('KRN-9 KRN-17 a listener that throws a Proxy whose traps throw is reported; the emit returns and the other listeners run', async () => {
    const t = bootKernel();
    await t.settle();
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
        get() {
          throw new Error('trap');
        },
      },
    );
    const seen: string[] = [];
    t.push({ type: 'addListener', filter: { type: 'custom' }, handler: () => { throw hostile; }, emitErrors: true });
    t.push(['addListener', { type: 'custom' }, () => void seen.push('after')]);
    const emitter = t.get('event_emitter') as { emit(event: unknown): void };
    expect(() => emitter.emit({ type: 'custom', name: 'x' })).not.toThrow();
    expect(seen).toEqual(['after']);
    expect(t.errors()).toEqual(['[object Object]']);
  });
});
