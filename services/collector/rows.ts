/**
 * Requests' batches as the rows both engines write: one per event (with the decision it announced,
 * if any) and one per visitor attribute. The engines differ only in how they send the rows. Several
 * requests are written together when they arrive together (group commit, ./group-commit.ts).
 */
import type { TrackerBatch } from '../../core/kinds/tracking';

/** A value as a SQL parameter. */
export type SqlValue = string | number | null;

/** One request to store: its normalised batches and when it was received. */
export interface AddRequest {
  readonly batches: readonly TrackerBatch[];
  readonly receivedAt: number;
}

/** One event row, in the column order of the events table. */
export interface EventRow {
  /** The values of {@link EVENT_COLUMNS}, in order. */
  readonly values: readonly SqlValue[];
  /** The decision this event announced (a `campaign_activated` event with a decision for its campaign in the same snapshot). */
  readonly decision?: readonly SqlValue[];
  /** The exposure this event records (an `exposure` event: ruling 24), as {@link EXPOSURE_COLUMNS}. */
  readonly exposure?: readonly SqlValue[];
}

/** The rows of requests written together. */
export interface RequestRows {
  /** Events in the order they were sent, request after request. */
  readonly events: EventRow[];
  /** How many of `events` each request holds, in order. */
  readonly eventsPerRequest: number[];
  /** Attributes, one per (project, visitor, key): the last one sent wins, as with sequential upserts. */
  readonly attributes: SqlValue[][];
  /**
   * The visitors with events in the requests, once each, as a JSON list of `[project, visitor, decided]`,
   * `decided` 1 when one of their events announced a decision or an exposure: whose rollups may need a
   * rebuild (./rollup-sql.ts).
   */
  readonly visitors: string;
}

/** The events table's columns; project_id and uuid first (the key). */
export const EVENT_COLUMNS = ['project_id', 'uuid', 'account_id', 'revision', 'client', 'visitor_id', 'session_id', 'type', 'entity_id', 'key', 'timestamp', 'revenue', 'quantity', 'value', 'tags', 'properties', 'received_at'] as const;
/** The decisions table's columns. */
export const DECISION_COLUMNS = ['project_id', 'event_uuid', 'campaign_id', 'experiment_id', 'variation_id', 'is_holdback', 'metadata'] as const;
/** The exposures table's columns (ruling 24): the visitor, decided into `variation_id`, could see what `basis_id` changes. */
export const EXPOSURE_COLUMNS = ['project_id', 'event_uuid', 'experiment_id', 'variation_id', 'basis_id'] as const;
/** The attributes table's columns. */
export const ATTRIBUTE_COLUMNS = ['project_id', 'visitor_id', 'key', 'entity_id', 'type', 'value'] as const;

const id = (value: unknown): value is string => typeof value == 'string' && value.length > 0 && value.length <= 500;

/**
 * An `exposure` event's row: its entity is the experiment, its tags name the visitor's variation and the
 * basis (the variation whose changes applied, or whose selectors matched). One that names neither is
 * kept as an event only.
 */
const exposureOf = (project: string, e: TrackerBatch['visitors'][number]['snapshots'][number]['events'][number]): SqlValue[] | undefined => {
  const tags = e.tags ?? {};
  return e.type == 'exposure' && e.entity_id && id(tags.variation) && id(tags.basis) ? [project, e.uuid, e.entity_id, tags.variation, tags.basis] : undefined;
};

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Flattens requests of normalised batches (./normalize.ts) into rows. */
export function requestRows(requests: readonly AddRequest[]): RequestRows {
  const events: EventRow[] = [];
  const eventsPerRequest: number[] = [];
  const attributes = new Map<string, SqlValue[]>();
  for (const { batches, receivedAt } of requests) {
    const before = events.length;
    for (const batch of batches) addBatch(batch, receivedAt, events, attributes);
    eventsPerRequest.push(events.length - before);
  }
  const visitors = new Map<string, number>();
  for (const { values, decision, exposure } of events) {
    const key = JSON.stringify([values[0], values[5]]);
    visitors.set(key, Math.max(visitors.get(key) ?? 0, decision || exposure ? 1 : 0));
  }
  // Sorted, so concurrent writers take the visitors' locks in one order (PostgreSQL).
  // Stryker disable next-line EqualityOperator,ConditionalExpression: the keys are a map's, never equal, and the engine's sort orders by whether a comparison is negative
  const list = [...visitors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, decided]) => `${key.slice(0, -1)},${decided}]`);
  return { events, eventsPerRequest, attributes: [...attributes.values()], visitors: `[${list.join(',')}]` };
}

/** Adds one batch's events and attributes. */
function addBatch(batch: TrackerBatch, receivedAt: number, events: EventRow[], attributes: Map<string, SqlValue[]>): void {
  const client = `${batch.client_name}/${batch.client_version}`;
  const project = batch.project_id;
  for (const visitor of batch.visitors) {
    for (const a of visitor.attributes) {
      const row = [project, visitor.visitor_id, a.key, a.entity_id, a.type, json(a.value)];
      const key = JSON.stringify(row.slice(0, 3));
      // Re-set so a later value replaces an earlier one, in the position of the last one sent.
      attributes.delete(key);
      attributes.set(key, row);
    }
    for (const snapshot of visitor.snapshots) {
      for (const e of snapshot.events) {
        const values = [
          project, e.uuid, batch.account_id, batch.revision, client, visitor.visitor_id, visitor.session_id,
          e.type, e.entity_id, e.key ?? null, e.timestamp, e.revenue ?? null, e.quantity ?? null, e.value ?? null,
          json(e.tags), json(e.properties), receivedAt,
        ];
        const decision = e.type == 'campaign_activated' ? snapshot.decisions.find((d) => d.campaign_id == e.entity_id) : undefined;
        events.push({
          values,
          decision: decision && [
            project, e.uuid, decision.campaign_id, decision.experiment_id, decision.variation_id,
            decision.is_campaign_holdback ? 1 : 0, json(decision.metadata),
          ],
          exposure: exposureOf(project, e),
        });
      }
    }
  }
}
