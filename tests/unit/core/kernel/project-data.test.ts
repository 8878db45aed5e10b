/**
 * Project data preparation at start: invalid data keeps the runtime off, problems are logged with
 * the entity they concern, warnings alone do not stop it, and plugins' validate rules take part.
 */
import { describe, expect, it } from 'vitest';
import { createKernel, STAGES } from '../../../../core';
import { bootKernel } from '../../../../core/testing';
import { contextPlugin, errorOf, pluginOf, probePlugin } from './helpers';

const FULL_START = ['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone'];
const emptyLayer = { id: 'l1', name: 'Hero', policy: 'single_experiment', experiments: [] };

describe('kernel project data: invalid data', () => {
  it('KRN-9 a project with errors (a layer without experiments) is refused: an error event and nothing runs', async () => {
    const ran: string[] = [];
    const probe = contextPlugin();
    const t = bootKernel({
      plugins: [probe.plugin, probePlugin('hooks', (ctx) => STAGES.forEach((stage) => ctx.hook(stage, () => void ran.push(stage))))],
      data: { layers: [emptyLayer] as never, projectJS: () => void ran.push('projectJS') },
      queue: [['registerModule', 'm', 1]],
    });
    await t.settle();
    expect(t.errors()).toEqual(['Invalid project data']);
    const event = t.events.find((e) => e.type === 'error')!;
    expect(event.name).toBe('PluginError');
    expect(errorOf(event).name).toBe('PluginError');
    expect(t.lifecycle()).toEqual([]);
    expect(ran).toEqual([]);
    expect(t.get('m')).toBeUndefined();
    expect(t.get('data')).toBeUndefined();
    expect(probe.ctx().disabled()).toBe(true);
  });

  it('KRN-9 the problems of a refused project are logged at ERROR, naming the entity and the path', async () => {
    const t = bootKernel({ data: { layers: [emptyLayer] as never } });
    await t.settle();
    const errors = t.logs.filter((line) => line.level === 'error').map((line) => line.text);
    expect(errors).toEqual([
      'layer "l1" (Hero): No experiments in layer. A layer needs a list of at least one experiment, got [] (at layers[0].experiments)',
      'PluginError: Invalid project data',
    ]);
  });

  it('KRN-9 a refused project stays off: activate does nothing', async () => {
    const t = bootKernel({ data: { layers: [emptyLayer] as never } });
    await t.settle();
    t.push('activate');
    t.kernel.activate();
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
  });

  it('KRN-13 a projectJS that is not a function makes the project invalid (code is never evaluated from text)', async () => {
    const t = bootKernel({ data: { projectJS: 'alert(1)' as never } });
    await t.settle();
    expect(t.errors()).toEqual(['Invalid project data']);
    expect(t.logs.some((line) => line.level === 'error' && line.text.includes('projectJS must be a function'))).toBe(true);
  });

  it('KRN-12 an error reported by a plugin\'s validate rule refuses the project', async () => {
    const t = bootKernel({
      plugins: [pluginOf({ type: 'widget', name: 'hero', validate: (_data, report) => report({ entity: 'widget "hero"', path: 'widgets.hero', message: 'hero needs a title' }) })],
    });
    await t.settle();
    expect(t.errors()).toEqual(['Invalid project data']);
    expect(t.logs).toContainEqual({ level: 'error', text: 'widget "hero": hero needs a title (at widgets.hero)' });
  });
});

describe('kernel project data: warnings', () => {
  it('KRN-9 a project with warnings only starts, and the warnings are logged at WARN', async () => {
    const t = bootKernel({
      plugins: [
        pluginOf({
          type: 'widget',
          name: 'banner',
          validate: (_data, report) => report({ entity: 'widget "banner"', path: 'widgets.banner.size', message: 'size is ignored', severity: 'warning' }),
        }),
      ],
    });
    await t.settle();
    expect(t.errors()).toEqual([]);
    expect(t.lifecycle()).toEqual(FULL_START);
    expect(t.logs.filter((line) => line.level === 'warn')).toEqual([{ level: 'warn', text: 'widget "banner": size is ignored (at widgets.banner.size)' }]);
  });

  it('KRN-9 validation is skipped when the test kit is asked not to validate', async () => {
    const t = bootKernel({ data: { layers: [emptyLayer] as never }, validate: false });
    await t.settle();
    expect(t.errors()).toEqual([]);
    expect(t.lifecycle()).toEqual(FULL_START);
  });
});

describe('kernel project data: without prepare', () => {
  // BUG: without `prepare` the data is used as given, and start() spreads `data.plugins ?? []` outside
  // any guard. A `plugins` value that is not iterable (a number, an object) makes start() throw into
  // the page, and because the throw escapes drain() with `running` still true, the kernel is wedged:
  // every later activation is queued and never runs. Fix: `Array.isArray(data.plugins) ? data.plugins : []`,
  // and make drain() reset `running` in a finally (or guard each task) so one failure cannot wedge it.
  it('KRN-9 a non-list data.plugins neither makes start() throw nor stops the lifecycle', async () => {
    const events: string[] = [];
    const kernel = createKernel({ data: { projectId: 'raw', plugins: 5 } });
    (kernel.get('event_emitter') as { on(spec: unknown): string }).on({
      filter: { type: 'lifecycle' },
      handler: (event: { name?: string }) => void events.push(event.name ?? ''),
    });
    expect(() => kernel.start()).not.toThrow();
    await kernel.whenIdle();
    expect(events).toEqual(FULL_START);
  });
});
