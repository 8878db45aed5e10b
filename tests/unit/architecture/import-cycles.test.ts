/**
 * The project data types take part in no import cycle, type-only imports included: a cycle between
 * the kernel's types and the project types once tied fourteen files together, so that none of them
 * could be read, moved or tested alone. (The plugin kinds and the plugin context still refer to each
 * other, type-only: a typed registry needs both directions.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });

/** The files a file imports by relative path (static imports and re-exports, type-only included). */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'";]*?from\s+'(\.[^']+)'/gm)].map((match) => {
    const target = resolve(dirname(file), match[1]);
    for (const candidate of [`${target}.ts`, join(target, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // Not this form; try the next.
      }
    }
    return target;
  });

/** Every cycle found by a depth-first walk, as the list of files around it. */
const findCycles = (files: string[]): string[][] => {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((path) => relative(ROOT, path)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
};

describe('kernel layout', () => {
  it('core/project/types.ts is in no import cycle, type-only imports included', () => {
    const projectTypes = join(ROOT, 'core/project/types.ts');
    expect(importsOf(projectTypes)).toEqual([]);
    expect(findCycles(sources(join(ROOT, 'core'))).filter((cycle) => cycle.includes('core/project/types.ts'))).toEqual([]);
  });

  it('the cycle finder finds a cycle when there is one', () => {
    const files = [join(ROOT, 'core/types.ts'), join(ROOT, 'core/plugin-kinds.ts'), join(ROOT, 'core/kinds/changes.ts')];
    // core/kinds/changes.ts imports core/types.ts, which imports core/plugin-kinds.ts, which imports it back.
    expect(findCycles(files).length).toBeGreaterThan(0);
  });
});
