/**
 * The lifecycle runner: stage order (KRN-20), activation again on the activate call (KRN-36),
 * synchronous and asynchronous hooks, failing hooks (KRN-9), deferred work and activateDeferredDone
 * (KRN-18), and activation being switched off.
 */
import { describe, expect, it } from 'vitest';
import { STAGES, type PluginContext, type Stage } from '../../../../core';
import { bootKernel, flushPromises } from '../../../../core/testing';
import { deferred, probePlugin } from './helpers';

/** A plugin that records every stage hook and every lifecycle event into `order`. */
const recorder = (order: string[], extra?: (ctx: PluginContext) => void) =>
  probePlugin('recorder', (ctx) => {
    for (const stage of STAGES) ctx.hook(stage, () => void order.push(stage));
    ctx.on({ type: 'lifecycle' }, (event) => void order.push(`[${event.name}]`));
    extra?.(ctx);
  });

const ACTIVATION = [
  '[activate]',
  'preActivate',
  'visitor',
  'postVisitorProfileLoad',
  'views',
  '[viewsActivated]',
  'postViewsActivated',
  'postActivate',
  '[activated]',
  '[activateDeferredDone]',
];

describe('kernel lifecycle: stages', () => {
  it('KRN-20 the stages are init, sync, preActivate, visitor, postVisitorProfileLoad, views, postViewsActivated, postActivate', () => {
    expect([...STAGES]).toEqual(['init', 'sync', 'preActivate', 'visitor', 'postVisitorProfileLoad', 'views', 'postViewsActivated', 'postActivate']);
  });

  it('KRN-20 KRN-18 a start runs every stage in order, with the lifecycle events between them', async () => {
    const order: string[] = [];
    const t = bootKernel({ plugins: [recorder(order)] });
    await t.settle();
    expect(order).toEqual(['init', '[initialized]', 'sync', ...ACTIVATION]);
  });

  it('KRN-20 stages run in STAGES order whatever order the hooks were registered in', async () => {
    const order: string[] = [];
    const plugin = probePlugin('reversed', (ctx) => {
      for (const stage of [...STAGES].reverse()) ctx.hook(stage, () => void order.push(stage));
    });
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    expect(order).toEqual([...STAGES]);
  });

  it('KRN-20 the hooks of one stage run in registration order, across plugins', async () => {
    const order: string[] = [];
    const a = probePlugin('a', (ctx) => {
      ctx.hook('views', () => void order.push('a1'));
      ctx.hook('views', () => void order.push('a2'));
    });
    const b = probePlugin('b', (ctx) => void ctx.hook('views', () => void order.push('b1')));
    const t = bootKernel({ plugins: [a, b] });
    await t.settle();
    expect(order).toEqual(['a1', 'a2', 'b1']);
  });

  it('KRN-36 init and sync run once; push("activate") runs the activation stages again', async () => {
    const order: string[] = [];
    const t = bootKernel({ plugins: [recorder(order)] });
    await t.settle();
    order.length = 0;
    expect(t.push('activate')).toBeUndefined();
    await t.settle();
    expect(order).toEqual(ACTIVATION);
    order.length = 0;
    t.push({ type: 'activate' });
    t.kernel.activate();
    await t.settle();
    expect(order).toEqual([...ACTIVATION, ...ACTIVATION]);
  });

  it('KRN-36 activate before start does nothing, and start twice starts once', async () => {
    const order: string[] = [];
    const t = bootKernel({ plugins: [recorder(order)], start: false });
    t.kernel.activate();
    await t.settle();
    expect(order).toEqual([]);
    t.kernel.start();
    t.kernel.start();
    await t.settle();
    expect(order).toEqual(['init', '[initialized]', 'sync', ...ACTIVATION]);
  });

  it('KRN-20 a hook removed with the function hook() returns does not run on the next activation', async () => {
    const order: string[] = [];
    let remove!: () => void;
    const plugin = probePlugin('p', (ctx) => {
      remove = ctx.hook('views', () => void order.push('removable'));
      ctx.hook('views', () => void order.push('kept'));
    });
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    remove();
    remove();
    t.push('activate');
    await t.settle();
    expect(order).toEqual(['removable', 'kept', 'kept']);
  });

  it('KRN-20 a hook registered during a stage first runs the next time that stage runs', async () => {
    const order: string[] = [];
    const plugin = probePlugin('p', (ctx) => {
      let added = false;
      ctx.hook('views', () => {
        order.push('first');
        if (!added) {
          added = true;
          ctx.hook('views', () => void order.push('added'));
        }
      });
    });
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    t.push('activate');
    await t.settle();
    expect(order).toEqual(['first', 'first', 'added']);
  });
});

