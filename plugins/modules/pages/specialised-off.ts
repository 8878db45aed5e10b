/**
 * ./specialised.ts in a generic snippet (compiler/specialise.ts SPECIALISED_OFF_STUBS): no code was
 * generated, so every page's conditions are interpreted. Same exports.
 */
import type { PluginContext } from '../../../core';
import type { Verdict } from '../../../core/kinds/specialised';
import type { PageDefinition } from '../../../core/project/types';

/** As in ./specialised.ts. */
export type SpecialisedPage = (page: PageDefinition, leaf: (condition: unknown) => Verdict) => boolean | undefined;

/** None: the module interprets the conditions. */
export const specialisedPages = (_ctx: PluginContext, _hostPrefixes: readonly string[] | undefined, _currentUrl: () => string): SpecialisedPage | undefined => undefined;
