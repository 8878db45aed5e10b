/**
 * The plugin registry seen through the kernel: registerPlugin (KRN-11, KRN-12), lookup by type and
 * name, name clashes and replacing(), the order of plugins(type), setup and its teardown, and plugins registered by
 * project code (KRN-13).
 */
import { describe, expect, it } from 'vitest';
import { createKernel, isPluginType, replacing, type PluginContext, type PluginType } from '../../../../core';
import { bootKernel } from '../../../../core/testing';
import { contextPlugin, errorOf, pluginOf, probePlugin } from './helpers';

const ALL_TYPES: PluginType[] = [
  'decider',
  'audienceMatcher',
  'profileProvider',
  'viewProvider',
  'changeApplier',
  'tracker',
  'storage',
  'eventImplementation',
  'widget',
  'apiModule',
];

describe('kernel registry: registerPlugin', () => {
  it.each([
    ['no type', { name: 'x' }],
    ['no name', { type: 'tracker' }],
    ['an empty name', { type: 'tracker', name: '' }],
    ['an empty type', { type: '', name: 'x' }],
    ['a name that is not a string', { type: 'tracker', name: 42 }],
    ['an empty object', {}],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'tracker'],
  ])('KRN-11 a plugin with %s is refused with "A plugin needs a type and a name"', (_label, candidate) => {
    const t = bootKernel({ start: false });
    expect(t.kernel.registerPlugin(candidate)).toBe(false);
    expect(t.errors()).toEqual(['A plugin needs a type and a name']);
    expect(t.events.map((event) => event.name)).toEqual(['PluginError']);
    expect(t.logs).toContainEqual({ level: 'error', text: 'PluginError: A plugin needs a type and a name' });
  });

  it('KRN-11 a refused plugin is not stored and its setup never runs', () => {
    let setups = 0;
    const t = bootKernel({ start: false });
    expect(t.kernel.registerPlugin({ type: 'tracker', setup: () => void setups++ })).toBe(false);
    expect(setups).toBe(0);
  });

  it.each(['matcher', 'Decider', 'plugin', 'custom', 'toString'])('KRN-12 a plugin of the unknown type "%s" is refused', (type) => {
    let setups = 0;
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin], start: false });
    expect(t.kernel.registerPlugin({ type, name: 'x', setup: () => void setups++ })).toBe(false);
    expect(setups).toBe(0);
    expect(t.errors()).toEqual([`Invalid plugin type "${type}"`]);
    expect(isPluginType(type)).toBe(false);
  });

  it('KRN-12 a plugin whose type is not a string is refused as an invalid type', () => {
    const t = bootKernel({ start: false });
    expect(t.kernel.registerPlugin({ type: 7, name: 'x' })).toBe(false);
    expect(t.errors()).toEqual(['Invalid plugin type "7"']);
  });

  it('KRN-12 every valid plugin type is accepted and can be looked up', () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin], start: false });
    for (const type of ALL_TYPES) {
      const plugin = pluginOf({ type, name: `a-${type}` });
      expect(t.kernel.registerPlugin(plugin), type).toBe(true);
      expect(probe.ctx().plugin(type, `a-${type}`)).toBe(plugin);
      expect(isPluginType(type)).toBe(true);
    }
    expect(t.errors()).toEqual([]);
  });

  it('KRN-12 plugins passed to createKernel are registered in order', () => {
    const order: string[] = [];
    createKernel({
      plugins: [probePlugin('a', () => void order.push('a')), probePlugin('b', () => void order.push('b')), probePlugin('c', () => void order.push('c'))],
    });
    expect(order).toEqual(['a', 'b', 'c']);
  });
});

