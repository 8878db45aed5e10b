/**
 * The product's query parameters (runtime-spec §2, URL-12..27) and the reading of a page's query
 * string. Every control parameter starts with the product prefix, so URL normalisation can strip them
 * all (URL-7). The `controls` module interprets them; other plugins read the few they need through it,
 * or through {@link readQuery} when they run before it.
 */
import { PREFIX, readQuery } from '../../core';

/** Parameter names, by meaning. */
export const PARAMS = {
  /** `LEVEL` or `LEVEL:filter` (URL-13). */
  log: `${PREFIX}log`,
  /** `true` opts the visitor out, `false` back in (URL-14). */
  optOut: `${PREFIX}opt_out`,
  /** Disables activation (URL-15). */
  showPreview: `${PREFIX}show_preview`,
  /** Disables the runtime (URL-15). */
  disable: `${PREFIX}disable`,
  /** Editor mode: disables activation, loads the editor agent (URL-15). */
  editor: `${PREFIX}editor`,
  /** Personalisation editor flag (URL-16). */
  p13nEditor: `${PREFIX}p13n`,
  /** Embedded editor flag, remembered in session storage (URL-17). */
  embeddedEditor: `${PREFIX}embedded_editor`,
  /** Desktop app editor mode (URL-28). */
  desktopEditor: `${PREFIX}desktop_editor`,
  /** Slave mode: the runtime runs under another window's control (URL-28). */
  slave: `${PREFIX}slave`,
  /** Project token (URL-18). */
  token: `${PREFIX}token`,
  /** Comma-separated forced audience ids (URL-19). */
  forceAudiences: `${PREFIX}force_audiences`,
  /** Comma-separated forced variation ids (URL-20). */
  forceVariations: `${PREFIX}force_variations`,
  /** Force tracking even when previewing or forcing (URL-21). */
  forceTracking: `${PREFIX}force_tracking`,
  /** Legacy preview flag (URL-22). */
  legacyPreview: `${PREFIX}preview`,
  /** Directive: comma-separated `disable`, `disable_tracking`, `opt_out`, `force_variations:<ids>`, `force_audiences:<ids>`, `observe_changes` (URL-23..27). */
  directive: `${PREFIX}x`,
} as const;

/** The page's query parameters, read once per query string (core/query.ts: one reading for the snippet). */
export { readQuery };

/** A query parameter of the page the runtime runs in, or undefined. */
export const queryParam = (win: Window | undefined, name: string): string | undefined => {
  try {
    return win ? readQuery(win.location.search)[name] : undefined;
  } catch {
    return undefined;
  }
};
