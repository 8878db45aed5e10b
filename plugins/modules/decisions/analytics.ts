/**
 * Decision string and decision object for analytics integrations (DEC-36..40). The spec fixes only the
 * maximum (255), the v1 suffix and that ids must fit; the rest is our choice:
 * - version 1: `layerName(layerId):experimentName(experimentId):variationName(variationId):treatment`,
 *   suffix `holdback` when the visitor is in the layer holdback;
 * - version 2: ids only, `layerId:experimentId:variationId:treatment` (or `:holdback`);
 * - `shouldCleanString` keeps only letters, digits, spaces, `_` and `-` in names;
 * - too long: names are shortened (each gets an equal share of the room the ids leave, unused room going
 *   to the others); when the ids alone do not fit, ERR-60 is logged and the result is null;
 * - the decision object `{ campaign, experiment, variation, holdback }` holds the same labels, so the
 *   lengths of its string values add up to at most the maximum too.
 */
import type { LayerDecision } from '../../../core/project/types';
import { msgIdsDoNotFit } from './messages';

/** DEC-36, DEC-37. */
export const DECISION_MAX_LENGTH = 255;

/** One labelled entity of a decision: a readable name and its id. */
export interface Labelled {
  name: string;
  id: string;
}

const clean = (text: string) => text.replace(/[^A-Za-z0-9 _-]/g, '');

/**
 * The labels of a decision shortened to fit `maxLength` in total beside `fixed` characters of
 * separators and suffix; undefined when the ids alone do not fit.
 */
const fit = (parts: Labelled[], version: 1 | 2, fixed: number, maxLength: number): string[] | undefined => {
  const idsLength = parts.reduce((sum, part) => sum + part.id.length + (version === 1 ? 2 : 0), fixed);
  if (idsLength > maxLength) return;
  if (version === 2) return parts.map((part) => part.id);
  let room = maxLength - idsLength;
  const names = parts.map((part) => part.name);
  // Shortest names first: what they leave unused goes to the longer ones.
  const order = names.map((_, i) => i).sort((a, b) => names[a].length - names[b].length);
  order.forEach((index, k) => {
    const share = Math.floor(room / (order.length - k));
    names[index] = names[index].slice(0, share);
    room -= names[index].length;
  });
  return parts.map((part, i) => `${names[i]}(${part.id})`);
};

/** Options of the string getters. */
export interface StringOptions {
  shouldCleanString?: boolean;
  maxLength?: number;
}

/** The labels of a decision (layer, experiment, variation) and its suffix, ready to join. */
export const decisionLabels = (
  decision: LayerDecision,
  parts: Labelled[],
  version: 1 | 2,
  options: StringOptions,
  log: { error(...parts: unknown[]): void },
): { labels: string[]; suffix: string } | undefined => {
  const maxLength = options.maxLength ?? DECISION_MAX_LENGTH;
  const named = options.shouldCleanString ? parts.map((part) => ({ name: clean(part.name), id: part.id })) : parts;
  const suffix = decision.isLayerHoldback ? 'holdback' : 'treatment';
  // Separators: one ':' between labels and one before the suffix.
  const labels = fit(named, version, parts.length + suffix.length, maxLength);
  if (!labels) {
    log.error(msgIdsDoNotFit(maxLength));
    return;
  }
  return { labels, suffix };
};
