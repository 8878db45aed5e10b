/**
 * Activation code of a fitted snippet whose pages have none (plugins/presets/fit.ts puts this module in
 * place of ./activation-code.ts at build time): ./activation-code.ts runs nothing for a page without
 * `activationCode`, and a fitted snippet refuses data from `load`, so no page with code can arrive later.
 */
import type { PluginContext } from '../../../core';
import type { PageDefinition } from '../../../core/project/types';

/** No page has activation code: nothing runs. */
export const runActivationCode = (_ctx: PluginContext, _page: PageDefinition, _activate: (isActive?: boolean) => void): unknown => undefined;
