/**
 * The nine use-case animations of the homepage (one per topic of homepage-spec §3, edge included),
 * drawn with flat shapes in the site's palette. Each is a {@link Scene}: served as Lottie JSON for
 * the player and as a static SVG for the fallback image.
 */
import type { Hex, Scene, Shape } from './scene';

const W = 560;
const H = 420;
const LOOP = 120;

const C = {
  panel: '#05291e',
  card: '#0b3a2b',
  line: '#1f5c45',
  muted: '#5f8a78',
  text: '#e6f7ee',
  green: '#00c96b',
  mint: '#8ff0bd',
  blue: '#5aa9ff',
  violet: '#b9a3ff',
} satisfies Record<string, Hex>;

/** The window every scene sits in: a card with a title bar and three dots. */
const frame: Shape[] = [
  { kind: 'rect', x: W / 2, y: H / 2, w: 500, h: 360, radius: 18, fill: C.card, stroke: C.line, strokeWidth: 2 },
  { kind: 'line', points: [[30, 74], [530, 74]], stroke: C.line, strokeWidth: 2 },
  ...[56, 76, 96].map((x): Shape => ({ kind: 'ellipse', x, y: 52, w: 10, h: 10, fill: C.muted })),
];

const bar = (x: number, y: number, w: number, fill: Hex = C.muted, h = 10): Shape => ({ kind: 'rect', x: x + w / 2, y, w, h, radius: h / 2, fill });

function vectorSearch(): Shape[] {
  const cloud: [number, number][] = [[120, 140], [170, 300], [210, 190], [250, 330], [330, 130], [360, 310], [420, 180], [460, 280], [150, 220], [400, 350], [480, 140], [300, 360]];
  const neighbours: [number, number][] = [[330, 180], [250, 250], [340, 280]];
  const query: [number, number] = [300, 230];
  return [
    ...cloud.map(([x, y]): Shape => ({ kind: 'ellipse', x, y, w: 10, h: 10, fill: C.muted })),
    ...neighbours.map(([x, y], i): Shape => ({ kind: 'line', points: [query, [x, y]], stroke: C.mint, strokeWidth: 3, motion: { draw: [0, 100, 100, 100], delay: 8 * i } })),
    ...neighbours.map(([x, y], i): Shape => ({ kind: 'ellipse', x, y, w: 14, h: 14, fill: C.mint, motion: { scale: [100, 130, 100, 100], delay: 8 * i } })),
    { kind: 'ellipse', x: query[0], y: query[1], w: 70, h: 70, stroke: C.green, strokeWidth: 2, motion: { scale: [30, 160], opacity: [90, 0] } },
    { kind: 'ellipse', x: query[0], y: query[1], w: 20, h: 20, fill: C.green, motion: { scale: [100, 135] } },
  ];
}

function streamProcessing(): Shape[] {
  const lanes = [150, 220, 290];
  const events = lanes.flatMap((y, lane) =>
    [0, 1, 2].map((n): Shape => ({
      kind: 'rect', x: 80, y, w: 34, h: 20, radius: 6, fill: [C.mint, C.blue, C.violet][lane],
      motion: { move: [[0, 0], [130, 0], [260, 0], [390, 0]], opacity: [0, 100, 100, 0], delay: n * 26 + lane * 9 },
    })),
  );
  return [
    ...lanes.map((y): Shape => ({ kind: 'line', points: [[60, y], [500, y]], stroke: C.line, strokeWidth: 2 })),
    { kind: 'rect', x: 280, y: 220, w: 90, h: 190, radius: 14, stroke: C.green, strokeWidth: 3, fill: C.panel, alpha: 90 },
    ...events,
    { kind: 'rect', x: 280, y: 220, w: 90, h: 190, radius: 14, stroke: C.green, strokeWidth: 3, motion: { opacity: [40, 100] } },
    bar(70, 350, 180, C.green),
    bar(70, 350, 110, C.text),
  ];
}

function operational(): Shape[] {
  const rows = [120, 180, 240, 300];
  return [
    ...rows.flatMap((y, i): Shape[] => [
      { kind: 'rect', x: 280, y, w: 440, h: 46, radius: 10, fill: C.panel, motion: { opacity: [100, 100, 100], move: [[0, 0], [0, 0], [0, 0]] } },
      { kind: 'ellipse', x: 86, y, w: 14, h: 14, fill: i === 1 ? C.green : C.mint, motion: { scale: [100, 150, 100], delay: i * 10 } },
      bar(110, y, 120 + i * 18, C.text),
      bar(300, y, 90, C.muted),
      { kind: 'rect', x: 455, y, w: 70, h: 22, radius: 11, fill: C.green, motion: { opacity: [25, 100, 25], delay: i * 14 } },
    ]),
    bar(70, 355, 260, C.line, 14),
    bar(70, 355, 170, C.green, 14),
  ];
}

