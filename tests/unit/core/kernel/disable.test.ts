/**
 * The disable call: no scope (KRN-28), 'tracking' (KRN-29), any other scope (KRN-30, ERR-3), and its
 * place among the high-priority calls before load (KRN-26).
 */
import { describe, expect, it } from 'vitest';
import { STAGES, type PluginContext } from '../../../../core';
import { bootKernel } from '../../../../core/testing';
import { contextPlugin, probePlugin } from './helpers';

const FULL_START = ['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone'];

/** A plugin that records its stage hooks, a call of its own and the context. */
const watcher = (ran: string[]) => {
  let ctx!: PluginContext;
  const plugin = probePlugin('watcher', (c) => {
    ctx = c;
    for (const stage of STAGES) c.hook(stage, () => void ran.push(stage));
    c.defineCall('foo', () => void ran.push('foo'));
  });
  return { plugin, ctx: () => ctx };
};

describe('kernel disable: no scope (KRN-28)', () => {
  it('KRN-28 a queued disable without scope stops the runtime before init: no hook, no queued call, no project code, no event', async () => {
    const ran: string[] = [];
    const w = watcher(ran);
    const t = bootKernel({
      plugins: [w.plugin],
      queue: ['foo', ['disable'], 'foo'],
      data: { projectJS: () => void ran.push('projectJS') },
    });
    await t.settle();
    expect(ran).toEqual([]);
    expect(t.lifecycle()).toEqual([]);
    expect(t.errors()).toEqual([]);
    expect(w.ctx().disabled()).toBe(true);
    expect(w.ctx().disabled('tracking')).toBe(true);
    expect(w.ctx().disabled('activation')).toBe(true);
  });

  it('KRN-28 a disabled runtime stays off: activate and later calls do nothing', async () => {
    const ran: string[] = [];
    const w = watcher(ran);
    const t = bootKernel({ plugins: [w.plugin], queue: [{ type: 'disable' }] });
    await t.settle();
    t.push('activate');
    t.kernel.activate();
    t.push('foo');
    await t.settle();
    expect(ran).toEqual([]);
    expect(t.lifecycle()).toEqual([]);
  });

  it('KRN-28 disable pushed before start (not only queued) runs at once and keeps the runtime off', async () => {
    const ran: string[] = [];
    const w = watcher(ran);
    const t = bootKernel({ plugins: [w.plugin], start: false });
    t.push('disable');
    expect(w.ctx().disabled()).toBe(true);
    t.kernel.start();
    await t.settle();
    expect(ran).toEqual([]);
    expect(t.lifecycle()).toEqual([]);
    expect(t.get('data')).toBeUndefined();
  });

  it('KRN-28 disable after start disables everything from then on: no further activation', async () => {
    const ran: string[] = [];
    const w = watcher(ran);
    const t = bootKernel({ plugins: [w.plugin] });
    await t.settle();
    ran.length = 0;
    t.push(['disable']);
    expect(w.ctx().disabled()).toBe(true);
    expect(w.ctx().disabled('tracking')).toBe(true);
    t.push('activate');
    await t.settle();
    expect(ran).toEqual([]);
    expect(t.lifecycle()).toEqual(FULL_START);
  });
});

describe('kernel disable: tracking (KRN-29)', () => {
  it('KRN-29 disable "tracking" disables tracking only; activation still runs', async () => {
    const ran: string[] = [];
    const w = watcher(ran);
    const t = bootKernel({ plugins: [w.plugin], queue: [['disable', 'tracking'], 'foo'] });
    await t.settle();
    expect(w.ctx().disabled('tracking')).toBe(true);
    expect(w.ctx().disabled()).toBe(false);
    expect(w.ctx().disabled('activation')).toBe(false);
    expect(ran).toEqual(['init', 'foo', ...STAGES.slice(1)]);
    expect(t.lifecycle()).toEqual(FULL_START);
    expect(t.errors()).toEqual([]);
  });

  it('KRN-29 the object form with scope "tracking" works alike', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin] });
    await t.settle();
    t.push({ type: 'disable', scope: 'tracking' });
    expect(probe.ctx().disabled('tracking')).toBe(true);
    expect(probe.ctx().disabled()).toBe(false);
  });
});

describe('kernel disable: other scopes (KRN-30, ERR-3)', () => {
  it.each([['everything'], ['activation'], ['TRACKING'], [null], [0], [{}]])(
    'KRN-30 ERR-3 disable with the scope %j reports \'Unknown "scope" for disable\' and disables nothing',
    async (scope) => {
      const ran: string[] = [];
      const w = watcher(ran);
      const t = bootKernel({ plugins: [w.plugin], queue: [['disable', scope]] });
      await t.settle();
      expect(t.errors()).toEqual(['Unknown "scope" for disable']);
      expect(t.events.find((e) => e.type === 'error')).toMatchObject({ name: 'ApiError', data: { call: 'disable' } });
      expect(w.ctx().disabled()).toBe(false);
      expect(w.ctx().disabled('tracking')).toBe(false);
      expect(w.ctx().disabled('activation')).toBe(false);
      expect(t.lifecycle()).toEqual(FULL_START);
      expect(ran).toEqual([...STAGES]);
    },
  );

  it('KRN-30 an unknown scope after start throws nothing to the caller and leaves the runtime on', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin] });
    await t.settle();
    expect(() => t.push({ type: 'disable', scope: 'all' })).not.toThrow();
    expect(t.errors()).toEqual(['Unknown "scope" for disable']);
    expect(probe.ctx().disabled()).toBe(false);
    const before = t.lifecycle().length;
    t.push('activate');
    expect(t.lifecycle().slice(before)).toEqual(['activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
  });
});

describe('kernel disable: plugins', () => {
  it('KRN-28 ctx.disable() from a plugin at init stops activation', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin, probePlugin('off', (ctx) => void ctx.hook('init', () => ctx.disable()))] });
    await t.settle();
    expect(probe.ctx().disabled()).toBe(true);
    expect(t.lifecycle()).toEqual(['initialized']);
  });

  it('KRN-29 ctx.disable("tracking") from a plugin does not stop activation', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin, probePlugin('off', (ctx) => void ctx.hook('init', () => ctx.disable('tracking')))] });
    await t.settle();
    expect(probe.ctx().disabled('tracking')).toBe(true);
    expect(t.lifecycle()).toEqual(FULL_START);
  });
});
