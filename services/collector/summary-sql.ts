/**
 * The summary and the results' statistics, as SQL both engines run (SQLite and PostgreSQL accept the
 * same text here, `?` placeholders, renumbered for PostgreSQL by its engine). Every figure is
 * aggregated on the database server; JavaScript only arranges the aggregated rows into the answer.
 */
import type { ExposedSummary, ProjectSummary, ValueSums, VariationOutcome, VariationSummary } from './contract';
import type { SqlValue } from './rows';

/** An aggregated row, with the snake_case column names of the queries below. */
export type Row = Record<string, unknown>;
/** Runs one parameterised query on the engine. */
export type RunQuery = (sql: string, params: SqlValue[]) => Promise<Row[]>;

/** Event types the runtime itself sends; every other type is a conversion (a goal event). */
export const RUNTIME_EVENT_TYPES = ['campaign_activated', 'client_activation', 'view_activated', 'exposure'] as const;

/** What differs between the engines' SQL. */
export interface SqlDialect {
  /** Added after a text column in ORDER BY for a bytewise order (SQLite's is already bytewise; PostgreSQL's follows the database locale). */
  readonly bytewise: string;
}

const GOAL = `type NOT IN (${RUNTIME_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`;

/** Each visitor decided into a variation (not a holdback), with their first decision time and decision count. */
const decided = (filter: 'd.project_id = ?' | 'd.experiment_id = ?') => `
  decided AS (
    SELECT d.campaign_id, d.experiment_id, d.variation_id, e.project_id, e.visitor_id, MIN(e.timestamp) AS first_at, COUNT(*) AS n
    FROM decisions d JOIN events e ON e.project_id = d.project_id AND e.uuid = d.event_uuid
    WHERE ${filter} AND d.is_holdback = 0
    GROUP BY d.campaign_id, d.experiment_id, d.variation_id, e.project_id, e.visitor_id)`;

/**
 * What is counted, by one rule for both (ruling 24): each decided visitor once with no basis, from their
 * decision; and, for the project's summary, once more per basis variation they were exposed to, from their
 * first exposure on it. Exposures count only for the variation the visitor was decided into, so the
 * exposed visitors of a variation are some of its decided ones. The bandit's outcomes take decisions only.
 */
const counted = (exposures: boolean) => `
  counted AS (
    SELECT campaign_id, experiment_id, variation_id, CAST(NULL AS TEXT) AS basis_id, project_id, visitor_id, first_at, n FROM decided${exposures ? `
    UNION ALL
    SELECT d.campaign_id, d.experiment_id, d.variation_id, x.basis_id, d.project_id, d.visitor_id, MIN(e.timestamp) AS first_at, 0 AS n
    FROM exposures x
      JOIN events e ON e.project_id = x.project_id AND e.uuid = x.event_uuid
      JOIN decided d ON d.project_id = x.project_id AND d.visitor_id = e.visitor_id AND d.experiment_id = x.experiment_id AND d.variation_id = x.variation_id
    WHERE x.project_id = ?
    GROUP BY d.campaign_id, d.experiment_id, d.variation_id, x.basis_id, d.project_id, d.visitor_id` : ''})`;

