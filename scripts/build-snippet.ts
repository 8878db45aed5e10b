/**
 * Builds project snippets (the library is compiler/build.ts):
 *   npm run build:snippet -- <project file (.ts or .json)> [--out file] [--compiled [--pretty]]
 *     --compiled: the snippet compiled for its project (audiences and page conditions as generated code,
 *                 compiler/specialise.ts); --pretty leaves it unminified, to read the generated code
 *   npm run build:snippets            (every project in config/ and tests/fixtures/projects/, plus dist/snippets/sizes.json)
 */
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildAllSnippets, buildSnippet, formatSizes } from '../compiler/build';
import { ROOT, SNIPPET_DIR } from '../compiler/snippet';

const USAGE = 'usage: npm run build:snippet -- <project file (.ts or .json)> [--out file] [--compiled [--pretty]]\n       npm run build:snippets';

const main = async (args: string[]) => {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { all: { type: 'boolean' }, out: { type: 'string' }, compiled: { type: 'boolean' }, pretty: { type: 'boolean' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { values, positionals } = parsed;
  if (values.all) {
    const builds = await buildAllSnippets((built, index, total) =>
      console.log(`[${index}/${total}] ${relative(ROOT, built.file)}  ${formatSizes(built.sizes)}`),
    );
    console.log(`${builds.length} snippet(s) built; sizes in ${relative(ROOT, join(SNIPPET_DIR, 'sizes.json'))}`);
    return;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const built = await buildSnippet(positionals[0], values.out, { compiled: values.compiled, pretty: values.pretty });
  // The output as the caller named it (or relative to where they run it), not relative to this package.
  console.log(`${values.out ?? relative(process.cwd(), built.file)}  ${formatSizes(built.sizes)}`);
  const generated = built.specialised;
  if (generated) console.log(`  compiled: ${generated.audiences.generated}/${generated.audiences.total} audiences and ${generated.pages.generated}/${generated.pages.total} pages as generated code`);
  for (const part of built.pageParts ?? []) console.log(`  page part ${relative(process.cwd(), part.file)}  ${formatSizes(part.sizes)}`);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
