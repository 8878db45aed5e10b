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
import { msgIdsDoNotFit } from './messages';

/** DEC-36, DEC-37. */
export const DECISION_MAX_LENGTH = 255;

/** One labelled entity of a decision: its readable name and its id. */
export type Labelled = [name: string, id: string];

/** Options of the string getters. */
export interface StringOptions {
  shouldCleanString?: boolean;
  maxLength?: number;
}

/**
 * The labels of a decision (layer, experiment, variation) followed by its suffix, ready to join with `:`;
 * undefined (ERR-60 logged) when the ids alone do not fit. `withNames`: version 1 (names and ids), else
 * version 2 (ids only). `parts` is the caller's own: its names are cleaned and shortened in place.
 */
export const decisionLabels = (
  parts: Labelled[],
  holdback: boolean,
  withNames: boolean,
  options: StringOptions,
  log: { error(...parts: unknown[]): void },
): string[] | undefined => {
  const maxLength = options.maxLength ?? DECISION_MAX_LENGTH;
  const suffix = holdback ? 'holdback' : 'treatment';
  // The room left for names: the maximum less the suffix, one ':' after each label, and each id (in
  // version 1 with its parentheses).
  let room = parts.reduce((left, [, id]) => left - id.length - (withNames ? 3 : 1), maxLength - suffix.length);
  if (room < 0) return void log.error(msgIdsDoNotFit(maxLength));
  if (options.shouldCleanString) for (const part of parts) part[0] = part[0].replace(/[^A-Za-z0-9 _-]/g, '');
  // Shortest names first: what they leave unused goes to the longer ones (slice rounds each share down).
  if (withNames) {
    [...parts]
      .sort((a, b) => a[0].length - b[0].length)
      .forEach((part, k, sorted) => (room -= (part[0] = part[0].slice(0, room / (sorted.length - k))).length));
  }
  return [...parts.map(([name, id]) => (withNames ? `${name}(${id})` : id)), suffix];
};
