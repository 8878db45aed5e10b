import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT, bundle, findUnsafeEval, measureKernel, snippetEntry } from '../../../scripts/lib/snippet';

/** The kernel's budget: 3 KB gzip, minified as it ships inside every snippet. */
const KERNEL_GZIP_BUDGET = 3 * 1024;

describe('size budget and strict CSP', () => {
  it('the kernel alone is at most 3 KB gzip', async () => {
    const sizes = await measureKernel();
    expect(sizes.gzip).toBeLessThanOrEqual(KERNEL_GZIP_BUDGET);
  });

  it('a built snippet holds no eval or Function constructor, so it runs under a strict CSP', async () => {
    const code = await bundle(snippetEntry(join(ROOT, 'config/example/project.ts')));
    expect(code.length).toBeGreaterThan(1000);
    expect(findUnsafeEval(code)).toBeUndefined();
  });

  it('the CSP check catches the forms it forbids', () => {
    for (const bad of ['eval("1")', 'x=new Function("a","return a")', 'Function("return this")()', "setTimeout('go()',1)"]) {
      expect(findUnsafeEval(bad)).toBeDefined();
    }
    expect(findUnsafeEval('const evaluate=()=>1;evaluate()')).toBeUndefined();
  });
});
