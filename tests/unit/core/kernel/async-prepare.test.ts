/**
 * A preparer whose validators are loaded on demand (core/project/prepare-on-demand.ts) answers with a
 * promise: the kernel's init waits for it, calls pushed meanwhile wait in the queue, and data it refuses
 * keeps the runtime off. The built data itself is prepared synchronously, so a snippet still applies its
 * changes before the first paint.
 */
import { describe, expect, it } from 'vitest';
import { createKernel, type KernelEvent } from '../../../../core';
import type { ProjectData } from '../../../../core/project/types';
import { MSG_LOAD_NOT_RUN, prepareOnDemand } from '../../../../core/project/prepare-on-demand';
import { prepareProject } from '../../../../core/project/prepare';
import { contextPlugin, deferred, recordingConsole } from './helpers';

const built = { projectId: 'p', accountId: 'a', layers: [] };
const loaded = { projectId: 'p', accountId: 'a', revision: 7, layers: [] };
const invalid = { projectId: 'p', accountId: 'a', layers: [{ id: 'l', policy: 'single_experiment', experiments: [] }] };

const start = (queue: unknown[], load: (name: string) => Promise<unknown>) => {
  const events: KernelEvent[] = [];
  const probe = contextPlugin();
  const { console, lines } = recordingConsole();
  const kernel = createKernel({ data: built, queue, plugins: [probe.plugin], prepare: prepareOnDemand(built, load), console, logLevel: 'ERROR' });
  probe.ctx().on({ type: 'lifecycle' }, (event) => void events.push(event));
  kernel.start();
  const lifecycle = () => events.map((event) => event.name);
  const errors = () => lines.filter((line) => line.level === 'error').map((line) => line.parts.join(' '));
  return { kernel, ctx: probe.ctx, lifecycle, errors };
};

describe('kernel: a preparer answering with a promise (validators on demand)', () => {
  it('KRN-26 the built data is prepared at once: init, the queued calls and activation run within start', () => {
    const asked: string[] = [];
    const t = start([['registerModule', 'm', 1]], (name) => (asked.push(name), Promise.resolve(undefined)));
    expect(t.lifecycle()).toContain('initialized');
    expect(t.kernel.get('m')).toBe(1);
    expect(asked).toEqual([]);
  });

  it('KRN-26 KRN-27 data handed over by load waits for the validate part: queued calls wait with it, then run in order', async () => {
    const part = deferred<unknown>();
    const asked: string[] = [];
    const t = start([['load', loaded], ['registerModule', 'm', 1]], (name) => (asked.push(name), part.promise));
    await Promise.resolve();
    expect(asked).toEqual(['validate']);
    expect(t.lifecycle()).toEqual([]);
    t.kernel.push(['registerModule', 'late', 2]);
    expect(t.kernel.get('m')).toBeUndefined();
    part.resolve({ prepareProject });
    await t.kernel.whenIdle();
    expect(t.lifecycle()).toContain('initialized');
    expect((t.kernel.get('data') as ProjectData).revision).toBe(7);
    expect([t.kernel.get('m'), t.kernel.get('late')]).toEqual([1, 2]);
    expect(t.errors()).toEqual([]);
  });

  it('CFG-21 data the validate part refuses keeps the runtime off, with its problems logged', async () => {
    const t = start([['load', invalid]], () => Promise.resolve({ prepareProject }));
    await t.kernel.whenIdle();
    expect(t.lifecycle()).toEqual([]);
    expect(t.errors().some((line) => line.includes('No experiments in layer'))).toBe(true);
    expect(t.errors()).toContain('[Varia] PluginError: Invalid project data');
    expect(t.ctx().disabled()).toBe(true);
  });

  it('KRN-9 a validate part that cannot be had, or is not one: its reason logged, the data not run, nothing thrown', async () => {
    for (const load of [() => Promise.reject(Error('Failed to load the validate part from x: the request failed')), () => Promise.resolve({ prepareProject: 42 }), () => Promise.resolve(undefined)]) {
      const t = start([['load', loaded]], load);
      await t.kernel.whenIdle();
      expect(t.lifecycle()).toEqual([]);
      expect(t.errors()).toContain(`[Varia] ${MSG_LOAD_NOT_RUN}`);
      expect(t.errors()).toContain('[Varia] PluginError: Invalid project data');
    }
  });

  it('KRN-9 a kernel destroyed while the part loads emits nothing, replays nothing and activates nothing once it arrives', async () => {
    const part = deferred<unknown>();
    const t = start([['load', loaded], ['registerModule', 'm', 1]], () => part.promise);
    t.kernel.destroy();
    part.resolve({ prepareProject });
    await t.kernel.whenIdle();
    expect(t.lifecycle()).toEqual([]);
    expect(t.kernel.get('m')).toBeUndefined();
    t.kernel.push(['registerModule', 'after', 1]);
    expect(t.kernel.get('after')).toBeUndefined();
  });
});
