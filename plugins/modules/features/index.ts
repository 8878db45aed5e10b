/**
 * Feature values (KRN-47, ERR-58; the spec does not say where they come from): a variation may carry
 * `features`, values by feature key, which hold for the visitor while the variation is decided. Each time a
 * layer is decided (`layerDecided`), its variation's values replace what the layer gave before. A value that
 * is not text, a finite number or true/false is skipped with a warning (`Invalid feature value "<key>" of
 * variation "<id>" skipped`). `get('features')` reads them.
 */
import { definePlugin, type LayerDecidedData, type PluginContext, type PluginOf } from '../../../core';
import type { Layer, Variation } from '../../../core/project/types';

/** What `get('features')` returns. */
export interface FeaturesModule {
  /** The value of a feature for this visitor, or undefined. */
  value(key: string): string | number | boolean | undefined;
  /** Every feature value; where two layers give one key, the layer whose first decision came later wins. */
  values(): Record<string, string | number | boolean>;
}

/** The warning of a skipped value (ERR-58: the spec gives no text). */
export const msgInvalidFeature = (key: string, variationId: string) => `Invalid feature value "${key}" of variation "${variationId}" skipped`;

const isValue = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

export default function features(): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  // Values by layer id, in the order layers were first decided.
  const byLayer = new Map<string, Record<string, string | number | boolean>>();

  // The layers by id, made again when the project's layer list is another: one lookup per decision, so
  // that a project of 10,000 layers is not searched 10,000 times.
  let indexed: unknown;
  let layers = new Map<string, Layer>();
  const layerOf = (id: string) => {
    const list = ctx!.data.layers ?? [];
    if (list !== indexed) {
      indexed = list;
      layers = new Map();
      for (const layer of list) if (layer && !layers.has(layer.id)) layers.set(layer.id, layer);
    }
    return layers.get(id);
  };

  const decided = (data: LayerDecidedData) => {
    const { layerId, experimentId, variationId } = data.decision;
    const layer = layerOf(layerId);
    const experiment = layer?.experiments?.find((candidate) => candidate && candidate.id === experimentId);
    const variation = experiment?.variations?.find((candidate) => candidate && candidate.id === variationId) as (Variation & { features?: unknown }) | undefined;
    const given = variation && !data.decision.isLayerHoldback ? variation.features : undefined;
    const kept: Record<string, string | number | boolean> = {};
    if (given !== null && typeof given === 'object') {
      for (const [key, value] of Object.entries(given)) {
        if (isValue(value)) kept[key] = value;
        else ctx!.log.warn(msgInvalidFeature(key, String(variationId)));
      }
    }
    byLayer.set(layerId, kept);
  };

  const values = () => Object.assign({}, ...byLayer.values()) as Record<string, string | number | boolean>;
  return definePlugin({
    type: 'apiModule',
    name: 'features',
    setup(context) {
      ctx = context;
      context.on({ type: 'lifecycle', name: 'layerDecided' }, (event) => decided(event.data as LayerDecidedData));
    },
    create: (): FeaturesModule => ({ value: (key) => values()[key], values }),
  });
}
