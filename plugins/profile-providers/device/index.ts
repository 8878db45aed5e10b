/**
 * The device provider: `userAgent` (truncated to 350 characters, TRK-2) and `device`, one of phone,
 * tablet, desktop_laptop or other (AUD-15, ruling 8: from the user agent, never the window width).
 * iPadOS reports a Macintosh user agent; a Macintosh with a touch screen is taken as a tablet.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import { safely } from '../_shared/page';

/** User-agent truncation (runtime-spec §9). */
export const MAX_USER_AGENT = 350;

const TABLET = /ipad|tablet|playbook|silk|kindle|nexus (7|9|10)|sm-t\d|android(?!.*mobile)/i;
const PHONE = /mobi|iphone|ipod|windows phone|blackberry|bb10|opera mini|iemobile|android.*mobile/i;
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux x86_64|cros|ubuntu/i;

/** The device type of a user agent; `touchPoints` tells an iPad from a Mac. */
export const deviceType = (userAgent: string, touchPoints = 0): 'phone' | 'tablet' | 'desktop_laptop' | 'other' => {
  const ua = userAgent.slice(0, MAX_USER_AGENT);
  if (TABLET.test(ua)) return 'tablet';
  if (PHONE.test(ua)) return 'phone';
  if (/macintosh/i.test(ua) && touchPoints > 1) return 'tablet';
  return DESKTOP.test(ua) ? 'desktop_laptop' : 'other';
};

export default function device(): PluginOf<'profileProvider'> {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'profileProvider',
    name: 'device',
    fields: ['userAgent', 'device'],
    setup: (context) => {
      ctx = context;
    },
    provide: () => {
      const nav = safely(() => ctx?.win?.navigator, undefined);
      const userAgent = safely(() => String(nav?.userAgent ?? ''), '').slice(0, MAX_USER_AGENT);
      return { userAgent, device: deviceType(userAgent, safely(() => nav?.maxTouchPoints ?? 0, 0)) };
    },
  });
}
