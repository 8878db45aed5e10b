/**
 * A page condition that is not a URL condition (an audience condition in a page's `staticConditions`),
 * answered by the audiences module. Apart from ./views.ts so a fitted snippet whose pages name only URL
 * conditions leaves it out (plugins/presets/fit.ts puts ./audience-leaf-off.ts in its place).
 */
import { MODULES, type PluginContext } from '../../../core';
import type { Tri } from './conditions';

/** The audiences module's verdict on `condition`; a pending (promised) answer, or none, counts as unknown. */
export const audienceLeaf = (ctx: PluginContext, condition: unknown): Tri => {
  const audiences = ctx.get<{ evaluate(conditions: unknown[]): unknown }>(MODULES.audiences);
  const value = audiences && ctx.attempt('PluginError', () => audiences.evaluate([condition]));
  return typeof value === 'boolean' ? value : null;
};