function transactional(): Shape[] {
  const account = (x: number, tint: Hex): Shape[] => [
    { kind: 'rect', x, y: 200, w: 150, h: 170, radius: 16, fill: C.panel, stroke: C.line },
    { kind: 'ellipse', x, y: 160, w: 46, h: 46, fill: tint },
    bar(x - 50, 215, 100, C.text),
    bar(x - 35, 240, 70, C.muted),
  ];
  return [
    ...account(140, C.blue),
    ...account(420, C.violet),
    { kind: 'line', points: [[225, 200], [335, 200]], stroke: C.line, strokeWidth: 3 },
    { kind: 'ellipse', x: 230, y: 200, w: 26, h: 26, fill: C.green, motion: { move: [[0, 0], [100, 0], [100, 0], [100, 0]], opacity: [0, 100, 0, 0] } },
    { kind: 'ellipse', x: 280, y: 330, w: 52, h: 52, fill: C.green, motion: { scale: [0, 0, 100, 100], opacity: [0, 0, 100, 0] } },
    { kind: 'line', points: [[267, 330], [277, 340], [294, 320]], stroke: C.panel, strokeWidth: 5, motion: { opacity: [0, 0, 100, 0] } },
  ];
}

function textSearch(): Shape[] {
  const results = [190, 260, 330];
  return [
    { kind: 'rect', x: 280, y: 115, w: 440, h: 48, radius: 24, fill: C.panel, stroke: C.green, strokeWidth: 2 },
    { kind: 'ellipse', x: 96, y: 112, w: 18, h: 18, stroke: C.mint, strokeWidth: 3 },
    { kind: 'line', points: [[103, 119], [110, 126]], stroke: C.mint, strokeWidth: 3 },
    { kind: 'line', points: [[128, 115], [300, 115]], stroke: C.text, strokeWidth: 10, motion: { draw: [0, 100, 100, 100] } },
    ...results.map((y, i): Shape => ({ kind: 'rect', x: 280, y, w: 440, h: 56, radius: 10, fill: C.panel, motion: { opacity: [0, 100, 100, 100], delay: 20 + i * 6 } })),
    { kind: 'rect', x: 280, y: 190, w: 440, h: 56, radius: 10, stroke: C.green, strokeWidth: 2, motion: { move: [[0, 0], [0, 0], [0, 70], [0, 140]], delay: 30 } },
    ...results.flatMap((y, i): Shape[] => [bar(80, y - 9, 200 - i * 30, C.text), bar(80, y + 11, 320 - i * 40, C.muted, 8), bar(80 + 60 + i * 20, y - 9, 70, C.green)]),
  ];
}

function analytical(): Shape[] {
  const points: [number, number][] = [[90, 320], [160, 280], [230, 300], [300, 220], [370, 240], [440, 160], [490, 130]];
  const bars = [110, 170, 230, 290, 350, 410, 470];
  return [
    { kind: 'line', points: [[70, 110], [70, 350], [510, 350]], stroke: C.line, strokeWidth: 2 },
    ...bars.map((x, i): Shape => ({ kind: 'rect', x, y: 350 - (40 + ((i * 37) % 90)) / 2, w: 30, h: 40 + ((i * 37) % 90), radius: 4, fill: C.blue, alpha: 35 })),
    { kind: 'line', points, stroke: C.green, strokeWidth: 4, motion: { draw: [0, 100, 100, 100] } },
    ...points.map(([x, y], i): Shape => ({ kind: 'ellipse', x, y, w: 12, h: 12, fill: C.mint, motion: { opacity: [0, 100, 100, 100], delay: i * 5 } })),
    { kind: 'rect', x: 420, y: 110, w: 120, h: 40, radius: 10, fill: C.panel, stroke: C.green, motion: { opacity: [0, 0, 100, 100] } },
    bar(380, 110, 80, C.text),
  ];
}

