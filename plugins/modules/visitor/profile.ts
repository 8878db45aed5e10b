/**
 * The visitor's stored profile (VIS-1..8): attributes with metadata, random id, variation map,
 * preferred layer map, bandit map and segments, kept under one local-storage key. Stored data is
 * read defensively: a field of the wrong shape (tampered or from an older runtime) is dropped on its
 * own, so one bad field never costs the visitor the rest.
 */
import type { AttributeEntry, CmabEntry, VariationIdMap } from '../../../core';
import { isRecord } from '../../_shared/checks';

/** What is stored under `visitor_profile`. */
export interface StoredProfile {
  randomId?: string;
  attributes: Record<string, AttributeEntry>;
  variationMap: VariationIdMap;
  preferredLayerMap: Record<string, string>;
  cmabMap: Record<string, CmabEntry>;
  segments: string[];
}

/** Random ids the runtime makes and accepts back from storage: 1-64 of letters, digits, `_`, `.`, `-`. */
const ID_PATTERN = /^[\w.-]{1,64}$/;

const isString = (value: unknown): value is string => typeof value === 'string';

/** A stored random id when it is one the runtime could have made (anything else: undefined). */
export const validId = (value: unknown): string | undefined => (isString(value) && ID_PATTERN.test(value) ? value : undefined);

/** The strings of a stored list (segments); anything else is dropped. */
export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isString) : []);

/** A new random id: the time, then random base-36 digits (`1767225600000r4fzyo82mvyr`). */
export const newRandomId = (now: number): string => {
  let random = '';
  while (random.length < 12) random += Math.random().toString(36).slice(2);
  return `${now}r${random.slice(0, 12)}`;
};

/** `Object.prototype.hasOwnProperty`: whether a record has a key of its own, whatever it inherits. */
export const own = Object.prototype.hasOwnProperty;

/** Keeps the entries of a record whose value passes `ok`. */
const filterRecord = <T>(value: unknown, ok: (entry: any) => boolean): Record<string, T> => {
  const result: Record<string, T> = {};
  if (isRecord(value)) for (const key of Object.keys(value)) if (ok(value[key])) result[key] = value[key];
  return result;
};

/** A variation map whose every leaf is a string; other leaves, and layers left empty, are dropped. */
const validVariationMap = (value: unknown): VariationIdMap => {
  const result: VariationIdMap = {};
  if (isRecord(value)) {
    for (const layerId of Object.keys(value)) {
      const experiments = filterRecord<string>(value[layerId], isString);
      if (Object.keys(experiments).length) result[layerId] = experiments;
    }
  }
  return result;
};

/** The profile from what storage gave back (anything), with every bad field dropped. */
export const validProfile = (stored: unknown): StoredProfile => {
  const value = isRecord(stored) ? stored : {};
  return {
    randomId: validId(value.randomId),
    attributes: filterRecord(value.attributes, (entry) => isRecord(entry) && 'value' in entry && typeof entry.lastModified === 'number'),
    variationMap: validVariationMap(value.variationMap),
    preferredLayerMap: filterRecord(value.preferredLayerMap, isString),
    cmabMap: filterRecord(value.cmabMap, (entry) => isRecord(entry) && isString(entry.variationId)),
    segments: strings(value.segments),
  };
};

/**
 * Merges a stored or sticky map (anything: its bad leaves are dropped first) into `into`, layer by layer;
 * `from` wins per experiment. Returns whether anything changed.
 */
export const mergeVariationMaps = (into: VariationIdMap, from: unknown): boolean => {
  const valid = validVariationMap(from);
  let changed = false;
  for (const layerId of Object.keys(valid)) {
    // Own keys only: a layer id such as `constructor` must not reach what every object inherits.
    const layer = own.call(into, layerId) ? into[layerId] : (into[layerId] = {});
    const experiments = valid[layerId];
    for (const experimentId of Object.keys(experiments)) {
      if (layer[experimentId] !== experiments[experimentId]) {
        layer[experimentId] = experiments[experimentId];
        changed = true;
      }
    }
  }
  return changed;
};

/** Sets or (with null) removes a key of a record. */
export const setOrDelete = <T>(record: Record<string, T>, key: string, value: T | null) => {
  if (value == null) delete record[key];
  else record[key] = value;
};
