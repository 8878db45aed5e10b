/**
 * ./audience-leaf.ts's stand-in in a fitted snippet whose pages' conditions are all URL conditions
 * (plugins/presets/fit.ts): no other condition reaches it, so it answers unknown, as the audiences
 * module does for a condition it cannot tell. Same exports.
 */
import type { PluginContext } from '../../../core';
import type { Tri } from './conditions';

/** Unknown: the data's pages name no condition but URL ones. */
export const audienceLeaf = (_ctx: PluginContext, _condition: unknown): Tri => null;
