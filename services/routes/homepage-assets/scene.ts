/**
 * A tiny scene description for the homepage's use-case animations: a few flat shapes, each with an
 * optional looping motion. One scene gives both the Lottie animation the player plays
 * ({@link toLottie}) and the static SVG shown instead of it ({@link toSvg}), so the fallback image
 * always looks like the animation at rest.
 */

/** An RGB colour as `#rrggbb`. */
export type Hex = `#${string}`;

/** A looping motion: values at evenly spaced key times over the loop (the first is the rest state). */
export interface Motion {
  /** Offsets of the shape from its position, in px. */
  move?: readonly (readonly [number, number])[];
  /** Uniform scale in percent. */
  scale?: readonly number[];
  /** Opacity in percent. */
  opacity?: readonly number[];
  /** Fraction of a line drawn, 0..100 (a line only). */
  draw?: readonly number[];
  /** Frames before the motion starts (staggering shapes of one kind). */
  delay?: number;
}

interface ShapeBase {
  fill?: Hex;
  stroke?: Hex;
  strokeWidth?: number;
  /** Shape opacity in percent at rest (default 100). */
  alpha?: number;
  motion?: Motion;
}

/** A rectangle centred on (x, y). */
export interface RectShape extends ShapeBase {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  radius?: number;
}

