/**
 * The location provider (AUD-16..18, NET-8): `location` = { ip, country, region, city, continent, dma }
 * from the geolocation script. With `scriptUrl` the script is loaded asynchronously on the first profile
 * load and the field is pending until the script answers with the `geolocation` push call:
 * `varia.push(['geolocation', { ip, location: { country, region, city, continent, dma } }])` (the
 * location may also be the pipe-separated `country|region|city|continent|dma` text, or the fields given
 * flat). Once known, later loads get it at once. Without `scriptUrl` and without `await`, the location is
 * unknown until a page pushes it.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { ProfileLocation } from '../../../core/kinds/audiences';
import { safely } from '../_shared/page';

/** Options of the location provider. */
export interface LocationOptions {
  /** URL of the geolocation script (must not contain a double quote). */
  scriptUrl?: string;
  /** Keep the field pending until a `geolocation` call even without a script (the page loads its own). */
  await?: boolean;
}

const PARTS = ['country', 'region', 'city', 'continent', 'dma'] as const;

/** A location from what the geolocation call gives; undefined when it carries none. */
export const parseGeolocation = (input: unknown): ProfileLocation | undefined => {
  if (input === null || typeof input !== 'object') return undefined;
  const data = input as Record<string, unknown>;
  const source = data.location ?? data;
  const location: ProfileLocation = {};
  if (typeof data.ip === 'string') location.ip = data.ip;
  if (typeof source === 'string') {
    source.split('|').forEach((part, i) => {
      if (i < PARTS.length && part.trim()) (location as Record<string, string>)[PARTS[i]] = part.trim();
    });
  } else if (source !== null && typeof source === 'object') {
    for (const key of PARTS) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') (location as Record<string, unknown>)[key] = value;
    }
  }
  return PARTS.some((key) => location[key] !== undefined) ? location : undefined;
};

export default function location(options: LocationOptions = {}): PluginOf<'profileProvider'> {
  let ctx: PluginContext | undefined;
  let known: ProfileLocation | undefined;
  let waiting: Promise<ProfileLocation | undefined> | undefined;
  let answer: ((location: ProfileLocation | undefined) => void) | undefined;

  const loadScript = () => {
    const url = options.scriptUrl;
    const doc = ctx?.win?.document;
    if (!url || !doc) return;
    if (url.includes('"')) {
      ctx!.log.error(`Refused geolocation script URL with a double quote: ${url}`);
      return answer?.(undefined);
    }
    safely(() => {
      const script = doc.createElement('script');
      script.async = true;
      script.src = url;
      // A failed script answers "unknown" at once rather than making every decision wait for the timeout.
      script.onerror = () => answer?.(undefined);
      (doc.head ?? doc.documentElement).appendChild(script);
    }, undefined);
  };

  return definePlugin({
    type: 'profileProvider',
    name: 'location',
    fields: ['location'],
    setup: (context) => {
      ctx = context;
      context.defineCall(
        'geolocation',
        (args) => {
          const found = parseGeolocation(args.data ?? args);
          if (!found) throw new Error('geolocation needs a location');
          known = found;
          answer?.(found);
        },
        ['data'],
      );
    },
    provide: () => {
      if (known) return { location: known };
      if (!options.scriptUrl && !options.await) return {};
      if (!waiting) {
        waiting = new Promise((resolve) => (answer = resolve));
        loadScript();
      }
      return { location: waiting };
    },
  });
}
