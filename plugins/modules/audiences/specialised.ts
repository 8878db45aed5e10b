/**
 * The audiences module's question to the code a compiled snippet generated for its project (the
 * `specialised` module, plugins/modules/specialised/): the predicate of one of its own audiences, over leaves
 * the module binds itself. A generic snippet builds ./specialised-off.ts in its place (compiler/specialise.ts).
 */
import { MODULES, type PluginContext } from '../../../core';
import type { AudienceLeafBinder, SpecialisedModule, Verdict } from '../../../core/kinds/specialised';
import type { Audience } from '../../../core/project/types';

/** The generated predicate of `audience`, or undefined when there is none (the module interprets the conditions). */
export const specialisedAudience = (ctx: PluginContext, audience: Audience, leaf: AudienceLeafBinder): (() => Verdict) | undefined =>
  ctx.get<SpecialisedModule>(MODULES.specialised)?.audience(audience, leaf);
