/**
 * The README's statistics example works as written: the code between its `stats-example` markers is
 * written to a file, imports `varia/stats` through the package's own name, runs, and prints exactly the
 * lines its `// →` comments show.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../../compiler/snippet';

const example = () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = readme.match(/<!-- stats-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- stats-example:end -->/);
  expect(block, 'README.md has no stats-example block').not.toBeNull();
  return (block as RegExpMatchArray)[1];
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('README statistics example', () => {
  it('runs as written and prints what its comments say', async () => {
    const code = example();
    const promised = [...code.matchAll(/^\/\/ → (.*)$/gm)].map((match) => match[1]);
    expect(promised.length).toBeGreaterThan(3);
    const dir = join(ROOT, '.tmp', 'readme-stats');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'example.ts');
    writeFileSync(file, code);
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(format(...args));
    });
    await import(file);
    expect(printed).toEqual(promised);
  });
});
