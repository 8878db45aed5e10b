import { CLIENT_NAME, CLIENT_VERSION } from '../constants';
import type { AnyChange, ProjectData, ProjectInput } from './types';

/** Default client name and version (runtime-spec §1, KRN-8): the kernel's constants. */
export { CLIENT_NAME as DEFAULT_CLIENT_NAME, CLIENT_VERSION as DEFAULT_CLIENT_VERSION } from '../constants';

/** Every list ProjectData must hold; normalizeProjectData fills missing ones with []. */
export const LIST_FIELDS = [
  'layers',
  'audiences',
  'pages',
  'events',
  'dimensions',
  'visitorAttributes',
  'listTargetingKeys',
  'dcpKeyfieldLocators',
  'recommenderServices',
  'plugins',
] as const;

/**
 * Returns a copy of the input with every missing (undefined or null) collection set to [],
 * clientName `js`, clientVersion `0.224.0` and the global holdback 0. Nothing else is
 * defaulted: the spec gives no other defaults. Present values are kept as they are, even
 * when malformed, so that `validateProject` can report them; the input is not mutated
 * and a non-object input yields the defaults alone (validation then reports the missing ids).
 */
export function normalizeProjectData(input: ProjectInput<AnyChange>): ProjectData {
  const source = (input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  for (const field of LIST_FIELDS) out[field] ??= [];
  out.clientName ??= CLIENT_NAME;
  out.clientVersion ??= CLIENT_VERSION;
  // The spec gives no global holdback default; 0 (nobody held back) is the only neutral choice.
  out.holdback ??= 0;
  return out as unknown as ProjectData;
}