function graph(): Shape[] {
  const nodes: [number, number][] = [[280, 220], [150, 140], [410, 130], [130, 310], [420, 320], [280, 340], [280, 110]];
  const edges: [number, number][] = [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 6], [2, 6], [3, 5], [4, 5], [1, 3]];
  return [
    ...edges.map(([a, b], i): Shape => ({ kind: 'line', points: [nodes[a], nodes[b]], stroke: i < 5 ? C.mint : C.line, strokeWidth: 3, motion: { draw: [0, 100, 100, 100], delay: i * 4 } })),
    ...nodes.map(([x, y], i): Shape => ({ kind: 'ellipse', x, y, w: i ? 30 : 46, h: i ? 30 : 46, fill: i ? [C.blue, C.violet, C.mint][i % 3] : C.green, motion: { scale: [100, 118, 100], delay: i * 6 } })),
  ];
}

function geospatial(): Shape[] {
  const grid: Shape[] = [];
  for (let x = 90; x <= 470; x += 60) grid.push({ kind: 'line', points: [[x, 95], [x, 370]], stroke: C.line, strokeWidth: 1 });
  for (let y = 110; y <= 360; y += 50) grid.push({ kind: 'line', points: [[45, y], [515, y]], stroke: C.line, strokeWidth: 1 });
  return [
    ...grid,
    { kind: 'line', points: [[90, 150], [210, 120], [260, 190], [200, 260], [120, 240]], closed: true, fill: C.panel, stroke: C.muted },
    { kind: 'line', points: [[300, 230], [430, 180], [490, 260], [420, 340], [320, 320]], closed: true, fill: C.panel, stroke: C.muted },
    { kind: 'ellipse', x: 360, y: 270, w: 90, h: 36, stroke: C.green, strokeWidth: 2, motion: { scale: [20, 20, 150], opacity: [0, 0, 90, 0] } },
    { kind: 'line', points: [[360, 270], [346, 240], [374, 240]], closed: true, fill: C.green, motion: { move: [[0, -70], [0, 0], [0, 0], [0, 0]], opacity: [0, 100, 100, 100] } },
    { kind: 'ellipse', x: 360, y: 230, w: 40, h: 40, fill: C.green, motion: { move: [[0, -70], [0, 0], [0, 0], [0, 0]], opacity: [0, 100, 100, 100] } },
    { kind: 'ellipse', x: 360, y: 230, w: 14, h: 14, fill: C.panel, motion: { move: [[0, -70], [0, 0], [0, 0], [0, 0]], opacity: [0, 100, 100, 100] } },
    { kind: 'ellipse', x: 150, y: 190, w: 12, h: 12, fill: C.mint },
    { kind: 'ellipse', x: 440, y: 230, w: 12, h: 12, fill: C.mint },
  ];
}

function edge(): Shape[] {
  const devices: [number, number][] = [[110, 140], [450, 140], [110, 310], [450, 310]];
  return [
    ...devices.map(([x, y]): Shape => ({ kind: 'line', points: [[280, 225], [x, y]], stroke: C.line, strokeWidth: 3 })),
    ...devices.map(([x, y], i): Shape => ({ kind: 'ellipse', x, y, w: 12, h: 12, fill: C.mint, motion: { move: [[0, 0], [(280 - x) / 2, (225 - y) / 2], [280 - x, 225 - y]], opacity: [100, 100, 0], delay: i * 10 } })),
    ...devices.map(([x, y], i): Shape => ({ kind: 'rect', x, y, w: 70, h: 50, radius: 10, fill: C.panel, stroke: [C.blue, C.violet, C.mint, C.blue][i], strokeWidth: 2 })),
    { kind: 'ellipse', x: 255, y: 230, w: 80, h: 60, fill: C.green },
    { kind: 'ellipse', x: 300, y: 220, w: 90, h: 80, fill: C.green },
    { kind: 'rect', x: 280, y: 245, w: 120, h: 30, radius: 15, fill: C.green },
    { kind: 'ellipse', x: 282, y: 225, w: 150, h: 120, stroke: C.green, strokeWidth: 2, motion: { scale: [80, 120], opacity: [80, 0] } },
  ];
}

const SCENES = { vector_search: vectorSearch, stream_processing: streamProcessing, operational, transactional, text_search: textSearch, analytical, graph, geospatial, edge };

/** Topic names with an animation, as the use-case section's configuration names them. */
export type Topic = keyof typeof SCENES;
export const TOPICS = Object.keys(SCENES) as Topic[];

/** The scene of one topic. */
export function sceneOf(topic: Topic): Scene {
  const still = topic === 'transactional' ? 2 : 1;
  return { name: topic.replace('_', ' '), width: W, height: H, frames: LOOP, background: C.panel, shapes: [...frame, ...SCENES[topic]()], still };
}
