/**
 * The editor's icons: 16-pixel SVG strokes drawn on a 16x16 grid, coloured by `currentColor` so
 * they follow the text colour of their button or row.
 */
import type { SVGProps } from 'react';

const PATHS = {
  layer: 'M8 2 14 5 8 8 2 5Z M2 8l6 3 6-3 M2 11l6 3 6-3',
  experiment: 'M6 2h4 M7 2v4L3 13a1 1 0 0 0 .9 1.5h8.2A1 1 0 0 0 13 13L9 6V2 M5 10h6',
  variation: 'M4 3v10 M4 8h4a4 4 0 0 0 4-4V3 M12 13a2 2 0 1 0 0-.1',
  action: 'M3 3h10v10H3Z M6 6h4 M6 8.5h4 M6 11h2',
  change: 'M11 2.5 13.5 5 6 12.5H3.5V10Z M9.5 4 12 6.5',
  audience: 'M6 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z M1.5 14a4.5 4.5 0 0 1 9 0 M11 2.3a2.5 2.5 0 0 1 0 4.6 M12.5 9.5A4.5 4.5 0 0 1 14.5 14',
  page: 'M4 1.5h5.5L13 5v9.5H4Z M9 1.5V5h4',
  event: 'M9 1.5 3.5 9H8l-1 5.5L12.5 7H8Z',
  project: 'M2 4.5h4.5L8 6h6v7.5H2Z',
  settings: 'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z M8 1.5v2 M8 12.5v2 M1.5 8h2 M12.5 8h2 M3.4 3.4l1.4 1.4 M11.2 11.2l1.4 1.4 M3.4 12.6l1.4-1.4 M11.2 4.8l1.4-1.4',
  plus: 'M8 3v10 M3 8h10',
  copy: 'M5.5 5.5h8v8h-8Z M10.5 5.5v-3h-8v8h3',
  trash: 'M2.5 4h11 M6 4V2.5h4V4 M4 4l.7 9.5h6.6L12 4 M6.5 6.5v4.5 M9.5 6.5v4.5',
  rename: 'M2 13.5h12 M9.5 3 12 5.5 6 11.5H3.5V9Z',
  undo: 'M5 3 2 6l3 3 M2 6h7.5a4 4 0 0 1 0 8H6',
  redo: 'M11 3l3 3-3 3 M14 6H6.5a4 4 0 0 0 0 8H10',
  save: 'M2.5 2.5h9l2 2v9h-11Z M5 2.5v4h5v-4 M5 13.5v-4h6v4',
  publish: 'M8 11V2.5 M4.5 6 8 2.5 11.5 6 M2.5 10v3.5h11V10',
  history: 'M2.5 8a5.5 5.5 0 1 0 1.6-3.9 M2.5 2.5v2.6h2.6 M8 5v3.2l2.2 1.3',
  review: 'M2 8s2.2-4.5 6-4.5S14 8 14 8s-2.2 4.5-6 4.5S2 8 2 8Z M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  results: 'M2.5 13.5h11 M4 11V7 M7 11V4 M10 11V8 M13 11V5.5',
  design: 'M2.5 2.5h11v11h-11Z M2.5 5.5h11 M5.5 5.5v8',
  chevronRight: 'M6 3.5 10.5 8 6 12.5',
  chevronDown: 'M3.5 6 8 10.5 12.5 6',
  check: 'M3 8.5 6.5 12 13 4.5',
  warning: 'M8 2 14.5 13.5h-13Z M8 6.5v3.2 M8 11.6v.1',
  error: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z M5.8 5.8l4.4 4.4 M10.2 5.8l-4.4 4.4',
  cloud: 'M4.5 12.5h7a3 3 0 0 0 .4-6A4.2 4.2 0 0 0 3.8 7.4 2.6 2.6 0 0 0 4.5 12.5Z',
  cloudOff: 'M4.5 12.5h7a3 3 0 0 0 .4-6A4.2 4.2 0 0 0 3.8 7.4 2.6 2.6 0 0 0 4.5 12.5Z M2 2l12 12',
  rollback: 'M3 2.5v4h4 M3.3 6.3A5.5 5.5 0 1 1 3 9.5',
  back: 'M10 3 5 8l5 5',
  search: 'M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z M10.5 10.5 14 14',
  close: 'M4 4l8 8 M12 4l-8 8',
  dot: 'M8 9.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
} as const;

/** Every icon name. */
export type IconName = keyof typeof PATHS;

/** One icon; decorative unless given a `title`. */
export function Icon({ name, size = 16, title, ...rest }: { name: IconName; size?: number; title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <path d={PATHS[name]} />
    </svg>
  );
}
