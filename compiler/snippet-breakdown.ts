/**
 * Where a snippet's bytes go: the entry bundled by esbuild with a metafile and a source map, every output
 * byte attributed to the source file it came from, and the files grouped (a plugin folder such as
 * `modules/decisions` or `widgets/banner`, a kind's `_shared`, `core/<file>`, `config/<project>`,
 * `node_modules/<package>`). Minified bytes are esbuild's (before terser, which the shipped snippet
 * also runs, so the total is a little above the snippet's own); a group's gzip share is its code gzipped
 * on its own, over the sum of those for every group (how much of the compressed snippet it accounts for).
 * Used by `npm run bench -- snippet`.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { ROOT, stubPlugins, type Stubs } from './snippet';

/** One group of source files in a snippet. */
export interface BreakdownGroup {
  group: string;
  /** Minified bytes (esbuild's output for these files). */
  bytes: number;
  /** The group's code gzipped alone. */
  gzip: number;
  /** Its share of the summed gzip of every group, 0..1. */
  gzipShare: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into [column, source] pairs (source is cumulative). */
const decodeSegments = (mappings: string) => {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
};

/** The group of a source path relative to the repository root (see the file comment). */
export const groupOf = (path: string): string => {
  const parts = path.replace(/^(\.\.\/)+/, '').split('/');
  const modules = parts.lastIndexOf('node_modules');
  if (modules >= 0) return `node_modules/${parts[modules + 1].startsWith('@') ? parts.slice(modules + 1, modules + 3).join('/') : parts[modules + 1]}`;
  if (parts[0] === 'plugins') return parts.length > 3 ? `${parts[1]}/${parts[2]}` : `plugins/${parts[1]}`;
  if (parts[0] === 'core') return parts.length > 2 ? `core/${parts[1]}` : `core/${parts[1].replace(/\.ts$/, '')}`;
  if (parts[0] === 'config' || parts[0] === 'tests') return parts.slice(0, parts[0] === 'tests' ? 4 : 2).join('/');
  return parts.join('/');
};

/** The breakdown of an entry given as source text, with a fitted snippet's stand-ins (as `bundle` takes them), largest group first. */
export const breakdown = async (contents: string, stubs: Stubs = {}): Promise<BreakdownGroup[]> => {
  const result = await build({
    plugins: stubPlugins(stubs),
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'snippet-entry.ts' },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    sourcemap: 'external',
    outfile: 'snippet.js',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text) as { sources: string[]; mappings: string };
  const texts = new Map<string, string[]>();
  const lines = code.split('\n');
  decodeSegments(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    segments.forEach(([column, source], index) => {
      const end = segments[index + 1]?.[0] ?? line.length;
      const group = groupOf(map.sources[source] ?? '?');
      if (!texts.has(group)) texts.set(group, []);
      texts.get(group)!.push(line.slice(column, end));
    });
  });
  const groups = [...texts].map(([group, parts]) => {
    const text = parts.join('');
    return { group, bytes: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length, gzipShare: 0 };
  });
  const total = groups.reduce((sum, group) => sum + group.gzip, 0);
  for (const group of groups) group.gzipShare = group.gzip / total;
  return groups.sort((a, b) => b.bytes - a.bytes);
};
