/**
 * Projects for the conflict check's tests (Node and browser): the homepage's data with campaigns of one
 * A/B experiment added, held in a real project store, and the review's list of changes added since live.
 */
import { HOMEPAGE_DATA } from '../../config/homepage/project';
import { createProjectStore, type ProjectStore } from '../../desktop/renderer/src/model/project-store';
import { encodeProject } from '../../editor-model/project-codec';
import type { EntityDiff } from '../../editor-model/project-diff';

export type Changes = Array<Record<string, unknown>>;

/** A campaign of one 50/50 experiment whose Variation #1 makes `changes` on view `viewId`. */
export const newLayer = (id: string, viewId: string, changes: Changes, experimentId = `${id}_exp`) => ({
  id, name: `Campaign ${id}`, policy: 'single_experiment', holdback: 0, viewIds: [viewId],
  experiments: [{
    id: experimentId, name: `Experiment ${id}`,
    variations: [{ id: `${id}_a`, name: 'Original', actions: [] }, { id: `${id}_b`, name: 'Variation #1', actions: [{ viewId, changes }] }],
    weightDistributions: [{ entityId: `${id}_a`, endOfRange: 5000 }, { entityId: `${id}_b`, endOfRange: 10000 }],
  }],
});

/** A project store holding the homepage with `layers` added. */
export const storeWith = (...layers: unknown[]): ProjectStore => {
  const store = createProjectStore();
  store.setTables(encodeProject({ ...HOMEPAGE_DATA, layers: [...HOMEPAGE_DATA.layers, ...layers] } as never) as never);
  return store;
};

/** The review's diff entries of changes added since live. */
export const added = (...ids: string[]): EntityDiff[] => ids.map((id) => ({ key: `change:${id}`, kind: 'change', id, label: id, status: 'added', fields: [] }));
