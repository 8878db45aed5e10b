/**
 * The view providers, each driven directly with a fake environment (Node). The same behaviour in a real
 * page (real history, MutationObserver timing) is tested in tests/browser/pages/.
 */
import { describe, expect, it } from 'vitest';
import type { ViewProviderEnv } from '../../../../core';
import type { PageDefinition } from '../../../../core/project/types';
import { createFakeClock, flushPromises } from '../../../../core/testing';
import callback from '../../../../plugins/view-providers/callback';
import domChanged from '../../../../plugins/view-providers/dom-changed';
import immediate from '../../../../plugins/view-providers/immediate';
import manual from '../../../../plugins/view-providers/manual';
import polling from '../../../../plugins/view-providers/polling';
import urlChanged from '../../../../plugins/view-providers/url-changed';
import { historyPatched } from '../../../../plugins/view-providers/_shared/history';
import { fakeWindow } from './fake-window';

const page = (code?: PageDefinition['activationCode']): PageDefinition => ({ id: 'p', apiName: 'p', activationCode: code });

/** A fake env: `runCode` calls the page's code as the pages module would (errors caught and counted). */
const envFor = (target: PageDefinition, overrides: Partial<ViewProviderEnv> = {}) => {
  const clock = createFakeClock();
  const errors: unknown[] = [];
  let ready!: () => void;
  const domReady = new Promise<void>((resolve) => (ready = resolve));
  const env: ViewProviderEnv = {
    conditionsMatch: () => true,
    domReady: () => domReady,
    runCode: (activate) => {
      try {
        return target.activationCode?.(activate, target);
      } catch (error) {
        errors.push(error);
      }
    },
    win: undefined,
    clock,
    log: { error() {}, warn() {}, info() {}, debug() {}, setLevel: () => true, level: () => 0 },
    ...overrides,
  };
  return { env, clock, errors, ready };
};

describe('view providers', () => {
  it('PAG-2 immediate asks for activation at once', () => {
    const updates: boolean[] = [];
    immediate.watch(page(), (isActive) => updates.push(isActive), envFor(page()).env)();
    expect(updates).toEqual([true]);
  });

  it('PAG-3 callback runs the code once with activate; activate(false) deactivates; nothing after stop', () => {
    let activate!: (isActive?: boolean) => void;
    const target = page((fn) => void (activate = fn));
    const updates: boolean[] = [];
    const stop = callback.watch(target, (isActive) => updates.push(isActive), envFor(target).env);
    expect(updates).toEqual([]);
    activate();
    activate(false);
    stop();
    activate();
    expect(updates).toEqual([true, false]);
  });

  it('PAG-4 polling re-runs the code every interval until it returns a truthy value', async () => {
    let runs = 0;
    const target = page(() => ++runs === 4);
    const { env, clock } = envFor(target);
    const updates: boolean[] = [];
    polling({ interval: 100 }).watch(target, (isActive) => updates.push(isActive), env);
    clock.tick(250);
    expect([runs, updates]).toEqual([3, []]);
    clock.tick(100);
    expect([runs, updates]).toEqual([4, [true]]);
    clock.tick(1000);
    expect(runs).toBe(4);
  });

  it('PAG-4 polling succeeds when the code calls activate, and keeps going after a throwing attempt', () => {
    let runs = 0;
    const target = page((activate) => {
      runs++;
      if (runs === 1) throw new Error('not yet');
      if (runs === 3) activate();
    });
    const { env, clock, errors } = envFor(target);
    const updates: boolean[] = [];
    polling().watch(target, (isActive) => updates.push(isActive), env);
    clock.tick(200);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(1);
    expect(updates).toEqual([true]);
  });

  it('PAG-4 polling stops the DOM-ready timeout after DOM ready', async () => {
    let runs = 0;
    const target = page(() => void runs++);
    const { env, clock, ready } = envFor(target);
    polling({ interval: 50, afterDomReady: 500 }).watch(target, () => {}, env);
    clock.tick(1000); // DOM not ready yet: polling goes on
    expect(runs).toBe(21);
    ready();
    await flushPromises();
    clock.tick(2000);
    expect(runs).toBe(31);
    expect(clock.pending()).toBe(0);
  });

  it('PAG-5 manual never activates by itself', () => {
    const updates: boolean[] = [];
    manual.watch(page(), (isActive) => updates.push(isActive), envFor(page()).env)();
    expect(updates).toEqual([]);
  });

  it('PAG-6 url_changed re-evaluates on pushState, replaceState, popstate and hashchange, patching history once', () => {
    const win = fakeWindow('https://example.com/a');
    const original = win.history.pushState;
    const updates: string[] = [];
    const { env } = envFor(page(), { win });
    const stopA = urlChanged.watch(page(), () => updates.push(`a ${win.location.href}`), env);
    const stopB = urlChanged.watch(page(), () => updates.push(`b ${win.location.href}`), env);
    expect(win.history.pushState).not.toBe(original);
    updates.length = 0;
    win.history.pushState(null, '', '/b');
    win.history.replaceState(null, '', '/b'); // same URL: no change
    win.history.replaceState(null, '', '/c');
    win.navigate('/d', 'popstate');
    win.navigate('/d#x', 'hashchange');
    expect(updates).toEqual([
      'a https://example.com/b', 'b https://example.com/b',
      'a https://example.com/c', 'b https://example.com/c',
      'a https://example.com/d', 'b https://example.com/d',
      'a https://example.com/d#x', 'b https://example.com/d#x',
    ]);
    stopA();
    expect(historyPatched(win)).toBe(true);
    stopB();
    expect(historyPatched(win)).toBe(false);
    expect(win.history.pushState).toBe(original);
    expect(win.listenerCount('popstate') + win.listenerCount('hashchange')).toBe(0);
  });

  it('PAG-6 url_changed never breaks the host page navigation when a watcher throws', () => {
    const win = fakeWindow('https://example.com/a');
    const { env } = envFor(page(), { win });
    let calls = 0;
    const stop = urlChanged.watch(page(), () => {
      if (calls++) throw new Error('watcher failed');
    }, env);
    expect(() => win.history.pushState(null, '', '/b')).not.toThrow();
    expect(win.location.href).toBe('https://example.com/b');
    stop();
  });

  it('PAG-6 dom_changed re-evaluates on DOM mutations, throttled', () => {
    let notify!: () => void;
    let disconnected = false;
    const win = fakeWindow();
    Object.assign(win, {
      MutationObserver: function (this: object, fn: () => void) {
        notify = fn;
        return { observe() {}, disconnect: () => void (disconnected = true) };
      },
    });
    (win.document as unknown as { documentElement: object }).documentElement = {};
    const { env, clock } = envFor(page(), { win });
    let updates = 0;
    const stop = domChanged({ throttle: 100 }).watch(page(), () => void updates++, env);
    expect(updates).toBe(1);
    notify();
    notify();
    notify();
    expect(updates).toBe(1);
    clock.tick(100);
    expect(updates).toBe(2);
    clock.tick(100);
    expect(updates).toBe(2);
    notify();
    expect(updates).toBe(3);
    stop();
    expect(disconnected).toBe(true);
    clock.tick(1000);
    expect(updates).toBe(3);
  });
});
