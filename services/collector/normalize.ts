/**
 * Validation of what `POST /v1/events` receives, and the normalisation of ruling 12's short keys to
 * the long names: a batch, or a list of batches (previous batches first), in either key form.
 */
import { BATCH_SHORT_KEYS } from '../../core/kinds/tracking';
import type { BatchAttribute, BatchDecision, BatchEvent, TrackerBatch } from '../../core/kinds/tracking';

/** Batches accepted in one request. */
export const MAX_BATCHES = 100;
/**
 * Largest revenue, quantity or value accepted (either sign): far above any real amount in minor units,
 * and small enough that the results' sums of squares stay finite on both engines (PostgreSQL refuses
 * a double-precision overflow where SQLite would give Infinity).
 */
export const MAX_AMOUNT = 1e15;

type Table = Readonly<Record<string, string>>;
type Loose = Record<string, unknown>;

/** A validation failure: the reason goes back to the sender with a 400. */
export class BatchError extends Error {}

const fail = (where: string, what: string): never => {
  throw new BatchError(`${where} ${what}`);
};
const isObject = (value: unknown): value is Loose => !!value && typeof value == 'object' && !Array.isArray(value);
const listAt = (record: Loose, key: string, where: string, required = true): unknown[] => {
  const value = record[key];
  if (value === undefined && !required) return [];
  return Array.isArray(value) ? value : fail(`${where}.${key}`, 'must be an array');
};
const objectAt = (value: unknown, where: string): Loose => (isObject(value) ? value : fail(where, 'must be an object'));
const text = (value: unknown, where: string, optional = false): string | undefined => {
  if (optional && (value === undefined || value === null)) return undefined;
  if (typeof value == 'number' && isFinite(value)) return String(value);
  if (typeof value != 'string' || value.length == 0 || value.length > 500) return fail(where, 'must be a non-empty string');
  // PostgreSQL text cannot hold U+0000: refused on both engines, so a batch is stored alike on either.
  return value.includes('\u0000') ? fail(where, 'must not contain the NUL character (U+0000)') : value;
};
const number = (value: unknown, where: string): number | undefined =>
  value === undefined || value === null ? undefined : typeof value == 'number' && isFinite(value) ? value : fail(where, 'must be a number');
const amount = (value: unknown, where: string): number | undefined => {
  const result = number(value, where);
  return result === undefined || Math.abs(result) <= MAX_AMOUNT ? result : fail(where, `must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`);
};
const optionalObject = (value: unknown, where: string): Loose | undefined =>
  value === undefined || value === null ? undefined : objectAt(value, where);

/**
 * A record with short keys replaced by long names; a long name given too wins. The result has no
 * prototype: a `__proto__` key in the body is an ordinary (ignored) field, never the record's prototype,
 * so it cannot lend the record fields it does not have.
 */
const expand = (record: Loose, table: Table): Loose => {
  const result: Loose = Object.create(null);
  // Stryker disable next-line ConditionalExpression: copying the short keys too changes nothing (only the long names are read, and no short key is a long name)
  for (const [key, value] of Object.entries(record)) if (!(key in table)) result[key] = value;
  // Stryker disable next-line LogicalOperator: an absent short key would only set its long name to undefined, which reads as absent
  for (const [short, long] of Object.entries(table)) if (short in record && !(long in result)) result[long] = record[short];
  return result;
};

const attributeOf = (raw: unknown, where: string): BatchAttribute => {
  const record = expand(objectAt(raw, where), BATCH_SHORT_KEYS.attribute);
  return {
    entity_id: text(record.entity_id, `${where}.entity_id`, true) ?? null,
    key: text(record.key, `${where}.key`)!,
    type: text(record.type, `${where}.type`, true) ?? 'custom',
    value: record.value,
  };
};

const decisionOf = (raw: unknown, where: string): BatchDecision => {
  const record = expand(objectAt(raw, where), BATCH_SHORT_KEYS.decision);
  return {
    campaign_id: text(record.campaign_id, `${where}.campaign_id`)!,
    experiment_id: text(record.experiment_id, `${where}.experiment_id`, true) ?? null,
    variation_id: text(record.variation_id, `${where}.variation_id`, true) ?? null,
    is_campaign_holdback: !!record.is_campaign_holdback,
    metadata: optionalObject(record.metadata, `${where}.metadata`),
  };
};

const eventOf = (raw: unknown, where: string): BatchEvent => {
  const record = expand(objectAt(raw, where), BATCH_SHORT_KEYS.event);
  const timestamp = number(record.timestamp, `${where}.timestamp`);
  return {
    entity_id: text(record.entity_id, `${where}.entity_id`, true) ?? null,
    key: text(record.key, `${where}.key`, true),
    timestamp: timestamp ?? fail(`${where}.timestamp`, 'must be a number'),
    uuid: text(record.uuid, `${where}.uuid`)!,
    type: text(record.type, `${where}.type`)!,
    tags: optionalObject(record.tags, `${where}.tags`),
    revenue: amount(record.revenue, `${where}.revenue`),
    quantity: amount(record.quantity, `${where}.quantity`),
    value: amount(record.value, `${where}.value`),
    properties: optionalObject(record.properties, `${where}.properties`),
  };
};

const batchOf = (raw: unknown, where: string): TrackerBatch => {
  const batch = objectAt(raw, where);
  const visitors = listAt(batch, 'visitors', where);
  if (!visitors.length) fail(`${where}.visitors`, 'must not be empty');
  return {
    account_id: text(batch.account_id, `${where}.account_id`)!,
    anonymize_ip: batch.anonymize_ip === true,
    client_name: text(batch.client_name, `${where}.client_name`, true) ?? '',
    client_version: text(batch.client_version, `${where}.client_version`, true) ?? '',
    project_id: text(batch.project_id, `${where}.project_id`)!,
    revision: text(batch.revision, `${where}.revision`, true) ?? '',
    enrich_decisions: batch.enrich_decisions === true,
    visitors: visitors.map((rawVisitor, v) => {
      const at = `${where}.visitors[${v}]`;
      const visitor = objectAt(rawVisitor, at);
      return {
        visitor_id: text(visitor.visitor_id, `${at}.visitor_id`)!,
        session_id: text(visitor.session_id, `${at}.session_id`, true) ?? 'AUTO',
        attributes: listAt(visitor, 'attributes', at, false).map((a, i) => attributeOf(a, `${at}.attributes[${i}]`)),
        snapshots: listAt(visitor, 'snapshots', at).map((rawSnapshot, s) => {
          const sat = `${at}.snapshots[${s}]`;
          const snapshot = objectAt(rawSnapshot, sat);
          return {
            decisions: listAt(snapshot, 'decisions', sat, false).map((d, i) => decisionOf(d, `${sat}.decisions[${i}]`)),
            events: listAt(snapshot, 'events', sat).map((e, i) => eventOf(e, `${sat}.events[${i}]`)),
          };
        }),
      };
    }),
  };
};

/**
 * Parses and checks a request body: one batch or a list of batches, short or long keys.
 * @returns the batches in long form.
 * @throws {BatchError} with the reason, for the 400 answer.
 */
export const normalizeBody = (body: string): TrackerBatch[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BatchError('body is not JSON');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (!list.length) throw new BatchError('body holds no batch');
  if (list.length > MAX_BATCHES) throw new BatchError(`body holds more than ${MAX_BATCHES} batches`);
  return list.map((batch, index) => batchOf(batch, Array.isArray(parsed) ? `batch[${index}]` : 'batch'));
};