/** An ellipse centred on (x, y). */
export interface EllipseShape extends ShapeBase {
  kind: 'ellipse';
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An open or closed polyline through the points. */
export interface LineShape extends ShapeBase {
  kind: 'line';
  points: readonly (readonly [number, number])[];
  closed?: boolean;
}

export type Shape = RectShape | EllipseShape | LineShape;

/** A whole animation: size, loop length in frames (30 per second), background and shapes, back to front. */
export interface Scene {
  name: string;
  width: number;
  height: number;
  frames: number;
  background: Hex;
  shapes: readonly Shape[];
  /** Which key of each motion the static image shows (default 1: the motion's first move, where things are in view). */
  still?: number;
}

const FPS = 30;

const rgb = (hex: Hex): number[] => [1, 3, 5].map((at) => Math.round((parseInt(hex.slice(at, at + 2), 16) / 255) * 1000) / 1000);

const fixed = (k: unknown) => ({ a: 0, k });

/** An animated property: eased keyframes spread over the loop after the delay, ending on the first value. */
function animated(values: readonly (number | readonly number[])[], frames: number, delay = 0) {
  const closed = [...values, values[0]];
  const span = (frames - delay) / (closed.length - 1);
  const wrap = (value: number | readonly number[]) => (Array.isArray(value) ? [...value] : [value]);
  const dims = wrap(values[0]).length;
  const ease = { i: { x: Array(dims).fill(0.45), y: Array(dims).fill(1) }, o: { x: Array(dims).fill(0.55), y: Array(dims).fill(0) } };
  const keys = closed.map((value, index) => ({ t: Math.round(delay + index * span), s: wrap(value), ...(index < closed.length - 1 ? ease : {}) }));
  if (delay > 0) keys.unshift({ t: 0, s: wrap(values[0]), ...ease });
  return { a: 1, k: keys };
}

function centre(shape: Shape): [number, number] {
  if (shape.kind !== 'line') return [shape.x, shape.y];
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

function geometry(shape: Shape, [cx, cy]: [number, number], frames: number): Record<string, unknown>[] {
  if (shape.kind === 'rect') return [{ ty: 'rc', d: 1, s: fixed([shape.w, shape.h]), p: fixed([0, 0]), r: fixed(shape.radius ?? 0) }];
  if (shape.kind === 'ellipse') return [{ ty: 'el', d: 1, s: fixed([shape.w, shape.h]), p: fixed([0, 0]) }];
  const v = shape.points.map(([x, y]) => [x - cx, y - cy]);
  const zero = v.map(() => [0, 0]);
  const path = { ty: 'sh', ks: fixed({ c: !!shape.closed, v, i: zero, o: zero }) };
  const draw = shape.motion?.draw;
  if (!draw) return [path];
  return [path, { ty: 'tm', s: fixed(0), e: animated(draw, frames, shape.motion?.delay), o: fixed(0), m: 1 }];
}

function layer(shape: Shape, index: number, scene: Scene): Record<string, unknown> {
  const [cx, cy] = centre(shape);
  const motion = shape.motion ?? {};
  const { frames } = scene;
  const delay = motion.delay ?? 0;
  const items = geometry(shape, [cx, cy], frames);
  if (shape.fill) items.push({ ty: 'fl', c: fixed([...rgb(shape.fill), 1]), o: fixed(100), r: 1 });
  if (shape.stroke) items.push({ ty: 'st', c: fixed([...rgb(shape.stroke), 1]), o: fixed(100), w: fixed(shape.strokeWidth ?? 2), lc: 2, lj: 2 });
  items.push({ ty: 'tr', p: fixed([0, 0]), a: fixed([0, 0]), s: fixed([100, 100]), r: fixed(0), o: fixed(100), sk: fixed(0), sa: fixed(0) });
  const position = motion.move ? animated(motion.move.map(([dx, dy]) => [cx + dx, cy + dy, 0]), frames, delay) : fixed([cx, cy, 0]);
  const scale = motion.scale ? animated(motion.scale.map((s) => [s, s, 100]), frames, delay) : fixed([100, 100, 100]);
  const opacity = motion.opacity ? animated(motion.opacity, frames, delay) : fixed(shape.alpha ?? 100);
  return {
    ddd: 0, ind: index + 1, ty: 4, nm: `${shape.kind} ${index + 1}`, sr: 1, ao: 0, bm: 0, ip: 0, op: frames, st: 0,
    ks: { o: opacity, r: fixed(0), p: position, a: fixed([0, 0, 0]), s: scale },
    shapes: [{ ty: 'gr', nm: 'shape', it: items }],
  };
}

/** The scene as Lottie (bodymovin 5) JSON: one shape layer per shape, the first shape drawn last. */
export function toLottie(scene: Scene): Record<string, unknown> {
  const background: Shape = { kind: 'rect', x: scene.width / 2, y: scene.height / 2, w: scene.width, h: scene.height, fill: scene.background };
  const shapes = [background, ...scene.shapes];
  // Lottie draws the first layer on top, so the list is reversed.
  const layers = shapes.map((shape, index) => layer(shape, index, scene)).reverse();
  return { v: '5.7.4', fr: FPS, ip: 0, op: scene.frames, w: scene.width, h: scene.height, nm: scene.name, ddd: 0, assets: [], layers };
}

/** The value of a motion at key `at`, or its last key when it has fewer. */
const keyAt = <T>(values: readonly T[] | undefined, at: number): T | undefined => values?.[Math.min(at, values.length - 1)];

const paint = (shape: Shape, at: number): string => {
  const attributes = [`fill="${shape.fill ?? 'none'}"`];
  if (shape.stroke) attributes.push(`stroke="${shape.stroke}" stroke-width="${shape.strokeWidth ?? 2}" stroke-linecap="round" stroke-linejoin="round"`);
  const alpha = keyAt(shape.motion?.opacity, at) ?? shape.alpha;
  if (alpha !== undefined && alpha !== 100) attributes.push(`opacity="${alpha / 100}"`);
  return attributes.join(' ');
};

function svgShape(shape: Shape, at: number): string {
  const [dx, dy] = keyAt(shape.motion?.move, at) ?? [0, 0];
  const scale = (keyAt(shape.motion?.scale, at) ?? 100) / 100;
  const [cx, cy] = centre(shape);
  const transform = dx || dy || scale !== 1 ? ` transform="translate(${cx + dx} ${cy + dy}) scale(${scale}) translate(${-cx} ${-cy})"` : '';
  if (shape.kind === 'rect') {
    return `<rect x="${shape.x - shape.w / 2}" y="${shape.y - shape.h / 2}" width="${shape.w}" height="${shape.h}" rx="${shape.radius ?? 0}" ${paint(shape, at)}${transform}/>`;
  }
  if (shape.kind === 'ellipse') return `<ellipse cx="${shape.x}" cy="${shape.y}" rx="${shape.w / 2}" ry="${shape.h / 2}" ${paint(shape, at)}${transform}/>`;
  const d = shape.points.map(([x, y], index) => `${index ? 'L' : 'M'}${x} ${y}`).join('') + (shape.closed ? 'Z' : '');
  return `<path d="${d}" ${paint(shape, at)}${transform}/>`;
}

/** The scene as a standalone SVG image at its still key (lines fully drawn). */
export function toSvg(scene: Scene): string {
  const { width, height } = scene;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${scene.name}">
<rect width="${width}" height="${height}" fill="${scene.background}"/>
${scene.shapes.map((shape) => svgShape(shape, scene.still ?? 1)).join('\n')}
</svg>
`;
}
