/**
 * Opt-out (VIS-35..39, URL-14): the `varia_opt_out` parameter (true opts out, false opts back in, each
 * confirmed with the catalogue's alert), the opt-out cookie (ten years) and the high-priority `optOut`
 * push call. The directive's forced opt-out (URL-25), which the `controls` module reads, is stored the
 * same way, without an alert. An opted-out visitor gets a disabled runtime: nothing activates, nothing
 * is tracked.
 */
import { MODULES, PRODUCT_NAME, type ControlsModule, type PluginContext } from '../../../core';
import { COOKIE_MAX_AGE, COOKIE_NAMES } from '../../../core/kinds/visitor';
import { PARAMS, queryParam } from '../../_shared/params';

/** ERR-49. */
export const MSG_OPTED_OUT = `You have successfully opted out of ${PRODUCT_NAME} for this domain.`;
/** ERR-50. */
export const MSG_NOT_OPTED_OUT = `You are NOT opted out of ${PRODUCT_NAME} for this domain.`;

/**
 * Sets up opt-out for a kernel. Reads the parameter (which wins) or the cookie at once, so an
 * opted-out visitor's runtime is disabled before the queued calls and the project run. When the
 * cookie plugin is registered after this one, the cookie is read at `init` instead. Returns the
 * current opt-out flag.
 */
export const setUpOptOut = (ctx: PluginContext): (() => boolean) => {
  let optedOut = false;
  const cookies = () => ctx.plugin('storage', 'cookie');
  const set = (on: boolean) => {
    optedOut = on;
    if (on) {
      cookies()?.write(COOKIE_NAMES.optOut, 'true', { maxAge: COOKIE_MAX_AGE.optOut });
      ctx.disable();
    } else cookies()?.remove(COOKIE_NAMES.optOut);
  };
  const check = () => {
    const param = queryParam(ctx.win, PARAMS.optOut);
    if (param === 'true' || param === 'false') {
      set(param === 'true');
      try {
        ctx.win?.alert(optedOut ? MSG_OPTED_OUT : MSG_NOT_OPTED_OUT);
      } catch {
        // A sandboxed frame may forbid dialogs; the choice is stored either way.
      }
    } else if (ctx.get<ControlsModule>(MODULES.controls)?.optOut() === true || cookies()?.read(COOKIE_NAMES.optOut) === 'true') set(true);
  };
  if (cookies()) check();
  else ctx.hook('init', check);
  // `['optOut']` or `['optOut', true]` opts out; `['optOut', false]` opts back in (from the next page on).
  ctx.defineCall('optOut', ({ isOptOut }) => set(isOptOut !== false), ['isOptOut']);
  return () => optedOut;
};
