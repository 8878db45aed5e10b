/**
 * The high-priority calls the kernel defines itself: load (project data replaced before validation)
 * and clientMetadata (KRN-8, KRN-26, KRN-27).
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_NAME, CLIENT_VERSION, createKernel, type ProjectPreparer } from '../../../../core';
import { MSG_FITTED_LOAD, prepareFitted } from '../../../../core/project/prepare-fitted';
import { bootKernel, createFakeClock, testProject } from '../../../../core/testing';
import { contextPlugin, probePlugin } from './helpers';

const FULL_START = ['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone'];

describe('kernel load', () => {
  it('KRN-26 load in the queue replaces the project data before it is prepared and validated', async () => {
    const seen: unknown[] = [];
    const t = bootKernel({
      plugins: [probePlugin('reader', (ctx) => void ctx.hook('init', () => void seen.push(ctx.data.projectId)))],
      queue: [['load', testProject({ projectId: 'loaded-project', revision: 9 })]],
    });
    await t.settle();
    expect(seen).toEqual(['loaded-project']);
    expect(t.get('data')).toMatchObject({ projectId: 'loaded-project', revision: 9, clientName: 'js', layers: [] });
    expect(t.lifecycle()).toEqual(FULL_START);
  });

  it('KRN-26 the object form of load works alike, and the last load wins', async () => {
    const t = bootKernel({
      queue: [
        { type: 'load', data: testProject({ projectId: 'first' }) },
        { type: 'load', data: testProject({ projectId: 'second' }) },
      ],
    });
    await t.settle();
    expect((t.get('data') as { projectId: string }).projectId).toBe('second');
  });

  it('KRN-26 loaded data is validated: loading an invalid project keeps the runtime off', async () => {
    const t = bootKernel({ queue: [['load', testProject({ layers: [{ id: 'l1', name: 'Hero', policy: 'single_experiment', experiments: [] }] })]] });
    await t.settle();
    expect(t.errors()).toEqual(['Invalid project data']);
    expect(t.lifecycle()).toEqual([]);
  });

  it('KRN-26 loading a valid project rescues invalid initial data', async () => {
    const t = bootKernel({
      data: { projectId: 42 as unknown as string },
      queue: [['load', testProject({ projectId: 'good' })]],
    });
    await t.settle();
    expect(t.errors()).toEqual([]);
    expect(t.lifecycle()).toEqual(FULL_START);
  });

  it('KRN-26 load pushed before start runs at once', async () => {
    const t = bootKernel({ start: false });
    t.push(['load', testProject({ projectId: 'pushed-early' })]);
    t.kernel.start();
    await t.settle();
    expect((t.get('data') as { projectId: string }).projectId).toBe('pushed-early');
  });

  it('KRN-27 load after start reports "Too late to load project data" and keeps the data', async () => {
    const t = bootKernel({ data: { projectId: 'original' } });
    await t.settle();
    const before = t.get('data');
    expect(() => t.push(['load', testProject({ projectId: 'late' })])).not.toThrow();
    expect(t.errors()).toEqual(['Too late to load project data']);
    expect(t.events.find((e) => e.type === 'error')).toMatchObject({ name: 'ApiError', data: { call: 'load' } });
    expect(t.get('data')).toBe(before);
    expect((t.get('data') as { projectId: string }).projectId).toBe('original');
  });

  it('KRN-27 load from a plugin at init (after preparation) is too late too', async () => {
    const t = bootKernel({ plugins: [probePlugin('p', (ctx) => void ctx.hook('init', () => void ctx.push(['load', testProject({ projectId: 'x' })])))] });
    await t.settle();
    expect(t.errors()).toEqual(['Too late to load project data']);
    expect((t.get('data') as { projectId: string }).projectId).toBe('test-project');
  });

  it('KRN-26 prepare receives the loaded data, every registered plugin and the logger', () => {
    const calls: Array<Parameters<ProjectPreparer>> = [];
    const prepare: ProjectPreparer = (...args) => {
      calls.push(args);
      return args[0] as ReturnType<ProjectPreparer>;
    };
    const probe = contextPlugin();
    const loaded = { projectId: 'loaded' };
    const kernel = createKernel({ data: { projectId: 'given' }, plugins: [probe.plugin], prepare, queue: [['load', loaded]], clock: createFakeClock() });
    kernel.start();
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe(loaded);
    expect(calls[0][1]).toEqual([probe.plugin]);
    expect(calls[0][2]).toBe(probe.ctx().log);
    expect(kernel.get('data')).toBe(loaded);
  });

  it('KRN-26 a snippet fitted to its project (prepareFitted) refuses loaded data with its message, and the runtime stays off', () => {
    const built = testProject({ projectId: 'fitted' });
    const errors: string[] = [];
    const logged = (...parts: unknown[]) => void errors.push(parts.slice(1).map((part) => (part instanceof Error ? part.message : String(part))).join(' '));
    const initialized: unknown[] = [];
    const kernel = createKernel({
      data: built,
      prepare: prepareFitted(built),
      queue: [['load', testProject({ projectId: 'other' })]],
      console: { error: logged, warn: logged, info: () => {}, debug: () => {} },
      logLevel: 'ERROR',
      clock: createFakeClock(),
    });
    (kernel.get('event_emitter') as { on(spec: unknown): string }).on({ filter: { type: 'lifecycle' }, handler: (event: unknown) => void initialized.push(event) });
    kernel.start();
    expect(errors).toEqual([MSG_FITTED_LOAD, 'PluginError: Invalid project data']);
    expect(initialized).toEqual([]);
  });

  it('KRN-26 without prepare the data is used as given (no defaults filled in)', () => {
    const data = { projectId: 'raw' };
    const kernel = createKernel({ data, clock: createFakeClock() });
    kernel.start();
    expect(kernel.get('data')).toBe(data);
    expect((kernel.get('data') as Record<string, unknown>).clientName).toBeUndefined();
  });
});

describe('kernel clientMetadata and client defaults (KRN-8)', () => {
  it('KRN-8 after preparation the client name is "js" and the client version "0.224.0"', async () => {
    const t = bootKernel();
    await t.settle();
    expect(t.get('data')).toMatchObject({ clientName: 'js', clientVersion: '0.224.0' });
    expect(CLIENT_NAME).toBe('js');
    expect(CLIENT_VERSION).toBe('0.224.0');
  });

  it('KRN-8 a queued clientMetadata sets data.clientName and data.clientVersion before the project is prepared', async () => {
    const seen: unknown[] = [];
    const t = bootKernel({
      plugins: [probePlugin('reader', (ctx) => void ctx.hook('init', () => void seen.push([ctx.data.clientName, ctx.data.clientVersion])))],
      queue: [['clientMetadata', 'wrapper-sdk', '2.1.0']],
    });
    await t.settle();
    expect(seen).toEqual([['wrapper-sdk', '2.1.0']]);
    expect(t.get('data')).toMatchObject({ clientName: 'wrapper-sdk', clientVersion: '2.1.0' });
  });

  it('KRN-8 clientMetadata in the object form may set one field only; the other keeps its default', async () => {
    const t = bootKernel({ queue: [{ type: 'clientMetadata', clientVersion: '9.9.9' }] });
    await t.settle();
    expect(t.get('data')).toMatchObject({ clientName: 'js', clientVersion: '9.9.9' });
  });

  it('KRN-8 clientMetadata ignores values that are not strings', async () => {
    const t = bootKernel({ queue: [['clientMetadata', 5, null]] });
    await t.settle();
    expect(t.get('data')).toMatchObject({ clientName: 'js', clientVersion: '0.224.0' });
    expect(t.errors()).toEqual([]);
  });

  it('KRN-26 clientMetadata after start runs at once and updates the data plugins read', async () => {
    const probe = contextPlugin();
    const t = bootKernel({ plugins: [probe.plugin] });
    await t.settle();
    t.push(['clientMetadata', 'late-wrapper', '3.0.0']);
    expect(probe.ctx().data.clientName).toBe('late-wrapper');
    expect(probe.ctx().data.clientVersion).toBe('3.0.0');
    expect(t.get('data')).toBe(probe.ctx().data);
  });

  it('KRN-26 clientMetadata queued after a load applies to the loaded data', async () => {
    const t = bootKernel({ queue: [['load', testProject({ projectId: 'loaded' })], ['clientMetadata', 'after-load', '1.0.0']] });
    await t.settle();
    expect(t.get('data')).toMatchObject({ projectId: 'loaded', clientName: 'after-load', clientVersion: '1.0.0' });
  });
});
