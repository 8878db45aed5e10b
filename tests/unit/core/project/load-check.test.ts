/**
 * Data handed over by `load` that is no project (issue 35): cyclic or deeply shared data, a DOM-like object,
 * the window's stand-in, a Proxy. It is refused with the catalogue message within milliseconds, before any
 * walk by paths, and the snippet's own project keeps running; the walks over data that passed
 * (`namedTypes`) and the JSON writer cost the data's size, not its number of paths.
 */
import { describe, expect, it } from 'vitest';
import { createKernel, type KernelEvent } from '../../../../core';
import { LOAD_VALUE_BUDGET, MSG_LOAD_REFUSED, loadProblem } from '../../../../core/project/load-check';
import { namedTypes, prepareOnDemand } from '../../../../core/project/prepare-on-demand';
import { prepareProject } from '../../../../core/project/prepare';
import { JSON_VALUE_BUDGET, toJson } from '../../../../plugins/_shared/json';
import { cyclicProject, randomData, sharedNest, sharedProject } from '../../../support/hostile-load';
import { envNumber, seeded } from '../../../support/seeded';
import { cpuTimed } from '../../../support/time-bound';
import { contextPlugin, recordingConsole } from '../kernel/helpers';

const built = { projectId: 'built', accountId: 'a', layers: [] };

/** CPU milliseconds `fn` takes, and its answer. */
const timed = cpuTimed;

const start = (queue: unknown[]) => {
  const events: KernelEvent[] = [];
  const probe = contextPlugin();
  const { console, lines } = recordingConsole();
  const asked: string[] = [];
  const load = (name: string) => (asked.push(name), Promise.resolve({ prepareProject }));
  const kernel = createKernel({ data: built, queue, plugins: [probe.plugin], prepare: prepareOnDemand(built, load), console, logLevel: 'ERROR' });
  probe.ctx().on({ type: 'lifecycle' }, (event) => void events.push(event));
  kernel.start();
  const errors = () => lines.filter((line) => line.level === 'error').map((line) => line.parts.join(' '));
  return { kernel, asked, errors, lifecycle: () => events.map((event) => event.name) };
};

describe('load data that is no project', () => {
  it('KRN-9 the cyclic data of issue 35 is refused, naming the cycle, in under 50 ms', () => {
    const [problem, ms] = timed(() => loadProblem(cyclicProject()));
    expect(problem).toBe(`${MSG_LOAD_REFUSED} it holds itself`);
    expect(ms).toBeLessThan(50);
  });

  it('KRN-9 a value shared 26 levels deep (2^26 paths) is refused at the value budget in under 50 ms', () => {
    const [problem, ms] = timed(() => loadProblem(sharedProject(26)));
    expect(problem).toBe(`${MSG_LOAD_REFUSED} more than ${LOAD_VALUE_BUDGET} values`);
    expect(ms).toBeLessThan(50);
  });

  it('KRN-9 objects that are not plain, a Proxy whose traps throw, and a huge sparse list are refused; a project is not', () => {
    class Node {}
    const throwing = new Proxy({}, { ownKeys: () => { throw Error('trap'); } });
    expect(loadProblem(new Node())).toBe(`${MSG_LOAD_REFUSED} not a plain object`);
    expect(loadProblem(42)).toBe(`${MSG_LOAD_REFUSED} not a plain object`);
    expect(loadProblem([built])).toBe(`${MSG_LOAD_REFUSED} not a plain object`);
    expect(loadProblem(throwing)).toBe(`${MSG_LOAD_REFUSED} unreadable`);
    expect(loadProblem({ ...built, layers: new Array(1e9) })).toBe(`${MSG_LOAD_REFUSED} more than ${LOAD_VALUE_BUDGET} values`);
    let deep: unknown = 'x';
    for (let i = 0; i < 150; i++) deep = [deep];
    expect(loadProblem({ ...built, deep })).toBe(`${MSG_LOAD_REFUSED} nested more than 100 levels`);
    // Shared values within the budget, and an object without a prototype, are data like any other.
    const shared = { type: 'url' };
    expect(loadProblem(Object.assign(Object.create(null), built, { a: shared, b: [shared, shared] }))).toBeUndefined();
  });

  it('KRN-9 KRN-26 load with cyclic, shared or non-plain data costs only itself: the built project runs, the validate part is never asked', async () => {
    for (const data of [cyclicProject(), sharedProject(26), new (class Window {})(), new Map()]) {
      const t = start([['load', data], ['registerModule', 'after', 1]]);
      await t.kernel.whenIdle();
      expect(t.errors()).toHaveLength(1);
      expect(t.errors()[0]).toContain(MSG_LOAD_REFUSED);
      expect(t.lifecycle()).toContain('activated');
      expect((t.kernel.get('data') as { projectId: string }).projectId).toBe('built');
      expect(t.kernel.get('after')).toBe(1);
      expect(t.asked).toEqual([]);
    }
  });

  it('KRN-9 namedTypes walks each value once: cyclic and 2^40-path built data take milliseconds', () => {
    const [names, ms] = timed(() => namedTypes({ ...cyclicProject(), audiences: [{ conditions: ['and', sharedNest(40)] }] }));
    expect([...names]).toEqual(['location']);
    expect(ms).toBeLessThan(50);
  });

  it('TRK-39 the JSON writer stops at its value budget on a value shared 30 levels deep', () => {
    const [text, ms] = timed(() => toJson({ tags: sharedNest(30) }));
    expect(text!.length).toBeGreaterThan(JSON_VALUE_BUDGET);
    expect(() => JSON.parse(text!)).not.toThrow();
    expect(ms).toBeLessThan(500);
  });

  it('KRN-9 seeded random data with shared values and cycles: every check and walk ends within its budget', () => {
    const seed = envNumber('VARIA_FUZZ_SEED', 35);
    const random = seeded(seed);
    for (let round = 0; round < envNumber('VARIA_LOAD_FUZZ_ROUNDS', 200); round++) {
      const data = randomData(random, 10 + random.int(400));
      const [problem, ms] = timed(() => loadProblem(data));
      expect(ms, `seed ${seed} round ${round}`).toBeLessThan(50);
      const [, walked] = timed(() => namedTypes(data));
      expect(walked, `seed ${seed} round ${round}`).toBeLessThan(50);
      if (!problem) expect(() => prepareProject(data, [], { error() {}, warn() {} } as never)).not.toThrow();
    }
  });
});
