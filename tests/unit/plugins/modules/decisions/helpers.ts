/**
 * Stand-ins for the modules the decisions plugin works with (visitor, controls, audiences, changes,
 * pages, storage). They are small in-memory implementations of the contracts in core/kinds, used so that
 * each test controls exactly what the decisions plugin sees (forced ids, pending audiences, stored maps).
 * The real deciders are used throughout; only these neighbouring modules are stood in for.
 */
import { definePlugin, EVENT_TYPES, type AudiencesModule, type ChangesModule, type CmabEntry, type ControlsModule, type Plugin, type QualifyOptions, type VariationIdMap, type VisitorModule } from '../../../../../core';
import { bootKernel, type BootKernelOptions } from '../../../../../core/testing';
import type { Action, AudienceIdExpression, Layer, ProjectInput } from '../../../../../core/project/types';
import equalPriority from '../../../../../plugins/deciders/equal-priority';
import multivariate from '../../../../../plugins/deciders/multivariate';
import singleExperiment from '../../../../../plugins/deciders/single-experiment';
import decisions, { type DecisionsOptions } from '../../../../../plugins/modules/decisions';

export const DECIDERS = [singleExperiment, multivariate, equalPriority];

/** A visitor module stand-in: ids, attributes, variation map and cmab map in memory. */
export const visitorStandIn = (init: { bucketingId?: string; id?: string; variationMap?: VariationIdMap; cmab?: Record<string, CmabEntry>; attributes?: Record<string, unknown> } = {}) => {
  const state = {
    bucketingId: 'bucketingId' in init ? init.bucketingId : 'visitor-1',
    variationMap: structuredClone(init.variationMap ?? {}) as VariationIdMap,
    cmab: { ...(init.cmab ?? {}) } as Record<string, CmabEntry>,
    attributes: Object.fromEntries(Object.entries(init.attributes ?? {}).map(([name, value]) => [name, { value, lastModified: 0 }])),
    writes: [] as Array<[string, string, string | null]>,
  };
  const module: Partial<VisitorModule> = {
    id: () => init.id ?? state.bucketingId,
    bucketingId: () => state.bucketingId,
    attributes: () => state.attributes,
    session: () => ({ sessionId: 1767225600000, lastSessionTimestamp: 1767225600000 }),
    variationMap: () => state.variationMap,
    setVariation: (layerId, experimentId, variationId) => {
      state.writes.push([layerId, experimentId, variationId]);
      const layer = (state.variationMap[layerId] ??= {});
      if (variationId === null) delete layer[experimentId];
      else layer[experimentId] = variationId;
    },
    cmabMap: () => state.cmab,
    setCmab: (experimentId, entry) => {
      if (entry) state.cmab[experimentId] = entry;
      else delete state.cmab[experimentId];
    },
  };
  return { state, plugin: definePlugin({ type: 'apiModule', name: 'visitor', create: () => module }) };
};

/** A controls module stand-in with forced ids. */
export const controlsStandIn = (forced: { variations?: string[]; audiences?: string[] }) =>
  definePlugin({
    type: 'apiModule',
    name: 'controls',
    create: (): Partial<ControlsModule> => ({ forcedVariationIds: () => forced.variations ?? [], forcedAudienceIds: () => forced.audiences ?? [] }),
  });

/** An audiences module stand-in: the visitor is in the audiences listed; `pending` makes every answer wait for a promise. */
export const audiencesStandIn = (inAudiences: string[], options: { pending?: Promise<void> } = {}) => {
  const calls: Array<{ ids: AudienceIdExpression | undefined; options?: QualifyOptions }> = [];
  const isIn = (id: string, qualify?: QualifyOptions) => (qualify?.forcedAudienceIds?.length ? qualify.forcedAudienceIds.includes(id) : inAudiences.includes(id));
  const flat = (ids: AudienceIdExpression | undefined) => (ids ?? []).flat(Infinity as 1).filter((id) => typeof id === 'string' && !['and', 'or', 'not'].includes(id)) as string[];
  const wrap = <T>(value: T): T | Promise<T> => (options.pending ? options.pending.then(() => value) : value);
  const module: Partial<AudiencesModule> = {
    qualifies: (ids, qualify) => {
      calls.push({ ids, options: qualify });
      return wrap(!ids || !ids.length || flat(ids).some((id) => isIn(id, qualify)));
    },
    matching: (ids, qualify) => wrap(flat(ids).filter((id) => isIn(id, qualify))),
    profile: () => ({ device: 'desktop_laptop' }),
  };
  return { calls, plugin: definePlugin({ type: 'apiModule', name: 'audiences', create: () => module }) };
};

