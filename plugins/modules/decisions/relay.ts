/**
 * The redirect relay cookie (DEC-42..48). Before a redirect, the decision of the redirecting layer is
 * written to the cookie `varia_redirect` (5 s max age) as `key=value` pairs joined by `&`, each value
 * URI-encoded JSON under a short key. After the redirect, activation step 4 reads it once, removes it,
 * skips (and logs) segments it cannot read, rejects it when a non-nullable field is missing, and emits
 * the decision for the tracker. The first layer that announces a redirect on a page is kept (DEC-47).
 */
import { EVENT_TYPES, type AnalyticsDecisionPayload, type PluginContext } from '../../../core';
import { COOKIE_NAMES } from '../../../core/kinds/visitor';
import { msgBadSegment, msgRelayRejected } from './messages';

/** DEC-43: the relay cookie lives 5 seconds. */
export const RELAY_MAX_AGE = 5;

type Field = keyof AnalyticsDecisionPayload;
/** Short keys of the relayed fields (DEC-42). */
export const RELAY_KEYS: Readonly<Record<Field, string>> = {
  sessionId: 's',
  decisionTicketAudienceIds: 'a',
  visitorId: 'u',
  decisionId: 'd',
  activationId: 'ai',
  namespace: 'n',
  timestamp: 't',
  pageId: 'p',
  variationId: 'v',
  variationName: 'vn',
  experimentId: 'x',
  experimentName: 'xn',
  layerId: 'c',
  layerName: 'cn',
  layerPolicy: 'cp',
  accountId: 'ac',
  projectId: 'pr',
  revision: 'r',
  clientName: 'cl',
  clientVersion: 'cv',
  referrer: 'rf',
  integrationStringVersion: 'iv',
  integrationSettings: 'is',
  isLayerHoldback: 'h',
};
// No prototype: a segment key such as `constructor` finds nothing.
const FIELD_OF: Record<string, Field> = Object.create(null);
for (const field of Object.keys(RELAY_KEYS) as Field[]) FIELD_OF[RELAY_KEYS[field]] = field;

/** DEC-44: fields a relayed decision cannot do without (the rest may be null). */
export const REQUIRED_FIELDS: readonly Field[] = ['visitorId', 'layerId', 'layerPolicy', 'accountId', 'projectId', 'revision', 'clientName', 'clientVersion', 'timestamp'];

/** Encodes a payload as the cookie's text. */
export const encodeRelay = (payload: AnalyticsDecisionPayload): string =>
  (Object.keys(RELAY_KEYS) as Field[]).map((field) => `${RELAY_KEYS[field]}=${encodeURIComponent(JSON.stringify(payload[field] ?? null))}`).join('&');

/** Decodes the cookie's text; bad segments are logged and skipped; undefined (logged) when a required field is missing. */
export const decodeRelay = (text: string, log: PluginContext['log']): AnalyticsDecisionPayload | undefined => {
  const out: Record<string, unknown> = {};
  for (const segment of text.split('&')) {
    const at = segment.indexOf('=');
    const field = at > 0 ? FIELD_OF[segment.slice(0, at)] : undefined;
    try {
      if (!field) throw 0;
      out[field] = JSON.parse(decodeURIComponent(segment.slice(at + 1)));
    } catch {
      log.error(msgBadSegment(segment));
    }
  }
  for (const field of REQUIRED_FIELDS) {
    if (out[field] == null || out[field] === '') {
      log.error(msgRelayRejected(field));
      return;
    }
  }
  if (!Array.isArray(out.decisionTicketAudienceIds)) out.decisionTicketAudienceIds = [];
  out.isLayerHoldback = out.isLayerHoldback === true;
  for (const field of Object.keys(RELAY_KEYS)) if (out[field] === undefined) out[field] = null;
  return out as unknown as AnalyticsDecisionPayload;
};

/** The relay of one kernel: write before a redirect, read once after it. */
export const createRelay = (ctx: PluginContext) => {
  let relayed = false;
  let tracked = false;
  let info: AnalyticsDecisionPayload | null = null;
  const cookie = () => ctx.plugin('storage', 'cookie');
  return {
    /** Writes the relay for a decided layer's payload; false when already relayed or not written. */
    write: (payload: AnalyticsDecisionPayload | null): boolean => {
      const store = cookie();
      if (relayed || !payload || !store) return false;
      relayed = store.write(COOKIE_NAMES.redirect, encodeRelay(payload), { maxAge: RELAY_MAX_AGE });
      return relayed;
    },
    /** Activation step 4 (DEC-46, DEC-48): reads, removes and emits the relayed decision, once per page. */
    track: (): void => {
      if (tracked) return;
      tracked = true;
      const store = cookie();
      const text = store?.read(COOKIE_NAMES.redirect);
      if (typeof text !== 'string' || !text) return;
      store!.remove(COOKIE_NAMES.redirect);
      const payload = decodeRelay(text, ctx.log);
      if (!payload) return;
      info = payload;
      ctx.emit({ type: EVENT_TYPES.tracking, name: 'redirectDecision', data: payload });
    },
    info: () => info,
  };
};
