/**
 * The summary's rollups (layout 5), kept up to date in the transaction that stores the events, so the
 * summary adds up rollup rows instead of scanning events (1,000,000 events: seconds before, well under
 * one after; ./README.md). One SQL text for both engines, like ./summary-sql.ts:
 *
 * - `key_counts`: events per project and key; `project_visitors`: the project's distinct visitors.
 * - `counted`: each visitor decided into a variation once with no basis (`basis_id` ''), and once per basis
 *   they were exposed on (ruling 24), with the time they count from, their decisions and whether a goal
 *   followed: the rows of the summary's former `counted` set, stored.
 * - `counted_goals`: per counted row and goal key, the visitor's totals of revenue and value since then.
 *
 * A visitor's `counted` and `counted_goals` rows are rebuilt from their stored events whenever a request
 * brings events of theirs and they are decided or counted ({@link pendingVisitors}; an earlier decision
 * arriving late moves the time everything counts from, so adding to the old totals would be wrong): a few
 * index lookups per visitor, all in SQL.
 * `experiment_id` and `variation_id` are stored as '' for none (decisions may lack them; a key column
 * cannot be NULL), and read back as NULL.
 */
import { GOAL_EVENT as GOAL } from './summary-sql';


/**
 * The rebuild of the visitors `affected` selects (a SELECT of `project_id, visitor_id` columns, once each):
 * four statements, run in order in one transaction.
 */
export function rebuildStatements(affected: string): string[] {
  const decided = `
    decided AS (
      SELECT d.campaign_id, COALESCE(d.experiment_id, '') AS experiment_id, COALESCE(d.variation_id, '') AS variation_id,
        e.project_id, e.visitor_id, MIN(e.timestamp) AS first_at, COUNT(*) AS n
      FROM affected a
        JOIN events e ON e.project_id = a.project_id AND e.visitor_id = a.visitor_id
        JOIN decisions d ON d.project_id = e.project_id AND d.event_uuid = e.uuid
      WHERE d.is_holdback = 0
      GROUP BY d.campaign_id, COALESCE(d.experiment_id, ''), COALESCE(d.variation_id, ''), e.project_id, e.visitor_id)`;
  // Exposures count only for the variation the visitor was decided into, from the first one on each basis.
  const exposed = `
    exposed AS (
      SELECT d.campaign_id, d.experiment_id, d.variation_id, x.basis_id, d.project_id, d.visitor_id, MIN(e.timestamp) AS first_at, 0 AS n
      FROM affected a
        JOIN events e ON e.project_id = a.project_id AND e.visitor_id = a.visitor_id AND e.type = 'exposure'
        JOIN exposures x ON x.project_id = e.project_id AND x.event_uuid = e.uuid
        JOIN decided d ON d.project_id = x.project_id AND d.visitor_id = e.visitor_id AND d.experiment_id = x.experiment_id AND d.variation_id = x.variation_id
      GROUP BY d.campaign_id, d.experiment_id, d.variation_id, x.basis_id, d.project_id, d.visitor_id)`;
  const mine = `(project_id, visitor_id) IN (SELECT project_id, visitor_id FROM affected)`;
  return [
    `WITH affected AS (${affected}) DELETE FROM counted WHERE ${mine}`,
    `WITH affected AS (${affected}), ${decided}, ${exposed},
      counted_rows AS (
        SELECT campaign_id, experiment_id, variation_id, '' AS basis_id, project_id, visitor_id, first_at, n FROM decided
        UNION ALL SELECT campaign_id, experiment_id, variation_id, basis_id, project_id, visitor_id, first_at, n FROM exposed)
    INSERT INTO counted (project_id, visitor_id, campaign_id, experiment_id, variation_id, basis_id, first_at, decisions, converted)
    SELECT project_id, visitor_id, campaign_id, experiment_id, variation_id, basis_id, first_at, n,
      CASE WHEN EXISTS (
        SELECT 1 FROM events c WHERE c.project_id = counted_rows.project_id AND c.visitor_id = counted_rows.visitor_id
          AND c.${GOAL} AND c.timestamp >= counted_rows.first_at) THEN 1 ELSE 0 END
    FROM counted_rows`,
    `WITH affected AS (${affected}) DELETE FROM counted_goals WHERE ${mine}`,
    `WITH affected AS (${affected})
    INSERT INTO counted_goals (project_id, visitor_id, campaign_id, experiment_id, variation_id, basis_id, event_key, revenue, value)
    SELECT k.project_id, k.visitor_id, k.campaign_id, k.experiment_id, k.variation_id, k.basis_id, COALESCE(c.key, c.type), SUM(c.revenue), SUM(c.value)
    FROM affected a
      JOIN counted k ON k.project_id = a.project_id AND k.visitor_id = a.visitor_id
      JOIN events c ON c.project_id = k.project_id AND c.visitor_id = k.visitor_id AND c.${GOAL} AND c.timestamp >= k.first_at
    GROUP BY k.project_id, k.visitor_id, k.campaign_id, k.experiment_id, k.variation_id, k.basis_id, COALESCE(c.key, c.type)`,
  ];
}

