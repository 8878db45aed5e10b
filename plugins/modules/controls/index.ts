/**
 * The `controls` module: what the host page URL says about this page load (runtime-spec §2 "Control
 * through query parameters", §6 Modes; URL-12..30, TRK-4). It reads the product's query parameters
 * and the directive once, sets the runtime's switches (disable, disable tracking, no activation in
 * editor mode) and answers the questions other plugins ask: which mode, what is forced, whether
 * tracking and activation are allowed. The log parameter itself is applied by core/boot.ts.
 */
import { definePlugin, type ControlsModule, type Modes, type PluginContext, type PluginOf } from '../../../core';
import { whenDomReady } from '../../_shared/dom-ready';
import { PARAMS, readQuery } from '../../_shared/params';
import { parseDirective, type Directive } from './directive';

/** The session-storage key that remembers the embedded editor flag (URL-17). */
export const EMBEDDED_EDITOR_KEY = PARAMS.embeddedEditor;

/** A flag parameter is on when present, unless it says `false` or `0` (`?varia_editor` alone is on). */
const isOn = (value: string | undefined) => value !== undefined && value !== 'false' && value !== '0';
const idList = (value: string | undefined) => (value ?? '').split(',').map((id) => id.trim()).filter(Boolean);

/**
 * The embedded editor flag: set or cleared by the parameter, otherwise remembered from earlier pages of
 * the session. The embedded editor shows the site in a frame, so a page that is not framed does not
 * look the flag up: the first sessionStorage access of a page costs milliseconds in Chromium, and every
 * ordinary visitor would pay them before anything is decided.
 */
const embeddedEditor = (win: Window | undefined, param: string | undefined): boolean => {
  try {
    if (param === undefined && win && win.top === win) return false;
    const store = win?.sessionStorage;
    if (store) {
      if (param === undefined) return store.getItem(EMBEDDED_EDITOR_KEY) === 'true';
      if (isOn(param)) store.setItem(EMBEDDED_EDITOR_KEY, 'true');
      else store.removeItem(EMBEDDED_EDITOR_KEY);
    }
  } catch {
    // Storage blocked (sandboxed frame, privacy mode): the parameter still counts for this page.
  }
  return isOn(param);
};

interface Reading {
  query: Record<string, string>;
  modes: Modes;
  directive: Directive;
}

/** Creates the controls plugin (an apiModule named `controls`). */
export default function controls(): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  let reading: Reading | undefined;

  // Read once, on first need: the URL of this page load does not change what this load was asked to do.
  const read = (): Reading => {
    if (reading) return reading;
    let query: Record<string, string> = {};
    try {
      if (ctx?.win) query = readQuery(ctx.win.location.search);
    } catch {
      // A window without a readable location: no controls.
    }
    const on = (name: string) => isOn(query[name]);
    const p13nEditor = on(PARAMS.p13nEditor);
    const embedded = embeddedEditor(ctx?.win, query[PARAMS.embeddedEditor]);
    const desktopEditor = on(PARAMS.desktopEditor);
    const modes: Modes = {
      // The p13n, embedded and desktop editors are editors too: the page must stay as authored.
      editor: on(PARAMS.editor) || p13nEditor || embedded || desktopEditor,
      preview: on(PARAMS.showPreview) || PARAMS.token in query,
      legacyPreview: on(PARAMS.legacyPreview),
      embeddedEditor: embedded,
      desktopEditor,
      slave: on(PARAMS.slave),
      p13nEditor,
    };
    return (reading = { query, modes, directive: parseDirective(query[PARAMS.directive]) });
  };

  const param = (name: string) => read().query[name];
  // The ids of the parameter and of the directive, once each; none when forcing is switched off.
  const forced = (key: 'forceVariations' | 'forceAudiences') =>
    ctx?.data.enableForceParameters !== false ? [...new Set([...idList(param(PARAMS[key])), ...read().directive[key]])] : [];
  const module: ControlsModule = {
    modes: () => read().modes,
    forcedVariationIds: () => forced('forceVariations'),
    forcedAudienceIds: () => forced('forceAudiences'),
    forceTracking: () => isOn(param(PARAMS.forceTracking)),
    observeIndefinitely: () => read().directive.observeChanges,
    projectToken: () => param(PARAMS.token) || undefined,
    optOut: () => {
      const value = param(PARAMS.optOut);
      return read().directive.optOut || value === 'true' || (value === 'false' ? false : undefined);
    },
    // TRK-4, plus opt-out: an opted-out visitor is never tracked (VIS-35).
    trackingAllowed: () => {
      if (!ctx || ctx.disabled('tracking') || module.optOut() === true) return false;
      const { modes } = read();
      return (
        module.forceTracking() ||
        (!modes.preview && !modes.legacyPreview && !module.forcedVariationIds().length && !module.forcedAudienceIds().length)
      );
    },
    // URL-29: editor mode disables activation when the plugin is set up (below), so this one check covers both.
    activationAllowed: () => !!ctx && !ctx.disabled('activation'),
    // URL-30: an editor waits for the whole page (images, styles) before it reads the layout.
    domReady: () => whenDomReady(ctx?.win, read().modes.editor),
  };

  return definePlugin({
    type: 'apiModule',
    name: 'controls',
    setup(context) {
      ctx = context;
      const { query, modes, directive } = read();
      if (directive.unknown.length) context.log.warn(`Ignored unknown directive ${directive.unknown.join(',')}`);
      // URL-15, URL-23: the runtime stays off; URL-24: it runs without tracking.
      if (isOn(query[PARAMS.disable]) || directive.disable) context.disable();
      if (directive.disableTracking) context.disable('tracking');
      // URL-15, URL-29: editors and the preview panel show the page as authored, so nothing activates.
      if (modes.editor || isOn(query[PARAMS.showPreview])) context.disable('activation');
      // Ruling 11: staff modes log at INFO unless the log parameter chose a level.
      if ((modes.editor || modes.preview || modes.legacyPreview) && query[PARAMS.log] === undefined) context.log.setLevel('INFO');
    },
    create: () => module,
  });
}
