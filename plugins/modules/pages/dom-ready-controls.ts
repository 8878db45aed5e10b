/**
 * ./dom-ready.ts's stand-in in fitted snippets (plugins/presets/fit.ts), which always carry the controls
 * module: its domReady only, without the fallback for a plugin list that has no controls. Same exports.
 */
import { MODULES, type ControlsModule, type PluginContext } from '../../../core';

/** The controls module's domReady (URL-30). */
export const domReadyOf = (ctx: PluginContext) => (): Promise<void> => ctx.get<ControlsModule>(MODULES.controls)!.domReady();
