/**
 * Issue 35, finding 5: a project of 10,000 layers. Built into a snippet it runs within the decision
 * budget: from the kernel's start to every layer decided and the page activated takes well under a
 * second of work in Chromium (the README's figure). Handed to `load` it is refused at once by the load
 * data budget, and the built-in project keeps running.
 */
import { describe, expect, it } from 'vitest';
import { createKernel, type ChangesModule } from '../../../core';
import { LOAD_VALUE_BUDGET, MSG_LOAD_REFUSED, loadProblem } from '../../../core/project/load-check';
import { prepareFitted } from '../../../core/project/prepare-fitted';
import { prepareOnDemand } from '../../../core/project/prepare-on-demand';
import { prepareProject } from '../../../core/project/prepare';
import { standardPreset } from '../../../plugins/presets/standard';

/**
 * The decision budget the README states: deciding, tracking and applying grow linearly with the layers
 * (10,000 took about 2.5 s here, 2,000 about 0.5 s). Asserted as a ratio, which a busy machine slows on
 * both sides alike (a search per decision made it quadratic: 8 s at 10,000), and as a ceiling far above
 * the figure for a machine shared with the rest of the suite.
 */
const LINEAR_RATIO = 10;
const DECISION_CEILING_MS = 15_000;

/** `count` layers, each one A/B experiment whose variation changes the page's heading. */
const manyLayers = (count: number) => ({
  projectId: 'many',
  accountId: 'a',
  revision: 1,
  pages: [{ id: 'p', apiName: 'p', name: 'P', staticConditions: [{ type: 'url', match: 'substring', value: '/' }] }],
  audiences: [],
  layers: Array.from({ length: count }, (_, i) => ({
    id: `l${i}`,
    name: `Layer ${i}`,
    policy: 'single_experiment',
    pageIds: ['p'],
    experiments: [
      {
        id: `e${i}`,
        name: `Experiment ${i}`,
        weightDistributions: [
          { entityId: `a${i}`, endOfRange: 5000 },
          { entityId: `b${i}`, endOfRange: 10000 },
        ],
        variations: [
          { id: `a${i}`, name: 'Original', actions: [] },
          { id: `b${i}`, name: 'B', actions: [{ pageId: 'p', changes: [{ id: `c${i}`, type: 'attribute', selector: '#many-h', attributes: { text: `B ${i}` } }] }] },
        ],
      },
    ],
  })),
});

/** Starts the whole preset on `data`: fitted to it (as a snippet built from it), or taking `load` data (as the whole preset's snippet). */
const start = async (data: object, queue: unknown[] = [], takesLoad = false) => {
  const errors: string[] = [];
  const console = { error: (...parts: unknown[]) => void errors.push(parts.join(' ')), warn() {}, info() {}, debug() {}, log() {} } as unknown as Console;
  const kernel = createKernel({ data, queue, win: window, plugins: standardPreset(), prepare: takesLoad ? prepareOnDemand(data, () => Promise.resolve({ prepareProject })) : prepareFitted(data), console, logLevel: 'ERROR' });
  const began = performance.now();
  kernel.start();
  await kernel.whenIdle();
  const ms = performance.now() - began;
  // Nothing left behind for the next test file in this page: the changes' observation (10,000 watchers
  // for 2 s) and the visitor's stored state.
  const destroy = () => {
    (kernel.get('changes') as ChangesModule | undefined)?.cancelObservation('p');
    kernel.destroy();
    localStorage.clear();
    sessionStorage.clear();
  };
  return { kernel: { ...kernel, destroy }, errors, ms };
};

describe('a project of 10,000 layers', () => {
  it('KRN-9 built into the snippet, 10,000 layers are decided, tracked and applied in time linear in the layers', async () => {
    const heading = document.body.appendChild(document.createElement('h1'));
    heading.id = 'many-h';
    try {
      const small = await start(manyLayers(2_000));
      small.kernel.destroy();
      const t = await start(manyLayers(10_000));
      t.kernel.destroy();
      expect([...small.errors, ...t.errors]).toEqual([]);
      // Every layer decided: some variation B changed the heading.
      expect(heading.textContent).toMatch(/^B \d+$/);
      expect(t.ms / small.ms).toBeLessThan(LINEAR_RATIO);
      expect(t.ms).toBeLessThan(DECISION_CEILING_MS);
    } finally {
      heading.remove();
    }
  });

  it('KRN-9 handed to load, the same data is refused in under 50 ms by the load data budget and the built-in project runs', async () => {
    const data = manyLayers(10_000);
    // The fastest of five checks, by the clock: on a shared machine one run can lose the core to another
    // process for longer than the bound; five in a row rarely all do.
    let problem: string | undefined;
    let fastest = Infinity;
    for (let run = 0; run < 5; run++) {
      const began = performance.now();
      problem = loadProblem(data);
      fastest = Math.min(fastest, performance.now() - began);
    }
    expect(fastest).toBeLessThan(50);
    expect(problem).toBe(`${MSG_LOAD_REFUSED} more than ${LOAD_VALUE_BUDGET} values`);
    const heading = document.body.appendChild(document.createElement('h1'));
    heading.id = 'many-h';
    const t = await start(manyLayers(2), [['load', data]], true);
    try {
      expect(t.errors).toEqual([expect.stringContaining(MSG_LOAD_REFUSED)]);
      expect((t.kernel.get('data') as { layers: unknown[] }).layers).toHaveLength(2);
      expect(heading.textContent).toMatch(/^(B \d+)?$/);
    } finally {
      t.kernel.destroy();
      heading.remove();
    }
  });
});
