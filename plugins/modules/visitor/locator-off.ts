/**
 * The customer-provided id's stand-in in a fitted snippet whose data has no `visitorIdLocator`
 * (plugins/presets/fit.ts): there is nothing to look up, so the visitor keeps its own id, as ./locator.ts
 * answers without a locator. Same exports as ./locator.ts.
 */
import type { PluginContext } from '../../../core';
import type { VisitorIdLocator } from '../../../core/project/types';

export const msgCustomIdNotFound = (locator: VisitorIdLocator) => `Visitor id not found in ${locator.type} "${locator.name}"`;
export const MSG_CUSTOM_ID_TYPE = 'Visitor id must be a string or a number';
export const locateVisitorId = (_ctx: PluginContext): string | undefined => undefined;
