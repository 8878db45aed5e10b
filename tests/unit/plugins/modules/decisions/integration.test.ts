/** The decisions plugin in the activation sequence of the real pages, visitor, audiences and controls plugins. */
import { expect, it } from 'vitest';
import type { Plugin, StateModule } from '../../../../../core';
import { bootKernel } from '../../../../../core/testing';
import audiences from '../../../../../plugins/modules/audiences';
import controls from '../../../../../plugins/modules/controls';
import decisions from '../../../../../plugins/modules/decisions';
import pages from '../../../../../plugins/modules/pages';
import visitor from '../../../../../plugins/modules/visitor';
import customAttribute from '../../../../../plugins/audience-matchers/custom-attribute';
import singleExperiment from '../../../../../plugins/deciders/single-experiment';
import immediate from '../../../../../plugins/view-providers/immediate';

const made = (plugin: unknown) => (typeof plugin === 'function' ? plugin() : plugin) as Plugin;

it('DEC-49 DEC-10 activation decides the layers of an activated page synchronously, with the real audiences', async () => {
  const t = bootKernel({
    plugins: [singleExperiment, decisions(), made(pages), made(visitor), made(audiences), made(controls), made(immediate), made(customAttribute)],
    queue: [['user', { plan: 'pro' }]],
    data: {
      namespace: 'ns',
      pages: [{ id: 'p1', apiName: 'home' }],
      audiences: [{ id: 'pro', conditions: ['and', { type: 'custom_attribute', name: 'plan', match: 'exact', value: 'pro' }] }],
      layers: [
        {
          id: 'L1',
          policy: 'single_experiment',
          pageIds: ['p1'],
          experiments: [{ id: 'E1', audienceIds: ['pro'], variations: [{ id: 'a', actions: [] }, { id: 'b', actions: [] }], weightDistributions: [{ entityId: 'a', endOfRange: 5000 }, { entityId: 'b', endOfRange: 10000 }] }],
        },
      ],
    } as never,
  });
  await t.settle();
  const names = t.lifecycle();
  // Synchronous fast path: the layer is decided before viewsActivated.
  expect(names.indexOf('layerDecided')).toBeLessThan(names.indexOf('viewsActivated'));
  expect(names).toContain('campaignDecided');
  expect(t.errors()).toEqual([]);
  const state = t.get('state') as StateModule;
  expect(state.getActiveExperimentIds()).toEqual(['E1']);
  expect(state.getCampaignStates().L1).toMatchObject({ isActive: true, reason: 'bucketed', audiences: [{ id: 'pro' }] });
});
