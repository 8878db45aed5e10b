/**
 * The contextual bandit (CMAB-1..17, ruling 5). For an experiment whose allocation policy is `cmab` or
 * `contextual-multi-arm-bandit`, the variation comes from the prediction service. A stored prediction (the
 * visitor module's cmabMap) is reused, synchronously, until: its timeout flag is set, it is missing or
 * malformed, its variation is gone, the attribute hash changed, 30 minutes passed since it was last used,
 * or 24 hours since it was made. Otherwise a prediction is requested (./cmab-request.ts); any failure
 * falls back silently to the normal bucketing variation. After each decision of a layer, stored
 * predictions of the layer's other experiments are timed out (CMAB-17).
 *
 * Attributes sent: the experiment's `experimentMetadata.cmabAttributes` (custom attribute ids, looked up
 * in project visitorAttributes and read from the visitor; standard attribute names read from the audience
 * profile); without that setting, every custom attribute the visitor has (a bandit needs context).
 */
import { MODULES, type AudiencesModule, type CmabEntry, type DecisionResult, type PluginContext, type VisitorModule } from '../../../core';
import type { Experiment, Layer } from '../../../core/project/types';
import { toJson } from '../../_shared/json';
import { requestPrediction, type PredictionAttribute } from './cmab-request';
import { REASONS } from './messages';
import { isThenable } from '../../_shared/checks';
import { findVariation, isCmab, uuid } from './util';
import { settle as after } from '../../../core/sequence';

/** CMAB-15: 30 minutes since the last use. */
export const CMAB_IDLE_MS = 30 * 60 * 1000;
/** CMAB-16: 24 hours since the prediction was made. */
export const CMAB_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Options of the bandit: where the prediction service is and how long to wait for it. */
export interface CmabOptions {
  /** Base URL of the prediction service; default the page's origin. */
  predictionHost?: string;
  /** Milliseconds to wait for a prediction before falling back (default 1000). */
  predictionTimeout?: number;
}

/** What the decision code asks of the bandit. */
export interface CmabChooser {
  /** The decision for a bandit experiment: the stored or predicted variation, or `fallback`. */
  choose(layer: Layer, experiment: Experiment, bucketingId: string, fallback: DecisionResult): DecisionResult | Promise<DecisionResult>;
  /** CMAB-17: times out the stored predictions of the layer's experiments other than the decided one. */
  settle(layer: Layer, decidedExperimentId: string | null): void;
}

// FNV-1a 32: enough to notice that the attributes changed (CMAB-14).
const hashText = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
};

/** Whether a stored prediction may be reused now (CMAB-10..16). */
export const reusable = (entry: CmabEntry | undefined | null, experiment: Experiment, attributesHash: string, now: number): entry is CmabEntry =>
  !!entry &&
  typeof entry === 'object' &&
  !entry.timedOut &&
  typeof entry.variationId === 'string' &&
  typeof entry.createdAt === 'number' &&
  typeof entry.touchedAt === 'number' &&
  !!findVariation(experiment, entry.variationId) &&
  entry.attributesHash === attributesHash &&
  now - entry.touchedAt < CMAB_IDLE_MS &&
  now - entry.createdAt < CMAB_MAX_AGE_MS;

const chosen = (experiment: Experiment, variationId: string): DecisionResult => ({ experimentId: experiment.id, variationId, reason: REASONS.cmab });

/**
 * The decisions plugin as it is when the bandit is inline: unchanged. (The whole preset's bandit is a part,
 * ./cmab-part.ts, whose version of this lets the plugin fetch it before init.)
 */
export const withCmabPart = <P extends object>(plugin: P, _context?: () => PluginContext | undefined): P => plugin;

