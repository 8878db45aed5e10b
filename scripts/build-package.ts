/**
 * `npm run build:package`: the package as others install it, into dist/lib/. tsc emits JavaScript and
 * declaration files for core/, plugins/ and stats/ (tsconfig.package.json); the repository's imports
 * leave out extensions (its resolution is the bundler's), which plain Node and TypeScript under
 * `NodeNext` refuse, so every relative import of the output is then written with its file's extension.
 * The snippet build (`varia-build-snippet`) runs from the TypeScript sources the package also ships.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the built package goes (package.json's `exports` point there). */
export const PACKAGE_OUT = join(ROOT, 'dist/lib');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

/**
 * `code` (a .js or .d.ts file at `file`) with each relative import specifier naming its file: `./x` as
 * `./x.js`, a folder `./x` as `./x/index.js`. A specifier that names neither is left as it is.
 */
export const withExtensions = (file: string, code: string): string => {
  const kind = file.endsWith('.d.ts') ? '.d.ts' : '.js';
  return code.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (whole, head: string, quote: string, spec: string) => {
    if (/\.(js|mjs|cjs|json)$/.test(spec)) return whole;
    const base = resolve(dirname(file), spec);
    const named = existsSync(base + kind) ? `${spec}.js` : existsSync(join(base, 'index' + kind)) ? `${spec}/index.js` : spec;
    return `${head}${quote}${named}${quote}`;
  });
};

/** Builds the package into {@link PACKAGE_OUT}. */
export const buildPackage = (): void => {
  // Incremental (tsconfig.package.json's build info): a rebuild checks only what changed. Without the build
  // info (a fresh checkout, `rm -rf .cache`) the output starts clean, so no file of a deleted source stays.
  if (!existsSync(join(ROOT, '.cache/package.tsbuildinfo'))) rmSync(PACKAGE_OUT, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.package.json')], { stdio: 'inherit', cwd: ROOT });
  for (const file of files(PACKAGE_OUT)) {
    if (file.endsWith('.js') || file.endsWith('.d.ts')) writeFileSync(file, withExtensions(file, readFileSync(file, 'utf8')));
  }
};

if (import.meta.url === `file://${process.argv[1]}`) buildPackage();