/** A changes module stand-in: records applied actions and emits action/applied like the real one. */
export const changesStandIn = () => {
  const applied: Array<{ action: Action; meta: unknown }> = [];
  let emit: ((event: { type: string; name: string; data: unknown }) => void) | undefined;
  const module: Partial<ChangesModule> = {
    applyAction: async (action, meta) => {
      applied.push({ action, meta });
      emit?.({ type: EVENT_TYPES.action, name: 'applied', data: { ...meta, actionId: action.id } });
    },
  };
  return {
    applied,
    plugin: definePlugin({ type: 'apiModule', name: 'changes', setup: (ctx) => void (emit = ctx.emit), create: () => module }),
  };
};

/** An in-memory storage plugin (local storage or cookies) that remembers write options. */
export const memoryStorage = (name: 'local' | 'cookie', initial: Record<string, unknown> = {}) => {
  const values: Record<string, unknown> = { ...initial };
  const writes: Array<{ key: string; value: unknown; options?: unknown }> = [];
  return {
    values,
    writes,
    plugin: definePlugin({
      type: 'storage',
      name,
      read: (key) => values[key],
      write: (key, value, options) => {
        writes.push({ key, value, options });
        values[key] = value;
        return true;
      },
      remove: (key) => void delete values[key],
    }),
  };
};

const action = (id: string, pageId: string, extra: Partial<Action> = {}): Action => ({ id, pageId, changes: [{ id: `${id}-c`, type: 'attribute', selector: 'h1', attributes: { text: id } }], ...extra });

/** Four equal quarters of an experiment's variations (ruling 2). */
export const quarters = (prefix: string) => ({
  variations: ['a', 'b', 'c', 'd'].map((v) => ({ id: `${prefix}${v}`, name: `Variation ${v.toUpperCase()}`, actions: [action(`${prefix}${v}-act`, 'p1'), action(`${prefix}${v}-other`, 'p2')] })),
  weightDistributions: ['a', 'b', 'c', 'd'].map((v, i) => ({ entityId: `${prefix}${v}`, endOfRange: 2500 * (i + 1) })),
});

/** A project: layer L1 (single_experiment, E1 behind audience A1), L2 (equal_priority, E2/E3), all on page p1. */
export const project = (overrides: Partial<ProjectInput> = {}, layers?: Layer[]): Partial<ProjectInput> => ({
  namespace: 'ns',
  pages: [
    { id: 'p1', apiName: 'home' },
    { id: 'p2', apiName: 'other' },
  ],
  audiences: [
    { id: 'A1', name: 'Returning', conditions: [] },
    { id: 'A2', name: 'Mobile', conditions: [] },
  ],
  layers: layers ?? [
    { id: 'L1', name: 'Hero test', policy: 'single_experiment', pageIds: ['p1'], experiments: [{ id: 'E1', name: 'Hero', audienceIds: ['A1'], ...quarters('v1') }] },
    {
      id: 'L2',
      name: 'Banner',
      policy: 'equal_priority',
      pageIds: ['p1'],
      decisionMetadata: { experimentPriorities: [['E2', 'E3']] },
      experiments: [
        { id: 'E2', name: 'Banner mobile', audienceIds: ['A2'], ...quarters('v2') },
        { id: 'E3', name: 'Banner all', ...quarters('v3') },
      ],
    },
  ],
  ...overrides,
});

/** Boots a kernel with the decisions plugin, the real deciders and the given stand-ins; activation is left to the test. */
export const boot = (plugins: Plugin[], data: Partial<ProjectInput> = project(), extra: Partial<BootKernelOptions> & { options?: DecisionsOptions } = {}) => {
  const t = bootKernel({ plugins: [...DECIDERS, decisions(extra.options), ...plugins], data, record: ['lifecycle', 'error', 'tracking', 'action'], ...extra });
  return { ...t, decisions: t.get('decisions') as import('../../../../../core').DecisionsModule, state: t.get('state') as import('../../../../../core').StateModule };
};
