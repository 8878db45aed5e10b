/** One measured figure, with the same figure for peer libraries measured in the same run. */
export interface BenchRow {
  /** What was measured. */
  name: string;
  value: number;
  unit: string;
  /** The same figure for peers, shown with the ratio ours / theirs. */
  peers?: Array<{ name: string; value: number }>;
  /** Lower is better (sizes, times) unless set to false (throughput). */
  lowerIsBetter?: boolean;
}

/** A group of rows `npm run bench` prints under one title. */
export interface BenchSuite {
  /** The word that picks this suite: `npm run bench -- <name>` (matched exactly). */
  name: string;
  title: string;
  run(): Promise<BenchRow[]>;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));
const formatValue = (value: number, unit: string) =>
  unit === 'bytes' ? `${(value / 1024).toFixed(2)} KB` : `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`;

/** Renders rows as a plain-text table: figure, then one column per peer with its figure and ratio. */
export const renderTable = (title: string, rows: BenchRow[]): string => {
  const lines = rows.map((row) => {
    const peers = (row.peers ?? []).map((peer) => {
      const ratio = row.value / peer.value;
      return `${peer.name} ${formatValue(peer.value, row.unit)} (ours ×${ratio.toFixed(2)})`;
    });
    return [row.name, formatValue(row.value, row.unit), peers.join('   ')];
  });
  const widths = [0, 1].map((column) => Math.max(...lines.map((line) => line[column].length), 8));
  return [
    `\n${title}`,
    '-'.repeat(title.length),
    ...lines.map((line) => `${pad(line[0], widths[0] + 2)}${pad(line[1], widths[1] + 3)}${line[2]}`.trimEnd()),
  ].join('\n');
};