describe('kernel registry: lookup', () => {
  it('KRN-12 a plugin is found by type and name', () => {
    const probe = contextPlugin();
    const cmab = pluginOf({ type: 'decider', name: 'cmab' });
    bootKernel({ plugins: [probe.plugin, cmab], start: false });
    const ctx = probe.ctx();
    expect(ctx.plugin('decider', 'cmab')).toBe(cmab);
    expect(ctx.plugin('decider', 'unknown')).toBeUndefined();
    // The type is part of the key: the same name under another type is not found.
    expect(ctx.plugin('audienceMatcher', 'cmab')).toBeUndefined();
  });

  it('KRN-12 a plugin under a name its kind already has is refused with a clear message, and the first stays', () => {
    const probe = contextPlugin();
    let setups = 0;
    const first = pluginOf({ type: 'decider', name: 'single_experiment' });
    const second = pluginOf({ type: 'decider', name: 'single_experiment', setup: () => void setups++ });
    const other = pluginOf({ type: 'audienceMatcher', name: 'single_experiment' });
    const t = bootKernel({ plugins: [probe.plugin, first, other], start: false });
    expect(t.kernel.registerPlugin(second)).toBe(false);
    expect(setups).toBe(0);
    expect(t.errors()).toEqual(['Plugin name "decider single_experiment" is taken']);
    expect(t.logs).toContainEqual({ level: 'error', text: 'PluginError: Plugin name "decider single_experiment" is taken' });
    const ctx = probe.ctx();
    expect(ctx.plugin('decider', 'single_experiment')).toBe(first);
    expect(ctx.plugins('decider')).toEqual([first]);
    // Same name under another type is a different plugin and stays.
    expect(ctx.plugin('audienceMatcher', 'single_experiment')).toBe(other);
  });

  it('KRN-12 a plugin made with replacing() takes the earlier one\'s place on purpose, and the log says so', () => {
    const probe = contextPlugin();
    const setups: string[] = [];
    const first = pluginOf({ type: 'decider', name: 'single_experiment' });
    const second = replacing(pluginOf({ type: 'decider', name: 'single_experiment', setup: () => void setups.push('second') }));
    const t = bootKernel({ plugins: [probe.plugin, first, second], start: false });
    expect(t.errors()).toEqual([]);
    expect(setups).toEqual(['second']);
    expect(probe.ctx().plugin('decider', 'single_experiment')).toBe(second);
    expect(probe.ctx().plugins('decider')).toEqual([second]);
    expect(t.logs).toContainEqual({ level: 'info', text: 'Plugin "decider single_experiment" replaces any earlier one of its name, on purpose' });
  });

  it('KRN-12 plugins(type) lists the plugins of that type only, in registration order', () => {
    const probe = contextPlugin();
    const a = pluginOf({ type: 'changeApplier', name: 'a' });
    const b = pluginOf({ type: 'changeApplier', name: 'b' });
    const c = pluginOf({ type: 'changeApplier', name: 'c' });
    const widget = pluginOf({ type: 'widget', name: 'w' });
    bootKernel({ plugins: [probe.plugin, b, widget, a, c], start: false });
    const ctx = probe.ctx();
    expect(ctx.plugins('changeApplier')).toEqual([b, a, c]);
    expect(ctx.plugins('widget')).toEqual([widget]);
    expect(ctx.plugins('storage')).toEqual([]);
  });

  it('KRN-12 a replacing plugin takes the place of the latest registration in plugins(type)', () => {
    const probe = contextPlugin();
    const a = pluginOf({ type: 'storage', name: 'a' });
    const b = pluginOf({ type: 'storage', name: 'b' });
    const a2 = replacing(pluginOf({ type: 'storage', name: 'a' }));
    bootKernel({ plugins: [probe.plugin, a, b, a2], start: false });
    expect(probe.ctx().plugins('storage')).toEqual([b, a2]);
  });
});

