/**
 * Data a page may hand to `load` that is no project, as found by probing the runtime (issue 35): shaped
 * like a project, with cycles or values shared so often that a walk by paths never ends. Shared by the
 * Node tests and the Chromium ones.
 */
import type { Seeded } from './seeded';

/** A project whose data points back at itself three ways (`d.self = d`, a layer's parent, an experiment's layer). */
export const cyclicProject = (): Record<string, any> => {
  const data: Record<string, any> = {
    projectId: 'p',
    accountId: 'a',
    layers: [{ id: 'l', policy: 'single_experiment', experiments: [{ id: 'e', variations: [{ id: 'v', actions: [] }] }] }],
  };
  data.self = data;
  data.layers[0].parent = data;
  data.layers[0].experiments[0].layer = data.layers[0];
  return data;
};

/** `v = { a: w, b: w }` nested `levels` deep: no cycle, but 2^levels paths to its innermost value. */
export const sharedNest = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { type: 'location', value: 'AU' };
  for (let i = 0; i < levels; i++) value = { a: value, b: value };
  return value;
};

/** A project holding {@link sharedNest} where the walk for named types looks (an audience's conditions). */
export const sharedProject = (levels = 26): Record<string, unknown> => ({
  projectId: 'p',
  accountId: 'a',
  layers: [],
  audiences: [{ id: 'aud', conditions: ['and', sharedNest(levels)] }],
});

/**
 * Seeded random nested data of plain objects and arrays, where each new container may also point at any
 * container made before (a shared value) or at one still open around it (a cycle).
 */
export const randomData = (random: Seeded, size: number): Record<string, unknown> => {
  const made: object[] = [];
  const open: object[] = [];
  let left = size;
  const make = (depth: number): unknown => {
    left--;
    const roll = random.next();
    if (made.length && roll < 0.15) return random.pick(made);
    if (open.length && roll < 0.2) return random.pick(open);
    if (depth > 8 || left <= 0 || roll < 0.45) return random.pick(['x', 1, true, null, { type: 'url' }]);
    const container: Record<string, unknown> | unknown[] = roll < 0.7 ? [] : {};
    made.push(container);
    open.push(container);
    const count = 1 + random.int(5);
    for (let i = 0; i < count; i++) {
      const key = random.pick(['conditions', 'changes', 'layers', 'type', 'k' + i]);
      if (Array.isArray(container)) container.push(make(depth + 1));
      else container[key] = make(depth + 1);
    }
    open.pop();
    return container;
  };
  return { projectId: 'p', accountId: 'a', layers: [], audiences: [{ id: 'aud', conditions: ['and', make(0)] }] };
};