/** The SQL texts for one dialect. */
export function summaryQueries(dialect: SqlDialect) {
  const b = dialect.bytewise;
  const variationOrder = `campaign_id${b}, experiment_id${b} NULLS FIRST, variation_id${b} NULLS FIRST, basis_id${b} NULLS FIRST`;
  // Visitors of each variation (and basis), their decisions, and those of them with a goal event at or after they were counted.
  const outcomes = (filter: 'd.project_id = ?' | 'd.experiment_id = ?') => `
    WITH ${decided(filter)}, ${counted(filter == 'd.project_id = ?')}
    SELECT campaign_id, experiment_id, variation_id, basis_id, SUM(n) AS decisions, COUNT(*) AS visitors,
      MIN(first_at) AS first_decision_at, MAX(first_at) AS last_decision_at,
      SUM(CASE WHEN EXISTS (
        SELECT 1 FROM events c WHERE c.project_id = counted.project_id AND c.visitor_id = counted.visitor_id
          AND c.${GOAL} AND c.timestamp >= counted.first_at) THEN 1 ELSE 0 END) AS conversions
    FROM counted
    GROUP BY campaign_id, experiment_id, variation_id, basis_id
    ORDER BY ${variationOrder}`;
  return {
    totals: 'SELECT COUNT(*) AS events, COUNT(DISTINCT visitor_id) AS visitors FROM events WHERE project_id = ?',
    projectOutcomes: outcomes('d.project_id = ?'),
    experimentOutcomes: outcomes('d.experiment_id = ?'),
    // Per variation, basis and goal key: each counted visitor's totals of that event since counted, then summed over visitors.
    goals: `
      WITH ${decided('d.project_id = ?')}, ${counted(true)},
      per_visitor AS (
        SELECT counted.campaign_id, counted.experiment_id, counted.variation_id, counted.basis_id, counted.visitor_id,
          COALESCE(c.key, c.type) AS event_key, SUM(c.revenue) AS revenue, SUM(c.value) AS value
        FROM counted JOIN events c ON c.project_id = counted.project_id AND c.visitor_id = counted.visitor_id
          AND c.${GOAL} AND c.timestamp >= counted.first_at
        GROUP BY counted.campaign_id, counted.experiment_id, counted.variation_id, counted.basis_id, counted.visitor_id, COALESCE(c.key, c.type))
      SELECT campaign_id, experiment_id, variation_id, basis_id, event_key, COUNT(*) AS conversions,
        SUM(revenue) AS revenue_sum, SUM(revenue * revenue) AS revenue_squares,
        SUM(value) AS value_sum, SUM(value * value) AS value_squares
      FROM per_visitor
      GROUP BY campaign_id, experiment_id, variation_id, basis_id, event_key
      ORDER BY ${variationOrder}, event_key${b}`,
    eventsByKey: `SELECT COALESCE(key, type) AS k, COUNT(*) AS n FROM events WHERE project_id = ? GROUP BY COALESCE(key, type) ORDER BY COALESCE(key, type)${b}`,
  };
}

/** The queries of one engine, ready to run. */
export type SummaryQueries = ReturnType<typeof summaryQueries>;

const sums = (sum: unknown, squares: unknown): ValueSums | undefined =>
  sum === null || sum === undefined ? undefined : { sum: Number(sum), sumOfSquares: Number(squares) };
const variationKey = (row: Row) => JSON.stringify([row.campaign_id, row.experiment_id, row.variation_id]);
/** The figures a row counts: the variation's decided visitors, or its visitors exposed on the row's basis. */
const countedOf = (variation: VariationSummary, row: Row): ExposedSummary => (row.basis_id == null ? variation : variation.exposed[String(row.basis_id)]);

/** Reads a project's summary: four aggregate queries, arranged into {@link ProjectSummary}. */
export async function readSummary(query: RunQuery, sql: SummaryQueries, projectId: string): Promise<ProjectSummary> {
  const [[totals], outcomeRows, goalRows, keyRows] = await Promise.all([
    query(sql.totals, [projectId]),
    // The project's id for the decisions, then for the exposures.
    query(sql.projectOutcomes, [projectId, projectId]),
    query(sql.goals, [projectId, projectId]),
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
  return { projectId, visitors: Number(totals.visitors), events: Number(totals.events), experiments, eventsByKey };
}

/** Reads every variation's visitors and conversions of an experiment (for the bandit's predictions). */
export async function readVariationOutcomes(query: RunQuery, sql: SummaryQueries, experimentId: string): Promise<VariationOutcome[]> {
  return (await query(sql.experimentOutcomes, [experimentId])).map((row) => ({
    variationId: String(row.variation_id),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  }));
}