describe('kernel registry: setup', () => {
  it('setup is called exactly once, at registration, with the plugin context', () => {
    const contexts: PluginContext[] = [];
    const t = bootKernel({ plugins: [probePlugin('a', (ctx) => void contexts.push(ctx))], start: false });
    expect(contexts).toHaveLength(1);
    t.kernel.start();
    t.push('activate');
    expect(contexts).toHaveLength(1);
    const ctx = contexts[0];
    for (const member of ['emit', 'on', 'get', 'registerModule', 'plugin', 'plugins', 'hook', 'defineCall', 'push', 'report', 'attempt', 'defer', 'disabled', 'disable', 'onDestroy', 'registerPlugin']) {
      expect(typeof (ctx as unknown as Record<string, unknown>)[member], member).toBe('function');
    }
    expect(typeof ctx.clock.now()).toBe('number');
    expect(ctx.clock.now()).toBe(t.clock.now());
  });

  it('every plugin gets the same context', () => {
    const contexts: PluginContext[] = [];
    bootKernel({ plugins: [probePlugin('a', (ctx) => void contexts.push(ctx)), probePlugin('b', (ctx) => void contexts.push(ctx))] });
    expect(contexts[0]).toBe(contexts[1]);
  });

  it('the teardown setup returns runs on destroy, once', () => {
    let teardowns = 0;
    const t = bootKernel({ plugins: [probePlugin('a', () => () => void teardowns++)] });
    expect(teardowns).toBe(0);
    t.kernel.destroy();
    t.kernel.destroy();
    expect(teardowns).toBe(1);
  });

  it('KRN-9 a throwing setup is reported as PluginError and the kernel keeps working', async () => {
    let laterSetups = 0;
    const broken = probePlugin('broken', () => {
      throw new Error('setup exploded');
    });
    const fine = probePlugin('fine', (ctx) => {
      laterSetups++;
      ctx.defineCall('ping', () => 'pong');
    });
    // Registered after boot, so the test kit's recorder (added after createKernel) sees the error event.
    const t = bootKernel({ start: false });
    expect(t.kernel.registerPlugin(broken)).toBe(true);
    expect(t.kernel.registerPlugin(fine)).toBe(true);
    t.kernel.start();
    await t.settle();
    expect(t.errors()).toEqual(['setup exploded']);
    const event = t.events.find((e) => e.type === 'error')!;
    expect(event.name).toBe('PluginError');
    expect(event.data).toMatchObject({ plugin: 'broken' });
    expect(errorOf(event).name).toBe('PluginError');
    expect(t.logs).toContainEqual({ level: 'error', text: 'PluginError: setup exploded' });
    expect(laterSetups).toBe(1);
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
    expect(t.push('ping')).toBe('pong');
  });

  it('KRN-9 a throwing setup among the plugins given to the kernel is logged and the others still register', async () => {
    const t = bootKernel({
      plugins: [
        probePlugin('broken', () => {
          throw new Error('setup exploded');
        }),
        probePlugin('fine', (ctx) => ctx.defineCall('ping', () => 'pong')),
      ],
    });
    await t.settle();
    expect(t.logs).toContainEqual({ level: 'error', text: 'PluginError: setup exploded' });
    expect(t.push('ping')).toBe('pong');
    expect(t.lifecycle()).toContain('activated');
  });

  it('a setup that returns something other than a function registers no teardown', () => {
    const t = bootKernel({ plugins: [probePlugin('a', () => 42 as unknown as void)] });
    expect(() => t.kernel.destroy()).not.toThrow();
    expect(t.errors()).toEqual([]);
  });
});

describe('kernel registry: plugins from project code (KRN-13)', () => {
  it('KRN-13 data.plugins functions and projectJS run in order at init step 1, before init hooks, with the context', async () => {
    const order: string[] = [];
    const received: unknown[] = [];
    const hookPlugin = probePlugin('hooks', (ctx) => void ctx.hook('init', () => void order.push('init hook')));
    const t = bootKernel({
      plugins: [hookPlugin],
      data: {
        plugins: [
          (api) => {
            order.push('plugin 1');
            received.push(api);
          },
          (api) => {
            order.push('plugin 2');
            received.push(api);
          },
        ],
        projectJS: (api) => {
          order.push('projectJS');
          received.push(api);
        },
      },
    });
    await t.settle();
    expect(order).toEqual(['plugin 1', 'plugin 2', 'projectJS', 'init hook']);
    expect(received[0]).toBe(received[1]);
    expect(received[1]).toBe(received[2]);
    const api = received[0] as PluginContext;
    expect(typeof api.registerPlugin).toBe('function');
    expect(typeof api.registerModule).toBe('function');
    expect(api.get('data')).toBe(t.get('data'));
  });

  it('KRN-13 project code registers a plugin through the context; its hooks and calls run', async () => {
    const seen: string[] = [];
    const t = bootKernel({
      data: {
        projectJS: (api) => {
          const ok = (api as unknown as PluginContext).registerPlugin({
            type: 'tracker',
            name: 'project-tracker',
            setup: (ctx: PluginContext) => {
              ctx.hook('init', () => void seen.push('init'));
              ctx.hook('postActivate', () => void seen.push('postActivate'));
              ctx.defineCall('track', ({ what }) => void seen.push(`track ${what}`), ['what']);
            },
          });
          seen.push(`registered ${ok}`);
        },
      },
      queue: [['track', 'queued']],
    });
    await t.settle();
    expect(seen).toEqual(['registered true', 'init', 'track queued', 'postActivate']);
  });

  it('KRN-13 an invalid plugin registered by project code is refused (false) and reported', async () => {
    const results: boolean[] = [];
    const t = bootKernel({
      data: { projectJS: (api) => void results.push((api as unknown as PluginContext).registerPlugin({ type: 'nope', name: 'x' })) },
    });
    await t.settle();
    expect(results).toEqual([false]);
    expect(t.errors()).toEqual(['Invalid plugin type "nope"']);
    expect(t.lifecycle()).toContain('activated');
  });
});
