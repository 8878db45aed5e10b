/**
 * The relative uplift's interval as a bar on an axis centred on zero: green when it lies wholly above
 * zero, red when wholly below, grey while it holds zero; the dot is the estimate. Every row of a card
 * shares one scale, so the bars compare.
 */
import { signedPercent } from './analysis';

const WIDTH = 220;
const HEIGHT = 26;
const PAD = 8;

/** Where a relative uplift sits on the axis, clamped to it. */
const xOf = (value: number, scale: number) => PAD + ((Math.max(-scale, Math.min(scale, value)) + scale) / (2 * scale)) * (WIDTH - 2 * PAD);

/** The axis above the bars: −scale, 0 and +scale. */
export function UpliftAxis({ scale }: { scale: number }) {
  return (
    <svg className="uplift-bar uplift-bar--axis" viewBox={`0 0 ${WIDTH} 14`} aria-hidden="true">
      <text x={PAD} y={10} textAnchor="start">{signedPercent(-scale)}</text>
      <text x={WIDTH / 2} y={10} textAnchor="middle">0</text>
      <text x={WIDTH - PAD} y={10} textAnchor="end">{signedPercent(scale)}</text>
    </svg>
  );
}

/** One variation's uplift and interval; an empty axis when there are no numbers yet. */
export function UpliftBar({ expected, ci, scale, better = 1 }: { expected?: number; ci?: [number, number]; scale: number; better?: 1 | -1 }) {
  const tone = !ci ? 'none' : ci[0] * better > 0 ? 'ahead' : ci[1] * better < 0 ? 'behind' : 'unsure';
  const label = ci && expected !== undefined ? `Uplift ${signedPercent(expected)}, interval ${signedPercent(ci[0])} to ${signedPercent(ci[1])}` : 'No interval yet';
  return (
    <svg className={`uplift-bar uplift-bar--${tone}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT / 2} y2={HEIGHT / 2} className="uplift-bar__track" />
      <line x1={WIDTH / 2} x2={WIDTH / 2} y1={3} y2={HEIGHT - 3} className="uplift-bar__zero" />
      {ci && expected !== undefined ? (
        <>
          <rect x={xOf(ci[0], scale)} y={HEIGHT / 2 - 5} width={Math.max(2, xOf(ci[1], scale) - xOf(ci[0], scale))} height={10} rx={5} className="uplift-bar__interval" />
          <circle cx={xOf(expected, scale)} cy={HEIGHT / 2} r={3.5} className="uplift-bar__estimate" />
        </>
      ) : null}
    </svg>
  );
}
