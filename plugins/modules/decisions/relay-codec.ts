/**
 * The redirect relay cookie's text (DEC-42..44): the decision of the redirecting layer as `key=value`
 * pairs joined by `&`, each value URI-encoded JSON under a short key. Decoding skips (and logs) segments
 * it cannot read and rejects a text without a non-nullable field. ./relay.ts writes and reads the cookie.
 */
import type { AnalyticsDecisionPayload, PluginContext } from '../../../core';
import { toJson } from '../../_shared/json';
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

/**
 * Encodes a payload as the cookie's text. Values are written by the page-proof writer (plugins/_shared/json.ts):
 * the page's JSON.stringify may be replaced, `Array.prototype.toJSON` would turn the audience ids into a
 * string, and integrationSettings may hold a cycle. A value with no JSON form is written null.
 */
export const encodeRelay = (payload: AnalyticsDecisionPayload): string =>
  (Object.keys(RELAY_KEYS) as Field[]).map((field) => `${RELAY_KEYS[field]}=${encodeURIComponent(toJson(payload[field]) ?? 'null')}`).join('&');

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
  const missing = REQUIRED_FIELDS.find((field) => out[field] == null || out[field] === '');
  if (missing) return void log.error(msgRelayRejected(missing));
  if (!Array.isArray(out.decisionTicketAudienceIds)) out.decisionTicketAudienceIds = [];
  out.isLayerHoldback = out.isLayerHoldback === true;
  for (const field of Object.keys(RELAY_KEYS)) if (out[field] === undefined) out[field] = null;
  return out as unknown as AnalyticsDecisionPayload;
};

