/**
 * Modules: the public registerModule push call and get (KRN-10, KRN-37, ERR-12), plugin API modules,
 * the data module and the event_emitter module (KRN-14).
 */
import { describe, expect, it } from 'vitest';
import type { KernelEvent, ListenerSpec } from '../../../../core';
import { bootKernel } from '../../../../core/testing';
import { contextPlugin, pluginOf } from './helpers';

interface PublicEmitter {
  on(spec: Partial<ListenerSpec>): unknown;
  off(token: unknown): unknown;
  emit(event: KernelEvent): void;
}

describe('kernel modules: registerModule and get', () => {
  it('KRN-10 registerModule in the array form registers a module that get returns', async () => {
    const t = bootKernel();
    await t.settle();
    const module = { hello: () => 'world' };
    expect(t.push(['registerModule', 'greeter', module])).toBeUndefined();
    expect(t.get('greeter')).toBe(module);
    expect(t.errors()).toEqual([]);
  });

  it('KRN-10 registerModule in the object form registers a module that get returns', async () => {
    const t = bootKernel();
    await t.settle();
    const module = { n: 1 };
    t.push({ type: 'registerModule', name: 'counter', module });
    expect(t.get('counter')).toBe(module);
  });

  it('KRN-10 registerModule queued before load is registered at init', async () => {
    const module = { queued: true };
    const t = bootKernel({ queue: [['registerModule', 'early', module]], start: false });
    expect(t.get('early')).toBeUndefined();
    t.kernel.start();
    await t.settle();
    expect(t.get('early')).toBe(module);
  });

  it('KRN-10 a name already registered is reserved: registering it again is refused and the first module stays', async () => {
    const t = bootKernel();
    await t.settle();
    t.push(['registerModule', 'm', 'first']);
    t.push(['registerModule', 'm', 'second']);
    expect(t.get('m')).toBe('first');
    expect(t.errors()).toEqual(['Module name "m" is reserved']);
  });

  it('KRN-10 ERR-12 the public registerModule refuses a custom/ name with \'Module name "custom/x" is reserved\'', async () => {
    const t = bootKernel();
    await t.settle();
    expect(() => t.push(['registerModule', 'custom/x', { a: 1 }])).not.toThrow();
    expect(t.get('custom/x')).toBeUndefined();
    expect(t.errors()).toEqual(['Module name "custom/x" is reserved']);
    const event = t.events.find((e) => e.type === 'error')!;
    expect(event.name).toBe('ApiError');
    expect(event.data).toMatchObject({ call: 'registerModule' });
  });

  it('KRN-10 ERR-12 the object form is refused alike for a custom/ name', async () => {
    const t = bootKernel();
    await t.settle();
    t.push({ type: 'registerModule', name: 'custom/thing', module: 1 });
    expect(t.get('custom/thing')).toBeUndefined();
    expect(t.errors()).toEqual(['Module name "custom/thing" is reserved']);
  });

  it('KRN-10 only the prefix is reserved: "customer" and "my/custom/x" are accepted', async () => {
    const t = bootKernel();
    await t.settle();
    t.push(['registerModule', 'customer', 1]);
    t.push(['registerModule', 'my/custom/x', 2]);
    expect(t.get('customer')).toBe(1);
    expect(t.get('my/custom/x')).toBe(2);
    expect(t.errors()).toEqual([]);
  });

  it('KRN-10 registerModule without a name reports "A module needs a name"', async () => {
    const t = bootKernel();
    await t.settle();
    t.push(['registerModule']);
    t.push(['registerModule', '', 1]);
    expect(t.errors()).toEqual(['A module needs a name', 'A module needs a name']);
  });

  it('KRN-10 a plugin may register a custom/ module through its context', () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin] });
    const module = { internal: true };
    probe.ctx().registerModule('custom/x', module);
    expect(t.get('custom/x')).toBe(module);
    expect(probe.ctx().get('custom/x')).toBe(module);
    expect(t.errors()).toEqual([]);
  });

  it('KRN-37 get of an unknown module returns undefined without an error', async () => {
    const t = bootKernel();
    await t.settle();
    expect(t.get('nope')).toBeUndefined();
    expect(t.get('')).toBeUndefined();
    expect(t.errors()).toEqual([]);
  });

  it('KRN-37 get("data") returns the prepared project data', async () => {
    const t = bootKernel({ data: { projectId: 'p-42', revision: 7 } });
    await t.settle();
    const data = t.get('data') as Record<string, unknown>;
    expect(data).toMatchObject({ projectId: 'p-42', accountId: 'test-account', revision: 7, layers: [], pages: [], holdback: 0 });
    // The same object the plugins read.
    const probe = contextPlugin();
    t.kernel.registerPlugin(probe.plugin);
    expect(probe.ctx().data).toBe(data);
  });

  it('KRN-37 get("data") is undefined before the project is prepared', () => {
    const t = bootKernel({ start: false });
    expect(t.get('data')).toBeUndefined();
  });
});

