/**
 * ./specialised.ts in a generic snippet (compiler/specialise.ts SPECIALISED_OFF_STUBS): no code was
 * generated, so every audience is interpreted. Same exports.
 */
import type { PluginContext } from '../../../core';
import type { AudienceLeafBinder, Verdict } from '../../../core/kinds/specialised';
import type { Audience } from '../../../core/project/types';

/** None: the module interprets the conditions. */
export const specialisedAudience = (_ctx: PluginContext, _audience: Audience, _leaf: AudienceLeafBinder): (() => Verdict) | undefined => undefined;
