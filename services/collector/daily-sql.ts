/**
 * The results' chart over days (issue 38): per variation and basis of one experiment, the cumulative
 * sufficient statistics of one goal at the end of each day since its first counted visitor. Two
 * aggregate queries, one SQL text for both engines (./summary-sql.ts): the visitors entering per day
 * (from the `counted` rollup), and per day the visitors converting for the first time and the change of
 * the sums and sums of squares of their totals. A visitor's total grows day by day, so the day's change
 * of the sum of squares is `total² − (total − today)²` per visitor (a window function keeps each one's
 * running total); adding the changes up over days gives the sums at each day's end. JavaScript only
 * accumulates day rows.
 */
import type { DailySeries, ValueSums } from './contract';
import type { Row, RunQuery, SqlDialect } from './summary-sql';
import { GOAL_EVENT as GOAL } from './summary-sql';

/** Days are UTC days: whole days since 1970. */
export const DAY_MS = 86_400_000;


/** The texts for one dialect. Parameters: project, experiment (entered); project, experiment, project, goal, goal (goals). */
export function dailyQueries({ day }: SqlDialect) {
  const growth = (field: 'revenue' | 'value') =>
    `SUM(${field}) AS ${field}_sum, SUM(${field}_total * ${field}_total - (${field}_total - COALESCE(${field}, 0)) * (${field}_total - COALESCE(${field}, 0))) AS ${field}_squares`;
  return {
    entered: `
      SELECT variation_id, basis_id, ${day('first_at')} AS day, COUNT(*) AS visitors
      FROM counted WHERE project_id = ? AND experiment_id = ?
      GROUP BY variation_id, basis_id, ${day('first_at')}`,
    goals: `
      WITH k AS (SELECT variation_id, basis_id, visitor_id, first_at FROM counted WHERE project_id = ? AND experiment_id = ?),
      daily AS (
        SELECT k.variation_id, k.basis_id, k.visitor_id, ${day('e.timestamp')} AS day, SUM(e.revenue) AS revenue, SUM(e.value) AS value
        FROM k JOIN events e ON e.project_id = ? AND e.visitor_id = k.visitor_id AND e.${GOAL} AND e.timestamp >= k.first_at
          AND (? = '' OR COALESCE(e.key, e.type) = ?)
        GROUP BY k.variation_id, k.basis_id, k.visitor_id, ${day('e.timestamp')}),
      running AS (
        SELECT variation_id, basis_id, day, revenue, value, ROW_NUMBER() OVER w AS nth,
          SUM(COALESCE(revenue, 0)) OVER w AS revenue_total, SUM(COALESCE(value, 0)) OVER w AS value_total
        FROM daily WINDOW w AS (PARTITION BY variation_id, basis_id, visitor_id ORDER BY day))
      SELECT variation_id, basis_id, day, SUM(CASE WHEN nth = 1 THEN 1 ELSE 0 END) AS converted, ${growth('revenue')}, ${growth('value')}
      FROM running GROUP BY variation_id, basis_id, day`,
  };
}

/** The queries of one engine. */
export type DailyQueries = ReturnType<typeof dailyQueries>;

/** Adds a day's change to a running sum that stays absent until some event carried the field. */
const grow = (sums: ValueSums | undefined, sum: unknown, squares: unknown): ValueSums | undefined =>
  sum === null || sum === undefined ? sums : { sum: (sums?.sum ?? 0) + Number(sum), sumOfSquares: (sums?.sumOfSquares ?? 0) + Number(squares) };

/**
 * Reads the experiment's cumulative figures per day for `goal` (an event key; '' for any goal event):
 * one series per variation and basis ('' for the decided visitors), every day from the first to the last
 * day anything changed.
 */
export async function readDaily(query: RunQuery, sql: DailyQueries, projectId: string, experimentId: string, goal: string): Promise<DailySeries> {
  const [entered, goals] = await Promise.all([
    query(sql.entered, [projectId, experimentId]),
    query(sql.goals, [projectId, experimentId, projectId, goal, goal]),
  ]);
  const all = [...entered, ...goals];
  if (!all.length) return { firstDay: null, days: 0, series: [] };
  const dayOf = (row: Row) => Number(row.day);
  const firstDay = Math.min(...all.map(dayOf));
  const days = Math.max(...all.map(dayOf)) - firstDay + 1;
  const series = new Map<string, DailySeries['series'][number]>();
  const seriesOf = (row: Row) => {
    const key = JSON.stringify([row.variation_id, row.basis_id]);
    if (!series.has(key)) series.set(key, { variationId: String(row.variation_id) || null, basisId: String(row.basis_id) || null, visitors: new Array(days).fill(0), conversions: new Array(days).fill(0), revenue: [], value: [] });
    return series.get(key)!;
  };
  // Changes per day first, then running sums: the figures at each day's end.
  for (const row of entered) seriesOf(row).visitors[dayOf(row) - firstDay] += Number(row.visitors);
  const changes = new Map<DailySeries['series'][number], Row[]>();
  for (const row of goals) {
    const target = seriesOf(row);
    target.conversions[dayOf(row) - firstDay] += Number(row.converted);
    changes.set(target, [...(changes.get(target) ?? []), row]);
  }
  for (const entry of series.values()) {
    const byDay = new Map((changes.get(entry) ?? []).map((row) => [dayOf(row) - firstDay, row]));
    let revenue: ValueSums | undefined;
    let value: ValueSums | undefined;
    for (let i = 0; i < days; i++) {
      if (i > 0) {
        entry.visitors[i] += entry.visitors[i - 1];
        entry.conversions[i] += entry.conversions[i - 1];
      }
      const row = byDay.get(i);
      revenue = row ? grow(revenue, row.revenue_sum, row.revenue_squares) : revenue;
      value = row ? grow(value, row.value_sum, row.value_squares) : value;
      entry.revenue.push(revenue ?? null);
      entry.value.push(value ?? null);
    }
  }
  const ordered = [...series.values()].sort((a, b) => compareIds(a.variationId, b.variationId) || compareIds(a.basisId, b.basisId));
  return { firstDay, days, series: ordered };
}

/** Bytewise order, none first (as the summary orders variations). */
const compareIds = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b)));
