/**
 * The summary and the results' statistics, as SQL both engines run (SQLite and PostgreSQL accept the
 * same text here, `?` placeholders, renumbered for PostgreSQL by its engine). Every figure is
 * aggregated on the database server, from the rollups kept as events arrive (./rollup-sql.ts); JavaScript
 * only arranges the aggregated rows into the answer.
 */
import type { ExposedSummary, ProjectSummary, ValueSums, VariationOutcome, VariationSummary } from './contract';
import type { SqlValue } from './rows';

/** An aggregated row, with the snake_case column names of the queries below. */
export type Row = Record<string, unknown>;
/** Runs one parameterised query on the engine. */
export type RunQuery = (sql: string, params: SqlValue[]) => Promise<Row[]>;

/** Event types the runtime itself sends; every other type is a conversion (a goal event). */
export const RUNTIME_EVENT_TYPES = ['campaign_activated', 'client_activation', 'view_activated', 'exposure'] as const;

/** SQL condition on an event row: a goal event, none of the runtime's own types. */
export const GOAL_EVENT = `type NOT IN (${RUNTIME_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`;

/** What differs between the engines' SQL. */
export interface SqlDialect {
  /** Added after a text column in ORDER BY for a bytewise order (SQLite's is already bytewise; PostgreSQL's follows the database locale). */
  readonly bytewise: string;
  /** The UTC day (whole days since 1970) of a time in milliseconds: SQLite divides integers whole, PostgreSQL's doubles need FLOOR. */
  readonly day: (time: string) => string;
}

/**
 * The figures of each variation (and basis) from the `counted` rollup (./rollup-sql.ts), which holds each
 * decided visitor once with no basis, from their decision, and once more per basis variation they were
 * exposed on, from their first exposure on it (ruling 24: one rule for both arms). Grouped on the stored
 * columns ('' for none), then named and ordered as the answer wants them.
 */
const outcomes = (filter: string, b: string) => `
  SELECT campaign_id, NULLIF(experiment, '') AS experiment_id, NULLIF(variation, '') AS variation_id, NULLIF(basis, '') AS basis_id,
    decisions, visitors, first_decision_at, last_decision_at, conversions
  FROM (
    SELECT campaign_id, experiment_id AS experiment, variation_id AS variation, basis_id AS basis, SUM(decisions) AS decisions,
      COUNT(*) AS visitors, MIN(first_at) AS first_decision_at, MAX(first_at) AS last_decision_at, SUM(converted) AS conversions
    FROM counted WHERE ${filter}
    GROUP BY campaign_id, experiment_id, variation_id, basis_id) grouped
  ORDER BY campaign_id${b}, experiment${b}, variation${b}, basis${b}`;

/** The SQL texts for one dialect. */
export function summaryQueries(dialect: SqlDialect) {
  const b = dialect.bytewise;
  return {
    totals: `SELECT (SELECT SUM(events) FROM key_counts WHERE project_id = ?) AS events,
      (SELECT COUNT(*) FROM project_visitors WHERE project_id = ?) AS visitors`,
    projectOutcomes: outcomes('project_id = ?', b),
    // The bandit's outcomes take decisions only, of any project.
    experimentOutcomes: outcomes("experiment_id = ? AND basis_id = ''", b),
    // Per variation, basis and goal key: each counted visitor's totals of that event since counted (stored per visitor), summed over visitors.
    goals: `
      SELECT campaign_id, NULLIF(experiment, '') AS experiment_id, NULLIF(variation, '') AS variation_id, NULLIF(basis, '') AS basis_id,
        event_key, conversions, revenue_sum, revenue_squares, value_sum, value_squares
      FROM (
        SELECT campaign_id, experiment_id AS experiment, variation_id AS variation, basis_id AS basis, event_key, COUNT(*) AS conversions,
          SUM(revenue) AS revenue_sum, SUM(revenue * revenue) AS revenue_squares, SUM(value) AS value_sum, SUM(value * value) AS value_squares
        FROM counted_goals WHERE project_id = ?
        GROUP BY campaign_id, experiment_id, variation_id, basis_id, event_key) grouped
      ORDER BY campaign_id${b}, experiment${b}, variation${b}, basis${b}, event_key${b}`,
    eventsByKey: `SELECT event_key AS k, events AS n FROM key_counts WHERE project_id = ? ORDER BY event_key${b}`,
  };
}

