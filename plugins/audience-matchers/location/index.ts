/**
 * `location` conditions (AUD-16..18): `value` is `country|region|city|continent|dma`, pipe-separated;
 * empty parts match anything (`AU`, `US|CA`, `||||807`). Parts compare case-insensitively with the
 * `location` profile field, which the location provider fills from the geolocation call (pending until it
 * answers). For GB the regions EN, NI, SC and WA mean ENG, NIR, SCT and WLS, on either side. A part the
 * geolocation did not give makes the result unknown. `match: 'exists'` asks whether a location is known.
 */
import { definePlugin } from '../../../core';
import type { ProfileLocation } from '../../../core/kinds/audiences';
import { read, shown } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

const PARTS = ['country', 'region', 'city', 'continent', 'dma'] as const;
const GB_REGIONS: Record<string, string> = { en: 'eng', ni: 'nir', sc: 'sct', wa: 'wls' };

const parsed = new Map<string, string[] | null>();
/** The lower-cased parts of a location value, GB regions mapped; null when malformed. */
export const parseLocation = (value: unknown): string[] | null => {
  if (typeof value !== 'string') return null;
  let parts = parsed.get(value);
  if (parts === undefined) {
    parts = value.toLowerCase().split('|').map((part) => part.trim());
    if (parts.length > PARTS.length || parts.every((part) => !part)) parts = null;
    else if (parts[0] === 'gb' && parts[1]) parts[1] = GB_REGIONS[parts[1]] ?? parts[1];
    parsed.set(value, parts);
  }
  return parts;
};

export default definePlugin({
  type: 'audienceMatcher',
  name: 'location',
  fields: ['location'],
  match: (condition, profile) => {
    const location = profile.location as ProfileLocation | undefined;
    if (condition.match === 'exists') return location != null && typeof location === 'object';
    const wanted = parseLocation(condition.value);
    if (!wanted || location == null || typeof location !== 'object') return null;
    for (let i = 0; i < wanted.length; i++) {
      if (!wanted[i]) continue;
      const raw = read(location, PARTS[i]);
      if (raw == null || raw === '') return null;
      let actual = String(raw).toLowerCase();
      if (i === 1 && String(read(location, 'country')).toLowerCase() === 'gb') actual = GB_REGIONS[actual] ?? actual;
      if (actual !== wanted[i]) return false;
    }
    return true;
  },
  check: validationOnly((condition) => {
    if (condition.match === 'exists') return undefined;
    if (condition.match != null && condition.match !== 'exact') return `A location condition matches exact or exists, got ${shown(condition.match)}`;
    return parseLocation(condition.value) ? undefined : `A location value must be "country|region|city|continent|dma" (pipe-separated, at most 5 parts, one non-empty), got ${shown(condition.value)}`;
  }),
});
