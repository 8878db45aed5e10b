/**
 * boot(), the snippet's entry, in a real page (Chromium): the `window.varia` queue becomes
 * `{ push, get }` (KRN-21..23, KRN-26), an existing API object is left alone, the `varia_log`
 * query parameter sets the log level (ruling 11), and nothing ever throws into the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, GLOBAL_NAME, type KernelEvent, type Plugin, type PluginContext } from '../../core';
import { prepareProject } from '../../core/project/prepare';
import { testProject } from '../../core/testing';

type Global = Record<string, unknown>;
const page = window as unknown as Global;

/** A plugin that defines `foo` (param n), records what runs, and hands out its context. */
const fooPlugin = (ran: string[]) => {
  let ctx: PluginContext | undefined;
  const plugin = {
    type: 'tracker',
    name: 'foo',
    setup: (c: PluginContext) => {
      ctx = c;
      c.defineCall(
        'foo',
        ({ n }) => {
          ran.push(`foo ${n}`);
          return `done ${n}`;
        },
        ['n'],
      );
      c.defineCall('optOut', ({ value }) => void ran.push(`optOut ${value}`), ['value']);
      c.hook('init', () => void ran.push('init'));
      c.on({ type: 'lifecycle' }, (event: KernelEvent) => void ran.push(`[${event.name}]`));
    },
  } as unknown as Plugin;
  return { plugin, ctx: () => ctx! };
};

/** A window stand-in for boot: only what it reads (location.search) and the global it writes. */
const fakeWindow = (search: string, queue?: unknown) => ({ location: { search }, [GLOBAL_NAME]: queue }) as unknown as Window & Global;

let saved: PropertyDescriptor | undefined;
beforeEach(() => {
  saved = Object.getOwnPropertyDescriptor(window, GLOBAL_NAME);
});
afterEach(() => {
  delete page[GLOBAL_NAME];
  if (saved) Object.defineProperty(window, GLOBAL_NAME, saved);
  vi.restoreAllMocks();
});

describe('boot in a page', () => {
  it('KRN-21 KRN-22 KRN-23 boot turns the window.varia queue into { push, get } and replays the queued calls in order', async () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    page[GLOBAL_NAME] = [['foo', 1], { type: 'foo', n: 2 }, 'foo', ['optOut', true]];
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] }, { prepare: prepareProject });
    expect(kernel).toBeDefined();
    await kernel!.whenIdle();
    const api = page[GLOBAL_NAME] as { push(call: unknown): unknown; get(name: string): unknown };
    expect(Object.keys(api).sort()).toEqual(['get', 'push']);
    expect(typeof api.push).toBe('function');
    expect(typeof api.get).toBe('function');
    // optOut is high priority: it runs while the queue is replayed, before init; the rest after init.
    expect(ran).toEqual([
      'optOut true',
      'init',
      'foo 1',
      'foo 2',
      'foo undefined',
      '[initialized]',
      '[activate]',
      '[viewsActivated]',
      '[activated]',
      '[activateDeferredDone]',
    ]);
    expect(api.push(['foo', 3])).toBe('done 3');
    expect(api.push({ type: 'foo', n: 4 })).toBe('done 4');
    expect(api.push('foo')).toBe('done undefined');
    expect(api.get('data')).toMatchObject({ projectId: 'test-project', clientName: 'js', clientVersion: '0.224.0' });
  });

  it('KRN-26 boot without any queue installs the API and starts', async () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] });
    await kernel!.whenIdle();
    expect(ran).toEqual(['init', '[initialized]', '[activate]', '[viewsActivated]', '[activated]', '[activateDeferredDone]']);
    expect((page[GLOBAL_NAME] as { push(call: unknown): unknown }).push(['foo', 'x'])).toBe('done x');
  });

  it('KRN-28 a disable queued in the page keeps the runtime off', async () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    page[GLOBAL_NAME] = [['foo', 1], ['disable']];
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] });
    await kernel!.whenIdle();
    expect(ran).toEqual([]);
    expect(foo.ctx().disabled()).toBe(true);
  });

  it('KRN-21 an existing API object is left alone: boot returns undefined and creates no kernel', () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    const existing = { push: () => 'other snippet', get: () => undefined };
    page[GLOBAL_NAME] = existing;
    expect(boot({ data: testProject(), plugins: [foo.plugin] })).toBeUndefined();
    expect(page[GLOBAL_NAME]).toBe(existing);
    expect(ran).toEqual([]);
  });

  it('KRN-24 the public push in the page ignores odd shapes and unknown names without throwing', async () => {
    const kernel = boot({ data: testProject() });
    await kernel!.whenIdle();
    const api = page[GLOBAL_NAME] as { push(call: unknown): unknown };
    for (const call of [42, null, undefined, {}, [], [1], 'unknownCall', ['unknownCall'], { type: 'unknownCall' }]) {
      expect(() => api.push(call)).not.toThrow();
      expect(api.push(call)).toBeUndefined();
    }
  });
});

