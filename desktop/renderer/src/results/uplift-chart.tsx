/**
 * The cumulative uplift of one variation over the control, day by day (issue 38): the estimate as a
 * line, its interval as a band, the zero line, dated days below and percentages at the side. Days that
 * cannot be compared yet leave a gap. The SVG has a title and a description, and the same story is told
 * in words under it (the last day, and since when the interval has stayed on one side of zero).
 */
import { axisScale, signedPercent } from './analysis';
import { dayText, type UpliftPoint, type UpliftSeries } from './uplift-series';

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 62;
const RIGHT = 24;
const TOP = 12;
const BOTTOM = 34;

type Drawn = UpliftPoint & { expected: number; ci: [number, number] };
const drawn = (point: UpliftPoint): point is Drawn => point.expected !== undefined && point.ci !== undefined;

/** Which side of zero an interval lies on. */
const sideOf = ({ ci }: Drawn): 'above' | 'below' | 'across' => (ci[0] > 0 ? 'above' : ci[1] < 0 ? 'below' : 'across');

/** The chart's story in words: the last day's uplift, and since when its interval has stayed where it is. */
export function chartSummary(series: UpliftSeries): string {
  const points = series.points.filter(drawn);
  const last = points.at(-1);
  if (!last) return `${series.name}: not enough visitors on any day yet to compare with the control.`;
  const side = sideOf(last);
  let since = points.length - 1;
  while (since > 0 && sideOf(points[since - 1]) === side) since--;
  const where = side === 'across' ? 'holds zero' : `lies ${side} zero`;
  // Days before the first comparable one are a gap on the chart: say why.
  const before = points[0].day > series.points[0].day ? ` Before ${dayText(points[0].day)} there were too few visitors or conversions to compare.` : '';
  return `${series.name} against the control on ${dayText(last.day)}: ${signedPercent(last.expected)} (${signedPercent(last.ci[0])} to ${signedPercent(last.ci[1])}), from ${last.visitors[0].toLocaleString('en-US')} and ${last.visitors[1].toLocaleString('en-US')} visitors. The interval ${where}${since < points.length - 1 ? ` since ${dayText(points[since].day)}` : ''}.${before}`;
}

/** Splits the drawable points into runs of consecutive days (a gap where a day could not be compared). */
function runs(points: UpliftPoint[]): Drawn[][] {
  const out: Drawn[][] = [];
  let current: Drawn[] = [];
  for (const point of points) {
    if (drawn(point)) current.push(point);
    else if (current.length) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** One variation's chart. */
export function UpliftChart({ series, id }: { series: UpliftSeries; id: string }) {
  const points = series.points.filter(drawn);
  // The scale fits the last day's interval twice over, so the first days' wide intervals (clipped at the
  // edge) do not flatten the days that matter.
  const last = points.at(-1);
  const scale = last ? Math.min(axisScale(points.flatMap((point) => point.ci)), axisScale(last.ci.map((bound) => 2 * bound))) : 0.05;
  const days = Math.max(1, series.points.length - 1);
  const first = series.points[0]?.day ?? 0;
  const x = (day: number) => LEFT + ((day - first) / days) * (WIDTH - LEFT - RIGHT);
  const y = (value: number) => TOP + ((scale - Math.max(-scale, Math.min(scale, value))) / (2 * scale)) * (HEIGHT - TOP - BOTTOM);
  const tone = last ? { above: 'ahead', below: 'behind', across: 'unsure' }[sideOf(last)] : 'none';
  const ticks = series.points.length <= 8 ? series.points.map((point) => point.day) : [0, 1, 2, 3, 4].map((i) => first + Math.round((i * days) / 4));
  const summary = chartSummary(series);
  return (
    <figure className={`uplift-chart uplift-chart--${tone}`} data-variation={series.variationId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Cumulative uplift of {series.name} over the control, by day</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <clipPath id={`${id}-clip`}><rect x={LEFT} y={TOP} width={WIDTH - LEFT - RIGHT} height={HEIGHT - TOP - BOTTOM} /></clipPath>
        {[-scale, -scale / 2, 0, scale / 2, scale].map((value) => (
          <g key={value} className="uplift-chart__grid">
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(value)} y2={y(value)} className={value === 0 ? 'uplift-chart__zero' : undefined} />
            <text x={LEFT - 6} y={y(value) + 3.5} textAnchor="end">{value === 0 ? '0' : signedPercent(value)}</text>
          </g>
        ))}
        {ticks.map((day) => <text key={day} className="uplift-chart__day" x={x(day)} y={HEIGHT - BOTTOM + 14} textAnchor="middle">{dayText(day)}</text>)}
        <text className="uplift-chart__axis" x={LEFT + (WIDTH - LEFT - RIGHT) / 2} y={HEIGHT - 4} textAnchor="middle">Day (UTC), figures so far</text>
        <text className="uplift-chart__axis" transform={`translate(12 ${TOP + (HEIGHT - TOP - BOTTOM) / 2}) rotate(-90)`} textAnchor="middle">Uplift</text>
        <g clipPath={`url(#${id}-clip)`}>
          {runs(series.points).map((run) => (
            <g key={run[0].day}>
              <path className="uplift-chart__band" d={`M${run.map((p) => `${x(p.day)},${y(p.ci[1])}`).join('L')}L${run.slice().reverse().map((p) => `${x(p.day)},${y(p.ci[0])}`).join('L')}Z`} />
              <path className="uplift-chart__line" d={`M${run.map((p) => `${x(p.day)},${y(p.expected)}`).join('L')}`} />
              {run.length === 1 ? <line className="uplift-chart__whisker" x1={x(run[0].day)} x2={x(run[0].day)} y1={y(run[0].ci[0])} y2={y(run[0].ci[1])} /> : null}
              {run.map((p) => <circle key={p.day} className="uplift-chart__dot" cx={x(p.day)} cy={y(p.expected)} r={run.length > 40 ? 0 : 2.5} />)}
            </g>
          ))}
        </g>
      </svg>
      <figcaption className="uplift-chart__summary">{summary}</figcaption>
    </figure>
  );
}