/** Creates the bandit of one kernel. */
export const createCmab = (ctx: PluginContext, options: CmabOptions): CmabChooser => {
  const attributesOf = (experiment: Experiment, visitor: VisitorModule): PredictionAttribute[] => {
    const settings = experiment.experimentMetadata?.cmabAttributes;
    const values = visitor.attributes();
    const known = ctx.data.visitorAttributes || [];
    const out: PredictionAttribute[] = [];
    const add = (id: string, value: unknown, name: string, type = 'custom_attribute') => out.push({ id, type, value, client_api_name: name });
    const custom = settings?.customAttributes;
    if (custom) {
      for (const id of custom) {
        const definition = known.find((attribute) => attribute.id === id);
        const entry = definition && values[definition.name];
        if (entry) add(id, entry.value, definition!.name);
      }
    } else if (!settings) {
      for (const name of Object.keys(values)) {
        const definition = known.find((attribute) => attribute.name === name);
        add(values[name].id ?? (definition ? definition.id : name), values[name].value, name);
      }
    }
    const profile = (settings?.standardAttributes && ctx.get<AudiencesModule>(MODULES.audiences)?.profile()) || {};
    for (const name of settings?.standardAttributes || []) {
      const value = profile[name];
      // A pending profile field is not known yet: not sent.
      if (value !== undefined && !isThenable(value)) add(name, value, name, 'standard_attribute');
    }
    return out;
  };

  const host = () => {
    if (options.predictionHost) return options.predictionHost.replace(/\/+$/, '');
    try {
      const origin = ctx.win?.location.origin;
      return origin && origin !== 'null' ? origin : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    choose: (layer, experiment, bucketingId, fallback) => {
      const visitor = ctx.get<VisitorModule>(MODULES.visitor);
      const base = host();
      if (!visitor) return fallback;
      const attributes = attributesOf(experiment, visitor);
      // Not the page's JSON.stringify (plugins/_shared/json.ts): a page that replaced it, or gave
      // Array/Object.prototype a toJSON, or an attribute value holding a cycle, must neither throw here
      // nor change the hash of equal attributes (CMAB-14).
      const attributesHash = hashText(toJson(attributes) || '');
      const entry = visitor.cmabMap()[experiment.id];
      const now = ctx.clock.now();
      if (reusable(entry, experiment, attributesHash, now)) {
        visitor.setCmab(experiment.id, { ...entry, touchedAt: now });
        return chosen(experiment, entry.variationId);
      }
      if (entry) visitor.setCmab(experiment.id, null);
      if (!base) return fallback;
      const cmabUUID = uuid(ctx.win);
      const body = {
        instances: [
          {
            visitorId: visitor.id() ?? bucketingId,
            experimentId: experiment.id,
            cmabUUID,
            variationIds: (experiment.variations || []).map((variation) => variation.id),
            attributes,
            dcpCustomerIds: [] as string[],
            dcpServiceId: ctx.data.dcpServiceId ?? null,
          },
        ],
      };
      const url = `${base}/predict/${encodeURIComponent(experiment.id)}`;
      return after(requestPrediction(ctx, url, body, options.predictionTimeout ?? 1000), (predicted) => {
        // CMAB-9: no prediction, or one naming no variation of the experiment, is a failure like the others.
        if (!findVariation(experiment, predicted)) {
          ctx.log.debug('Decisions: no usable prediction for', experiment.id, '- normal bucketing');
          return fallback;
        }
        // Found, so a variation id.
        const variationId = predicted!;
        const at = ctx.clock.now();
        visitor.setCmab(experiment.id, { variationId, attributesHash, createdAt: at, touchedAt: at, uuid: cmabUUID });
        return chosen(experiment, variationId);
      });
    },
    // The decision code settles only layers holding a bandit (layer-info.ts `bandit`).
    settle: (layer, decidedExperimentId) => {
      const visitor = ctx.get<VisitorModule>(MODULES.visitor);
      if (!visitor) return;
      const map = visitor.cmabMap();
      for (const experiment of layer.experiments || []) {
        const entry = map[experiment.id];
        if (experiment.id !== decidedExperimentId && entry && !entry.timedOut && isCmab(layer, experiment)) {
          visitor.setCmab(experiment.id, { ...entry, timedOut: true });
        }
      }
    },
  };
};
