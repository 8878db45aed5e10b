/** Boots a real kernel with the batch tracker over a fake window (see fake-window.ts). */
import { bootKernel, type BootKernelOptions } from '../../../../../core/testing';
import batchTracker, { type BatchTrackerOptions } from '../../../../../plugins/trackers/batch';
import type { Plugin } from '../../../../../core';
import { createFakeWindow, type FakeWindow } from './fake-window';

export const EVENTS = [
  { id: 'ev-buy', apiName: 'buy', eventType: 'custom', category: 'purchase' },
  { id: 'ev-cta', apiName: 'cta_click', eventType: 'click', config: { selector: '#cta' } },
];
export const LAYERS = [
  {
    id: 'layer-1',
    policy: 'single_experiment',
    experiments: [{ id: 'exp-1', variations: [{ id: 'var-1', actions: [] }] }],
  },
  {
    id: 'layer-done',
    policy: 'single_experiment',
    concluded: true,
    experiments: [{ id: 'exp-2', variations: [{ id: 'var-2', actions: [] }] }],
  },
];

export interface TrackerTest {
  fake: FakeWindow;
  t: ReturnType<typeof bootKernel>;
  emit(type: string, name: string, data?: unknown): void;
}

/** Boots the tracker; `before` plugins (stand-ins for other helpers' modules) register first. */
export const bootTracker = (
  options: BatchTrackerOptions = {},
  boot: Partial<BootKernelOptions> & { fake?: FakeWindow; before?: Plugin[] } = {},
): TrackerTest => {
  const fake = boot.fake ?? createFakeWindow();
  const t = bootKernel({
    win: fake.win,
    record: ['lifecycle', 'error', 'tracking'],
    ...boot,
    data: { events: EVENTS as never, layers: LAYERS as never, anonymizeIP: true, ...boot.data },
    plugins: [...(boot.before ?? []), batchTracker(options), ...(boot.plugins ?? [])],
  });
  const emitter = t.get('event_emitter') as { emit(event: unknown): void };
  return { fake, t, emit: (type, name, data) => emitter.emit({ type, name, data }) };
};

/** layerDecided data for a layer, as the decisions module emits it. */
export const decided = (layerId: string, variationId: string | null, extra: Record<string, unknown> = {}) => ({
  layerState: { layerId, decision: {}, decisionTicket: {}, decisionTimestamp: 1767225600000, revision: 1 },
  decision: { layerId, experimentId: variationId ? 'exp-1' : null, variationId, isLayerHoldback: false, ...extra },
  decisionTicket: { bucketingId: 'v1', audienceIds: [] },
  pendingRedirect: false,
});

/** Stand-in for the visitor plugin of another helper: a fixed id and one attribute. */
export function visitorStandIn() {
  return {
    type: 'apiModule' as const,
    name: 'visitor',
    create: () => ({
      id: () => 'visitor-1',
      randomId: () => 'visitor-1',
      attributes: () => ({ plan: { value: 'pro', lastModified: 0, id: 'attr-1' } }),
      optedOut: () => false,
    }),
  };
}
