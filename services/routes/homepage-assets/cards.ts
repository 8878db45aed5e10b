/**
 * Static card images for the banner carousel's stand-in content (the spreadsheet rows and the
 * configured slides point at them): abstract flat artwork in the site's palette, one per theme.
 */
import type { Hex, Scene, Shape } from './scene';

const W = 912;
const H = 480;

interface Theme {
  background: Hex;
  accent: Hex;
  second: Hex;
  /** Which composition to draw. */
  layout: 'rings' | 'blocks' | 'wave' | 'grid';
}

const THEMES: Record<string, Theme> = {
  summit: { background: '#001e2b', accent: '#00ed64', second: '#71f6ba', layout: 'rings' },
  workshop: { background: '#023430', accent: '#00ed64', second: '#c3e7fe', layout: 'blocks' },
  webinar: { background: '#0b2a5c', accent: '#3d9cff', second: '#b39cff', layout: 'wave' },
  'developer-day': { background: '#1c2d38', accent: '#ffc010', second: '#71f6ba', layout: 'grid' },
  'ai-program': { background: '#2a1a4f', accent: '#b39cff', second: '#00ed64', layout: 'rings' },
  'case-study': { background: '#00302a', accent: '#71f6ba', second: '#3d9cff', layout: 'wave' },
};

function shapes({ accent, second, layout }: Theme): Shape[] {
  if (layout === 'rings') {
    return [
      ...[360, 260, 160].map((size, i): Shape => ({ kind: 'ellipse', x: 700, y: 240, w: size, h: size, stroke: i % 2 ? second : accent, strokeWidth: 10 + i * 4 })),
      { kind: 'ellipse', x: 700, y: 240, w: 60, h: 60, fill: accent },
      { kind: 'rect', x: 190, y: 380, w: 260, h: 16, radius: 8, fill: second, alpha: 60 },
    ];
  }
  if (layout === 'blocks') {
    return [0, 1, 2, 3, 4].flatMap((i): Shape[] => [
      { kind: 'rect', x: 520 + i * 80, y: 430 - (120 + i * 60) / 2, w: 64, h: 120 + i * 60, radius: 12, fill: i % 2 ? second : accent, alpha: 50 + i * 10 },
    ]);
  }
  if (layout === 'wave') {
    const wave = (offset: number): [number, number][] => Array.from({ length: 13 }, (_, i) => [i * 80, 300 + offset + Math.sin(i / 1.6) * 60]);
    return [
      { kind: 'line', points: wave(0), stroke: accent, strokeWidth: 12 },
      { kind: 'line', points: wave(50), stroke: second, strokeWidth: 8 },
      { kind: 'ellipse', x: 760, y: 120, w: 120, h: 120, fill: accent, alpha: 80 },
    ];
  }
  const dots: Shape[] = [];
  for (let x = 520; x < 900; x += 56) for (let y = 60; y < 440; y += 56) dots.push({ kind: 'ellipse', x, y, w: 14, h: 14, fill: (x + y) % 3 ? second : accent, alpha: 70 });
  return dots;
}

/** Names of the card images served under `<asset base>/images/cards/<name>.svg`. */
export const CARD_IMAGES = Object.keys(THEMES);

/** The scene of one card image, or undefined for an unknown name. */
export function cardScene(name: string): Scene | undefined {
  const theme = THEMES[name];
  if (!theme) return undefined;
  return { name: `${name} artwork`, width: W, height: H, frames: 1, background: theme.background, shapes: shapes(theme) };
}