describe('kernel lifecycle: synchronous and asynchronous hooks', () => {
  it('KRN-20 with no asynchronous hook the whole start completes synchronously inside start()', () => {
    const order: string[] = [];
    const t = bootKernel({ plugins: [recorder(order)], start: false });
    t.kernel.start();
    // No await: everything, up to activateDeferredDone, already happened.
    expect(order).toEqual(['init', '[initialized]', 'sync', ...ACTIVATION]);
    expect(t.lifecycle()).toContain('activated');
  });

  it('KRN-20 push("activate") with synchronous hooks completes before push returns', async () => {
    const t = bootKernel();
    await t.settle();
    const before = t.lifecycle().length;
    t.push('activate');
    expect(t.lifecycle().slice(before)).toEqual(['activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
  });

  it('KRN-20 an asynchronous hook holds the next hooks and stages until it resolves', async () => {
    const order: string[] = [];
    const gate = deferred();
    const t = bootKernel({
      plugins: [
        recorder(order, (ctx) => {
          ctx.hook('visitor', () => gate.promise.then(() => void order.push('visitor loaded')));
          ctx.hook('visitor', () => void order.push('visitor after'));
        }),
      ],
      start: false,
    });
    t.kernel.start();
    expect(order).toEqual(['init', '[initialized]', 'sync', '[activate]', 'preActivate', 'visitor']);
    await flushPromises();
    expect(order).toHaveLength(6);
    gate.resolve();
    await t.settle();
    expect(order).toEqual([
      'init',
      '[initialized]',
      'sync',
      '[activate]',
      'preActivate',
      'visitor',
      'visitor loaded',
      'visitor after',
      'postVisitorProfileLoad',
      'views',
      '[viewsActivated]',
      'postViewsActivated',
      'postActivate',
      '[activated]',
      '[activateDeferredDone]',
    ]);
  });

  it('KRN-20 an asynchronous init hook holds initialized, sync and activation; start() returns before "activated"', async () => {
    const order: string[] = [];
    const gate = deferred();
    const t = bootKernel({ plugins: [recorder(order, (ctx) => void ctx.hook('init', () => gate.promise))], start: false });
    t.kernel.start();
    expect(order).toEqual(['init']);
    expect(t.lifecycle()).toEqual([]);
    gate.resolve();
    await t.settle();
    expect(order).toEqual(['init', '[initialized]', 'sync', ...ACTIVATION]);
  });

  it('KRN-36 activations asked for while another is in flight run after it as one, not interleaved', async () => {
    const order: string[] = [];
    const gate = deferred();
    let first = true;
    const t = bootKernel({
      plugins: [
        recorder(order, (ctx) =>
          ctx.hook('views', () => {
            if (!first) return;
            first = false;
            return gate.promise;
          }),
        ),
      ],
    });
    t.push('activate');
    t.push('activate');
    gate.resolve();
    await t.settle();
    // The two requests made while the first activation waits on its hook join into one activation.
    expect(order).toEqual(['init', '[initialized]', 'sync', ...ACTIVATION, ...ACTIVATION]);
  });

  it('KRN-20 whenIdle resolves only after asynchronous stage work has finished', async () => {
    const gate = deferred();
    const t = bootKernel({ plugins: [probePlugin('p', (ctx) => void ctx.hook('postActivate', () => gate.promise))] });
    let idle = false;
    const waiting = t.kernel.whenIdle().then(() => (idle = true));
    await flushPromises();
    expect(idle).toBe(false);
    gate.resolve();
    await waiting;
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
  });
});

describe('kernel lifecycle: failing hooks (KRN-9)', () => {
  it('KRN-9 a throwing hook is reported as PluginError with its stage, and the next hooks and stages still run', async () => {
    const order: string[] = [];
    const t = bootKernel({
      plugins: [
        recorder(order, (ctx) => {
          ctx.hook('views', () => {
            throw new Error('views hook threw');
          });
          ctx.hook('views', () => void order.push('views after'));
        }),
      ],
    });
    await t.settle();
    expect(t.errors()).toEqual(['views hook threw']);
    expect(t.events.find((e) => e.type === 'error')).toMatchObject({ type: 'error', name: 'PluginError', data: { stage: 'views' } });
    expect(order).toEqual(['init', '[initialized]', 'sync', '[activate]', 'preActivate', 'visitor', 'postVisitorProfileLoad', 'views', 'views after', '[viewsActivated]', 'postViewsActivated', 'postActivate', '[activated]', '[activateDeferredDone]']);
  });

  it('KRN-9 a rejecting hook is reported as PluginError with its stage, and the next hooks still run', async () => {
    const order: string[] = [];
    const t = bootKernel({
      plugins: [
        recorder(order, (ctx) => {
          ctx.hook('init', () => Promise.reject(new Error('init rejected')));
          ctx.hook('init', () => void order.push('init after'));
        }),
      ],
    });
    await t.settle();
    expect(t.errors()).toEqual(['init rejected']);
    expect(t.events.find((e) => e.type === 'error')).toMatchObject({ name: 'PluginError', data: { stage: 'init' } });
    expect(order).toEqual(['init', 'init after', '[initialized]', 'sync', ...ACTIVATION]);
  });

  it('KRN-9 a hook failing at every stage never stops the lifecycle', async () => {
    const plugin = probePlugin('broken', (ctx) => {
      for (const stage of STAGES) {
        ctx.hook(stage, () => {
          throw new Error(`broken ${stage}`);
        });
      }
    });
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    expect(t.errors()).toEqual(STAGES.map((stage) => `broken ${stage}`));
    const stages = t.events.filter((e) => e.type === 'error').map((e) => (e.data as { stage: Stage }).stage);
    expect(stages).toEqual([...STAGES]);
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
  });
});

describe('kernel lifecycle: deferred work', () => {
  it('KRN-18 ctx.defer holds activateDeferredDone until the work settles; activated comes first', async () => {
    const work = deferred();
    const t = bootKernel({ plugins: [probePlugin('p', (ctx) => void ctx.hook('views', () => void ctx.defer(work.promise)))] });
    // Not t.settle(): it waits for the deferred work, which waits for this test.
    await flushPromises();
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated']);
    work.resolve();
    await t.settle();
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
  });

  it('KRN-18 rejected deferred work still ends the activation, and is not reported by the kernel', async () => {
    const work = deferred();
    const t = bootKernel({ plugins: [probePlugin('p', (ctx) => void ctx.hook('views', () => void ctx.defer(work.promise)))] });
    await flushPromises();
    work.reject(new Error('page never matched'));
    await t.settle();
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
    expect(t.errors()).toEqual([]);
  });

  it('KRN-18 activateDeferredDone waits for every piece of deferred work, the slowest last', async () => {
    const a = deferred();
    const b = deferred();
    const t = bootKernel({
      plugins: [
        probePlugin('p', (ctx) =>
          void ctx.hook('views', () => {
            ctx.defer(a.promise);
            ctx.defer(b.promise);
          }),
        ),
      ],
    });
    b.resolve();
    await flushPromises();
    expect(t.lifecycle()).not.toContain('activateDeferredDone');
    a.resolve();
    await t.settle();
    expect(t.lifecycle().at(-1)).toBe('activateDeferredDone');
  });

  it('KRN-18 whenIdle waits for deferred work', async () => {
    const work = deferred();
    const t = bootKernel({ plugins: [probePlugin('p', (ctx) => void ctx.hook('postActivate', () => void ctx.defer(work.promise)))] });
    let idle = false;
    const waiting = t.kernel.whenIdle().then(() => (idle = true));
    await flushPromises();
    expect(idle).toBe(false);
    work.resolve();
    await waiting;
    expect(t.lifecycle().at(-1)).toBe('activateDeferredDone');
  });
});

describe('kernel lifecycle: activation switched off', () => {
  it('KRN-20 activation does not run when disabled("activation"): init and sync run, no activation stage or event', async () => {
    const order: string[] = [];
    const t = bootKernel({ plugins: [recorder(order, (ctx) => void ctx.hook('init', () => ctx.disable('activation')))] });
    await t.settle();
    expect(order).toEqual(['init', '[initialized]', 'sync']);
    t.push('activate');
    t.kernel.activate();
    await t.settle();
    expect(order).toEqual(['init', '[initialized]', 'sync']);
  });

  it('KRN-20 disabling activation leaves tracking enabled', async () => {
    let ctx!: PluginContext;
    const t = bootKernel({ plugins: [probePlugin('p', (c) => void (ctx = c))] });
    await t.settle();
    ctx.disable('activation');
    expect(ctx.disabled('activation')).toBe(true);
    expect(ctx.disabled('tracking')).toBe(false);
    expect(ctx.disabled()).toBe(false);
  });
});
