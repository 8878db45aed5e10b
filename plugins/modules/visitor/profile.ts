/**
 * The visitor's stored profile (VIS-1..8): attributes with metadata, random id, variation map,
 * preferred layer map, bandit map and segments, kept under one local-storage key. Stored data is
 * read defensively: a field of the wrong shape (tampered or from an older runtime) is dropped on its
 * own, so one bad field never costs the visitor the rest.
 */
import type { AttributeEntry, CmabEntry, VariationIdMap } from '../../../core';

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
export const ID_PATTERN = /^[\w.-]{1,64}$/;

/** A new random id: the time, then random base-36 digits (`1767225600000r4fzyo82mvyr`). */
export const newRandomId = (now: number): string => {
  let random = '';
  while (random.length < 12) random += Math.random().toString(36).slice(2);
  return `${now}r${random.slice(0, 12)}`;
};

const isRecord = (value: unknown): value is Record<string, any> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Keeps the entries of a record whose value passes `ok`. */
const filterRecord = <T>(value: unknown, ok: (entry: any) => boolean): Record<string, T> => {
  const result: Record<string, T> = {};
  if (isRecord(value)) for (const key of Object.keys(value)) if (ok(value[key])) result[key] = value[key];
  return result;
};

/** A variation map whose every leaf is a string; other leaves are dropped. */
export const validVariationMap = (value: unknown): VariationIdMap => {
  const result: VariationIdMap = {};
  if (isRecord(value)) {
    for (const layerId of Object.keys(value)) {
      const experiments = filterRecord<string>(value[layerId], (v) => typeof v === 'string');
      if (Object.keys(experiments).length) result[layerId] = experiments;
    }
  }
  return result;
};

/** The profile from what storage gave back (anything), with every bad field dropped. */
export const validProfile = (stored: unknown): StoredProfile => {
  const value = isRecord(stored) ? stored : {};
  return {
    randomId: typeof value.randomId === 'string' && ID_PATTERN.test(value.randomId) ? value.randomId : undefined,
    attributes: filterRecord(value.attributes, (entry) => isRecord(entry) && 'value' in entry && typeof entry.lastModified === 'number'),
    variationMap: validVariationMap(value.variationMap),
    preferredLayerMap: filterRecord(value.preferredLayerMap, (v) => typeof v === 'string'),
    cmabMap: filterRecord(value.cmabMap, (entry) => isRecord(entry) && typeof entry.variationId === 'string'),
    segments: Array.isArray(value.segments) ? value.segments.filter((s: unknown) => typeof s === 'string') : [],
  };
};

/** Merges `from` into `into` (layer by layer; `from` wins per experiment). Returns whether anything changed. */
export const mergeVariationMaps = (into: VariationIdMap, from: VariationIdMap): boolean => {
  let changed = false;
  for (const layerId of Object.keys(from)) {
    const layer = (into[layerId] ??= {});
    for (const experimentId of Object.keys(from[layerId])) {
      if (layer[experimentId] !== from[layerId][experimentId]) {
        layer[experimentId] = from[layerId][experimentId];
        changed = true;
      }
    }
  }
  return changed;
};

/** Sets or (with null) removes a key of a record. */
export const setOrDelete = <T>(record: Record<string, T>, key: string, value: T | null) => {
  if (value === null || value === undefined) delete record[key];
  else record[key] = value;
};

/** Parses a sticky edge cookie's JSON; undefined when absent or not a JSON object (then `onTampered`). */
export const parseEdgeCookie = (text: string | undefined, onTampered: () => void): Record<string, any> | undefined => {
  if (text === undefined) return;
  try {
    const value = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch {
    // handled below
  }
  onTampered();
};
