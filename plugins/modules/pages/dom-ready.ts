/**
 * When the page's DOM is ready for the view providers: from the controls module when present (it knows
 * the editor's timing, URL-30), otherwise on DOMContentLoaded. A fitted snippet always carries the
 * controls module, so plugins/presets/fit.ts puts ./dom-ready-controls.ts in place of this module there.
 */
import { MODULES, type ControlsModule, type PluginContext } from '../../../core';
import { whenDomReady } from '../../_shared/dom-ready';

/** The domReady of the pages module's view providers. */
export const domReadyOf = (ctx: PluginContext) => (): Promise<void> =>
  ctx.get<ControlsModule>(MODULES.controls)?.domReady() ?? whenDomReady(ctx.win);