/** The queries of one engine, ready to run. */
export type SummaryQueries = ReturnType<typeof summaryQueries>;

const sums = (sum: unknown, squares: unknown): ValueSums | undefined =>
  sum === null || sum === undefined ? undefined : { sum: Number(sum), sumOfSquares: Number(squares) };
const variationKey = (row: Row) => JSON.stringify([row.campaign_id, row.experiment_id, row.variation_id]);
/** The figures a row counts: the variation's decided visitors, or its visitors exposed on the row's basis. */
const countedOf = (variation: VariationSummary, row: Row): ExposedSummary => (row.basis_id == null ? variation : variation.exposed[String(row.basis_id)]);

/** Reads a project's summary: four aggregate queries over the rollups, arranged into {@link ProjectSummary}. */
export async function readSummary(query: RunQuery, sql: SummaryQueries, projectId: string): Promise<ProjectSummary> {
  const [[totals], outcomeRows, goalRows, keyRows] = await Promise.all([
    query(sql.totals, [projectId, projectId]),
    query(sql.projectOutcomes, [projectId]),
    query(sql.goals, [projectId]),
    query(sql.eventsByKey, [projectId]),
  ]);
  const experiments: ProjectSummary['experiments'] = [];
  const variations = new Map<string, VariationSummary>();
  // The decided rows first (a basis is always some decided visitors' own), then the exposed ones.
  for (const row of outcomeRows) {
    if (row.basis_id != null) continue;
    const experimentId = String(row.experiment_id);
    let entry = experiments.find((item) => item.experimentId == experimentId);
    if (!entry) experiments.push((entry = { experimentId, campaignId: String(row.campaign_id), variations: [] }));
    const variation: VariationSummary = {
      variationId: (row.variation_id ?? null) as string | null,
      visitors: Number(row.visitors),
      decisions: Number(row.decisions),
      conversions: Number(row.conversions),
      firstDecisionAt: Number(row.first_decision_at),
      lastDecisionAt: Number(row.last_decision_at),
      // No prototype: an event key such as `__proto__` or `constructor` is counted like any other.
      conversionsByEvent: Object.create(null),
      statistics: Object.create(null),
      exposed: Object.create(null),
    };
    entry.variations.push(variation);
    variations.set(variationKey(row), variation);
  }
  for (const row of outcomeRows) {
    if (row.basis_id == null) continue;
    variations.get(variationKey(row))!.exposed[String(row.basis_id)] = {
      visitors: Number(row.visitors),
      conversions: Number(row.conversions),
      conversionsByEvent: Object.create(null),
      statistics: Object.create(null),
    };
  }
  for (const row of goalRows) {
    const counted = countedOf(variations.get(variationKey(row))!, row);
    const key = String(row.event_key);
    const conversions = Number(row.conversions);
    counted.conversionsByEvent[key] = conversions;
    const revenue = sums(row.revenue_sum, row.revenue_squares);
    const value = sums(row.value_sum, row.value_squares);
    counted.statistics[key] = { visitors: counted.visitors, conversions, ...(revenue && { revenue }), ...(value && { value }) };
  }
  const eventsByKey: Record<string, number> = Object.create(null);
  for (const row of keyRows) eventsByKey[String(row.k)] = Number(row.n);
  return { projectId, visitors: Number(totals.visitors), events: Number(totals.events ?? 0), experiments, eventsByKey };
}

/** Reads every variation's visitors and conversions of an experiment (for the bandit's predictions). */
export async function readVariationOutcomes(query: RunQuery, sql: SummaryQueries, experimentId: string): Promise<VariationOutcome[]> {
  return (await query(sql.experimentOutcomes, [experimentId])).map((row) => ({
    variationId: String(row.variation_id),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}