describe('boot: the varia_log query parameter (ruling 11)', () => {
  it.each([
    ['', 0],
    ['?varia_log=DEBUG', 4],
    ['?varia_log=info', 3],
    ['?other=1&varia_log=2', 2],
    ['?varia_log=WARN:tracker', 2],
    ['?varia_log=bogus', 0],
    ['?VARIA_LOG=DEBUG', 0],
  ])('ruling 11 KRN-40 with location.search %j the log level is %i', (search, level) => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    const win = fakeWindow(search);
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] }, { win });
    expect(kernel).toBeDefined();
    expect(foo.ctx().log.level()).toBe(level);
    expect(foo.ctx().win).toBe(win);
    // The fake window got the API, the real one was not touched.
    expect(Object.keys(win[GLOBAL_NAME] as object).sort()).toEqual(['get', 'push']);
    expect(page[GLOBAL_NAME]).toBeUndefined();
  });

  it('ruling 11 the level from varia_log reaches the real console, with its text filter', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const foo = fooPlugin([]);
    boot({ data: testProject(), plugins: [foo.plugin] }, { win: fakeWindow('?varia_log=DEBUG:keep') });
    foo.ctx().log.debug('drop this');
    foo.ctx().log.debug('keep this');
    expect(debug.mock.calls).toEqual([['[Varia]', 'keep this']]);
  });

  it('KRN-21 a queue left on the given window is replayed', async () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    const win = fakeWindow('', [['foo', 'from fake window']]);
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] }, { win });
    await kernel!.whenIdle();
    expect(ran).toContain('foo from fake window');
  });
});

describe('boot never throws', () => {
  it('KRN-9 a window.varia getter that throws: boot returns undefined, logs, and throws nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.defineProperty(window, GLOBAL_NAME, {
      configurable: true,
      get() {
        throw new Error('getter exploded');
      },
    });
    let result: unknown = 'not called';
    expect(() => (result = boot({ data: testProject() }))).not.toThrow();
    expect(result).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toBe('[Varia]');
    expect((error.mock.calls[0][1] as Error).message).toBe('getter exploded');
  });

  it('KRN-9 a read-only window.varia queue: boot returns undefined, starts nothing, and throws nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    const queue = [['foo', 1]];
    Object.defineProperty(window, GLOBAL_NAME, { configurable: true, writable: false, value: queue });
    let result: unknown = 'not called';
    expect(() => (result = boot({ data: testProject(), plugins: [foo.plugin] }))).not.toThrow();
    expect(result).toBeUndefined();
    expect(page[GLOBAL_NAME]).toBe(queue);
    expect(ran).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][1]).toBeInstanceOf(TypeError);
  });

  it('KRN-9 a frozen queue array is read, not written: boot works', async () => {
    const ran: string[] = [];
    const foo = fooPlugin(ran);
    page[GLOBAL_NAME] = Object.freeze([['foo', 'frozen']]);
    const kernel = boot({ data: testProject(), plugins: [foo.plugin] });
    await kernel!.whenIdle();
    expect(ran).toContain('foo frozen');
  });

  it('KRN-9 a window without location: boot returns undefined and throws nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const win = {} as Window;
    expect(() => boot({ data: testProject() }, { win })).not.toThrow();
    expect(boot({ data: testProject() }, { win })).toBeUndefined();
    expect(error).toHaveBeenCalled();
  });

  it('KRN-9 a throwing console as well: boot still throws nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console broken');
    });
    Object.defineProperty(window, GLOBAL_NAME, {
      configurable: true,
      get() {
        throw new Error('getter exploded');
      },
    });
    expect(() => boot({ data: testProject() })).not.toThrow();
  });
});