describe('kernel modules: plugin API modules', () => {
  it('KRN-37 an apiModule plugin\'s module is created lazily, once, and get returns it', async () => {
    let created = 0;
    const t = bootKernel({
      plugins: [pluginOf({ type: 'apiModule', name: 'thing', create: () => ({ id: ++created }) })],
    });
    await t.settle();
    expect(created).toBe(0);
    const first = t.get('thing');
    expect(first).toEqual({ id: 1 });
    expect(t.get('thing')).toBe(first);
    expect(created).toBe(1);
  });

  it('KRN-37 an apiModule whose create throws is reported as PluginError and get returns undefined', async () => {
    const t = bootKernel({
      plugins: [
        pluginOf({
          type: 'apiModule',
          name: 'broken',
          create: () => {
            throw new Error('cannot create');
          },
        }),
      ],
    });
    await t.settle();
    expect(t.get('broken')).toBeUndefined();
    expect(t.errors()).toEqual(['cannot create']);
    expect(t.events.find((e) => e.type === 'error')).toMatchObject({ name: 'PluginError', data: { plugin: 'broken' } });
  });

  it('KRN-10 KRN-37 a built-in module cannot be replaced through registerModule: an apiModule plugin\'s name, data, event_emitter', async () => {
    const t = bootKernel({ plugins: [pluginOf({ type: 'apiModule', name: 'shared', create: () => 'built-in' })] });
    await t.settle();
    const data = t.get('data');
    const emitter = t.get('event_emitter');
    t.push(['registerModule', 'shared', 'hijacked']);
    t.push(['registerModule', 'data', { projectId: 'hijacked' }]);
    t.push({ type: 'registerModule', name: 'event_emitter', module: {} });
    expect(t.get('shared')).toBe('built-in');
    expect(t.get('data')).toBe(data);
    expect(t.get('event_emitter')).toBe(emitter);
    expect(t.errors()).toEqual(['Module name "shared" is reserved', 'Module name "data" is reserved', 'Module name "event_emitter" is reserved']);
  });

  it('KRN-37 an apiModule is created once, however often it is asked for', async () => {
    let created = 0;
    const t = bootKernel({ plugins: [pluginOf({ type: 'apiModule', name: 'state', create: () => ({ id: ++created }) })] });
    await t.settle();
    const first = t.get('state');
    expect(t.get('state')).toBe(first);
    expect(created).toBe(1);
  });
});

describe('kernel modules: event_emitter (KRN-14)', () => {
  it('KRN-14 get("event_emitter") exposes on, off and emit that reach the kernel\'s listeners', async () => {
    const t = bootKernel();
    await t.settle();
    const emitter = t.get('event_emitter') as PublicEmitter;
    expect(Object.keys(emitter).sort()).toEqual(['emit', 'off', 'on']);
    const seen: KernelEvent[] = [];
    const token = emitter.on({ filter: { type: 'custom' }, handler: (event) => void seen.push(event) });
    expect(typeof token).toBe('string');
    emitter.emit({ type: 'custom', name: 'one', data: 1 });
    expect(seen).toEqual([{ type: 'custom', name: 'one', data: 1 }]);
    expect(emitter.off(token)).toBe(true);
    emitter.emit({ type: 'custom', name: 'two' });
    expect(seen).toHaveLength(1);
    expect(emitter.off(token)).toBe(false);
  });

  it('KRN-14 ERR-4 the event_emitter module validates like the push call and never throws', async () => {
    const t = bootKernel();
    await t.settle();
    const emitter = t.get('event_emitter') as PublicEmitter;
    expect(() => emitter.on({ filter: { type: 'x' } })).not.toThrow();
    expect(() => emitter.off(undefined)).not.toThrow();
    expect(t.errors()).toEqual(['A handler function must be supplied', 'Must supply a token to removeListener']);
  });

  it('KRN-14 events a plugin emits reach listeners added through the event_emitter module', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin] });
    await t.settle();
    const seen: unknown[] = [];
    (t.get('event_emitter') as PublicEmitter).on({ filter: { type: 'tracking', name: 'sent' }, handler: (e) => void seen.push(e.data) });
    probe.ctx().emit({ type: 'tracking', name: 'sent', data: 'batch 1' });
    probe.ctx().emit({ type: 'tracking', name: 'queued', data: 'batch 2' });
    expect(seen).toEqual(['batch 1']);
  });
});
