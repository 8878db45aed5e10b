/**
 * The window's part registry, as both kinds of part use it: the parts a snippet loads on demand
 * (./parts.ts) and the page parts a page includes before the snippet (./page-part.ts). A module of
 * constants only, so a page part's script carries no more of the loader than these.
 */

/** The window property holding the part registry. */
export const PARTS_GLOBAL = 'variaParts';
/** The registry protocol: a part registers only into a registry of its own version. */
export const PARTS_VERSION = 1;

/**
 * The registry: each part's exports by name, its protocol version (`v`), and, once the snippet's loader
 * has read it, the snippet's address (`a`) and the loader's Trusted Types policy (`t`).
 */
export type PartRegistry = Record<string, unknown> & { v: number };
