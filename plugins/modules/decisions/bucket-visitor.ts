/**
 * The `bucketVisitor` push call (runtime-spec §5, DEC-30..33): puts the visitor into a variation of an
 * experiment by storing it in the visitor's variation map (sticky bucketing then applies it at the next
 * decision of the layer). `['bucketVisitor', experimentId, variation]`: a number above 256 is a variation
 * id, 256 or less a variation index (0-based). The object form takes `experimentId` with exactly one of
 * `variationId` or `variationIndex`, and optionally `campaignId` (or `layerId`), which must be the
 * experiment's layer. Throws the catalogue's texts; the kernel reports them as ApiError.
 */
import { MODULES, type CallArgs, type PluginContext, type VisitorModule } from '../../../core';
import { MSG_BUCKETING_ID_NOT_SET, MSG_EXPERIMENT_REQUIRED, MSG_VARIATION_REQUIRED, msgNotFound } from './messages';
import { findExperiment, findVariation } from './util';

/** DEC-33: the variation index versus id threshold. */
export const VARIATION_INDEX_THRESHOLD = 256;
/** Positional parameters of the array form. */
export const BUCKET_VISITOR_PARAMS = ['experimentId', 'variation', 'campaignId'] as const;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Creates the handler of one kernel. */
export const createBucketVisitor = (ctx: PluginContext) => (args: CallArgs): void => {
  const { experimentId, variation } = args;
  if (!given(experimentId)) throw Error(MSG_EXPERIMENT_REQUIRED);
  let { variationId, variationIndex } = args;
  if (given(variation)) {
    if (given(variationId) || given(variationIndex)) throw Error(MSG_VARIATION_REQUIRED);
    const number = Number(variation);
    if (Number.isFinite(number) && number <= VARIATION_INDEX_THRESHOLD) variationIndex = number;
    else variationId = String(variation);
  }
  const byId = given(variationId);
  if (byId === given(variationIndex)) throw Error(MSG_VARIATION_REQUIRED);
  const found = findExperiment(ctx.data, String(experimentId));
  if (!found) throw Error(msgNotFound('experiment', experimentId));
  const [layer, experiment] = found;
  const layerId = args.campaignId ?? args.layerId;
  if (given(layerId) && String(layerId) !== layer.id) throw Error(msgNotFound('layer', layerId));
  // An index that is not a whole number in range names no entry of the list.
  const chosen = byId ? findVariation(experiment, String(variationId)) : experiment.variations?.[Number(variationIndex)];
  if (!chosen) throw Error(msgNotFound('variation', byId ? variationId : variationIndex));
  const visitor = ctx.get<VisitorModule>(MODULES.visitor);
  if (!visitor?.bucketingId()) throw Error(MSG_BUCKETING_ID_NOT_SET);
  // One preferred experiment per layer: the call's experiment replaces any other of the layer.
  for (const other of Object.keys(visitor.variationMap()[layer.id] || {})) if (other !== experiment.id) visitor.setVariation(layer.id, other, null);
  visitor.setVariation(layer.id, experiment.id, chosen.id);
  ctx.log.info('Decisions: bucketed visitor into variation', chosen.id, 'of experiment', experiment.id);
};
