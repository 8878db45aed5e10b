/**
 * The bandit of a fitted snippet whose project has no contextual-bandit experiment (plugins/presets/fit.ts
 * puts this module in place of ./cmab.ts at build time): the decision code asks it nothing for such a
 * project, since `choose` runs only for a bandit experiment and `settle` only for a layer holding one,
 * and a fitted snippet refuses data from `load`, so no bandit can arrive later.
 */
import type { CmabChooser, CmabOptions } from './cmab';

export type { CmabChooser, CmabOptions };

/** The decisions plugin, unchanged: no bandit to fetch. */
export const withCmabPart = <P extends object>(plugin: P, _context?: unknown): P => plugin;

/** No bandit: the fallback decision, nothing to settle. */
export const createCmab = (): CmabChooser => ({ choose: (_layer, _experiment, _id, fallback) => fallback, settle: () => {} });
