/**
 * The initialisation and the ten-step activation sequence (runtime-spec §4; PAG-24..38). The visitor,
 * decisions, audiences and changes modules are stand-ins that record the calls (./stand-ins.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PagesModule } from '../../../../../core';
import controls from '../../../../../plugins/modules/controls';
import { bootPages } from './setup';

const SEQUENCE = [
  'lifecycle activate',
  'visitor.identify',
  'decisions.trackRedirectDecision',
  'visitor.mergeStoredVariationMaps',
  'audiences.load',
  'decisions.decideGlobalHoldback id',
  'tracking clientActivation',
  'lifecycle pageActivated',
  'decisions.decidePage p',
  'lifecycle viewsActivated',
  'lifecycle activated',
  'lifecycle activateDeferredDone',
];

const activationOf = (calls: string[]) => calls.slice(calls.indexOf('lifecycle activate'));

describe('initialisation', () => {
  it('PAG-24 data is loaded, the project script runs and queued calls replay before activation', async () => {
    const { t, calls } = bootPages({
      pages: [{ id: 'm', apiName: 'm', activationType: 'manual' }],
      kernel: {
        queue: [['page', 'm']],
        data: { pages: [{ id: 'm', apiName: 'm', activationType: 'manual' }], projectJS: () => void calls.push('projectJS') } as never,
      },
    });
    await t.settle();
    expect(calls.indexOf('projectJS')).toBeLessThan(calls.indexOf('lifecycle initialized'));
    expect(calls.indexOf('lifecycle initialized')).toBeLessThan(calls.indexOf('lifecycle activate'));
    // The queued page call ran at init and took effect once the views were set up.
    expect((t.get('pages') as PagesModule).activePageIds()).toEqual(['m']);
  });

  it('PAG-26 without cross-origin storage, activation starts at once', async () => {
    const { t } = bootPages({ pages: [] });
    const start = t.clock.now();
    await t.settle();
    expect(t.lifecycle().slice(0, 2)).toEqual(['initialized', 'activate']);
    expect(t.clock.now()).toBe(start);
  });

  it('PAG-27 nothing activates when the runtime is disabled', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }], kernel: { queue: [['disable']] } });
    await t.settle();
    expect(calls).not.toContain('lifecycle activate');
    expect(calls).not.toContain('visitor.identify');
  });

  it('PAG-27 nothing activates when the visitor has opted out', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }], optedOut: true });
    await t.settle();
    expect(calls).not.toContain('visitor.identify');
    expect(calls).not.toContain('lifecycle pageActivated');
  });

  it('PAG-27 nothing activates when activation is not allowed (editor mode)', async () => {
    const { t, calls } = bootPages({ url: 'https://example.com/?varia_editor=true', pages: [{ id: 'p', apiName: 'p' }], plugins: [controls()] });
    await t.settle();
    expect(calls).not.toContain('lifecycle activate');
    expect((t.get('pages') as PagesModule).activePageIds()).toEqual([]);
  });
});

describe('activation sequence', () => {
  it('PAG-28 the ten steps run strictly in order, with the lifecycle events', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }] });
    await t.settle();
    expect(activationOf(calls)).toEqual(SEQUENCE);
  });

  it('PAG-29 PAG-30 step 1 records the activation id and timestamp and step 2 registers the views before step 3', async () => {
    let seen: { activation: unknown; states: unknown } | undefined;
    const { t } = bootPages({
      pages: [{ id: 'p', apiName: 'p' }],
      onIdentify: () => {
        const module = t.get('pages') as PagesModule;
        seen = { activation: module.activation(), states: JSON.parse(JSON.stringify(module.states())) };
      },
      kernel: { start: false },
    });
    t.kernel.start();
    await t.settle();
    expect(seen!.activation).toEqual({ id: expect.any(String), timestamp: t.clock.now() });
    expect(seen!.states).toEqual({ p: expect.objectContaining({ status: null }) });
    expect(t.get('data')).toMatchObject({ activationId: (seen!.activation as { id: string }).id });
  });

  it('PAG-31 step 3 sets the visitor id (visitor.identify) before anything else reaches the visitor', async () => {
    const { t, calls } = bootPages({ pages: [] });
    await t.settle();
    expect(activationOf(calls)[1]).toBe('visitor.identify');
  });

  it('PAG-32 step 4 tracks a post-redirect decision', async () => {
    const { t, calls } = bootPages({ pages: [] });
    await t.settle();
    expect(activationOf(calls)[2]).toBe('decisions.trackRedirectDecision');
  });

  it('PAG-33 step 5 merges the stored variation maps', async () => {
    const { t, calls } = bootPages({ pages: [] });
    await t.settle();
    expect(activationOf(calls)[3]).toBe('visitor.mergeStoredVariationMaps');
  });

  it('PAG-34 step 6 loads the visitor data', async () => {
    const { t, calls } = bootPages({ pages: [] });
    await t.settle();
    expect(activationOf(calls)[4]).toBe('audiences.load');
  });

  it('PAG-35 step 7 makes the global holdback decision, once per activation, with the activation id', async () => {
    const { t, calls } = bootPages({ pages: [] });
    await t.settle();
    expect(activationOf(calls)[5]).toBe('decisions.decideGlobalHoldback id');
    t.push('activate');
    await t.settle();
    expect(calls.filter((call) => call.startsWith('decisions.decideGlobalHoldback'))).toHaveLength(2);
  });

  it('PAG-36 step 8 tracks the client activation', async () => {
    const { t, calls } = bootPages({ pages: [], kernel: { start: false } });
    const seen: unknown[] = [];
    (t.get('event_emitter') as { on(spec: object): void }).on({
      filter: { type: 'tracking', name: 'clientActivation' },
      handler: (event: { data: unknown }) => seen.push(event.data),
    });
    t.kernel.start();
    await t.settle();
    expect(activationOf(calls)[6]).toBe('tracking clientActivation');
    const { id, timestamp } = (t.get('pages') as PagesModule).activation()!;
    expect(seen).toEqual([{ activationId: id, timestamp }]);
  });

  it('PAG-37 step 9 sets up view activation: every page gets the provider of its type', async () => {
    // At run time, as in a snippet without validators: the pages rule refuses such data at build and start.
    const { t, calls } = bootPages({ pages: [{ id: 'x', apiName: 'x', activationType: 'nope' as never }, { id: 'p', apiName: 'p' }], kernel: { validate: false } });
    await t.settle();
    const sequence = activationOf(calls);
    // The unknown type is found in step 9, before any view activates in step 10.
    expect(sequence.indexOf('error Unknown view activationType "nope"')).toBeLessThan(sequence.indexOf('lifecycle pageActivated'));
    expect(sequence.indexOf('error Unknown view activationType "nope"')).toBeGreaterThan(sequence.indexOf('tracking clientActivation'));
  });

  it('PAG-38 step 10 activates views, decides their campaigns and fires the lifecycle events', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }, { id: 'q', apiName: 'q' }] });
    await t.settle();
    const sequence = activationOf(calls);
    expect(sequence.slice(7)).toEqual([
      'lifecycle pageActivated',
      'decisions.decidePage p',
      'lifecycle pageActivated',
      'decisions.decidePage q',
      'lifecycle viewsActivated',
      'lifecycle activated',
      'lifecycle activateDeferredDone',
    ]);
  });

  it('PAG-28 activation skips the steps whose module is absent', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }], without: ['visitor', 'decisions', 'audiences'] });
    await t.settle();
    expect(activationOf(calls)).toEqual([
      'lifecycle activate',
      'tracking clientActivation',
      'lifecycle pageActivated',
      'lifecycle viewsActivated',
      'lifecycle activated',
      'lifecycle activateDeferredDone',
    ]);
    expect(t.errors()).toEqual([]);
  });

  it('PAG-28 a new activation runs the sequence again and re-activates the matching pages', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p' }] });
    await t.settle();
    const first = (t.get('pages') as PagesModule).activation()!.id;
    calls.length = 0;
    t.push('activate');
    await t.settle();
    expect(calls).toEqual(SEQUENCE);
    const second = (t.get('pages') as PagesModule).activation()!.id;
    expect(second).not.toBe(first);
    expect((t.get('pages') as PagesModule).states().p.activationId).toBe(second);
  });
});