/**
 * The visitors of a group whose rollups need rebuilding: those whose events announced a decision or an
 * exposure, and those already counted somewhere (their goals may count). A visitor in no experiment
 * costs no rebuild. `group` selects `project_id, visitor_id, decided` (1 or 0).
 */
export const pendingVisitors = (group: string) => `
  SELECT g.project_id, g.visitor_id FROM (${group}) g
  WHERE g.decided = 1 OR EXISTS (SELECT 1 FROM counted c WHERE c.project_id = g.project_id AND c.visitor_id = g.visitor_id)`;

/** Every visitor with an event: the migration to layout 5 builds the rollups of the events already stored. */
export const ALL_VISITORS = 'SELECT DISTINCT project_id, visitor_id FROM events';

/** Layout 5's first fill of the counters from the stored events (both engines). */
export const FILL_COUNTERS = [
  'INSERT INTO key_counts (project_id, event_key, events) SELECT project_id, COALESCE(key, type), COUNT(*) FROM events GROUP BY project_id, COALESCE(key, type)',
  `INSERT INTO project_visitors (project_id, visitor_id) ${ALL_VISITORS}`,
];

/**
 * The rollup tables, with the column types of each engine (`time`: the events' timestamp type, `amount`:
 * revenue's, `count`: a counter's) and `keyed`, what follows a table keyed by its primary key alone (SQLite:
 * ` WITHOUT ROWID`, so the key is the table). The keys are in the summary's grouping order, so it reads
 * them in order without sorting (SQLite: 0.16 s instead of 0.73 s over 1,000,000 events); the rebuild
 * finds a visitor's rows by the `_visitor` indexes (`counted_visitor` holds `first_at` too: covering, so
 * SQLite's planner takes it rather than every row of the project by the key's prefix).
 */
export const rollupTables = ({ time, amount, count, keyed }: { time: string; amount: string; count: string; keyed: string }) => `
  CREATE TABLE key_counts (
    project_id TEXT NOT NULL,
    event_key TEXT NOT NULL,
    events ${count} NOT NULL,
    PRIMARY KEY (project_id, event_key)
  )${keyed};
  CREATE TABLE project_visitors (
    project_id TEXT NOT NULL,
    visitor_id TEXT NOT NULL,
    PRIMARY KEY (project_id, visitor_id)
  )${keyed};
  CREATE TABLE counted (
    project_id TEXT NOT NULL,
    visitor_id TEXT NOT NULL,
    campaign_id TEXT NOT NULL,
    experiment_id TEXT NOT NULL,
    variation_id TEXT NOT NULL,
    basis_id TEXT NOT NULL,
    first_at ${time} NOT NULL,
    decisions ${count} NOT NULL,
    converted SMALLINT NOT NULL,
    PRIMARY KEY (project_id, campaign_id, experiment_id, variation_id, basis_id, visitor_id)
  )${keyed};
  CREATE INDEX counted_visitor ON counted (project_id, visitor_id, first_at);
  CREATE INDEX counted_experiment ON counted (experiment_id, basis_id);
  CREATE TABLE counted_goals (
    project_id TEXT NOT NULL,
    visitor_id TEXT NOT NULL,
    campaign_id TEXT NOT NULL,
    experiment_id TEXT NOT NULL,
    variation_id TEXT NOT NULL,
    basis_id TEXT NOT NULL,
    event_key TEXT NOT NULL,
    revenue ${amount},
    value ${amount},
    PRIMARY KEY (project_id, campaign_id, experiment_id, variation_id, basis_id, event_key, visitor_id)
  )${keyed};
  CREATE INDEX counted_goals_visitor ON counted_goals (project_id, visitor_id);`;
