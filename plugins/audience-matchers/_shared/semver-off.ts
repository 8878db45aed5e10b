/**
 * The version comparison's stand-in in a fitted snippet whose data has no `semver_*` match
 * (plugins/presets/fit.ts): no condition of that data compares versions, so nothing calls these; were
 * one to, every version is unknown (null), as ./semver.ts answers for a malformed one. Same exports.
 */
export const isVersion = (_version: unknown): _version is string => false;
export const compareVersions = (_target: unknown, _actual: unknown): number | null => null;
