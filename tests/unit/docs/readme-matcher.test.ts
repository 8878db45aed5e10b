/**
 * The README's matcher example works as written: its plugin and its test are taken from the README's
 * code blocks into files, the test's imports resolve through the package's own name, and the test runs
 * here (its `it` body run inside this test) against the test kit.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';

const blocks = () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### Example: an audience matcher and its tests');
  expect(start).toBeGreaterThan(0);
  const [plugin, test] = [...readme.slice(start).matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  return { plugin, test };
};

describe('README matcher example', () => {
  it('AUD-2 the example matcher and its test, as the README writes them, pass with the test kit', async () => {
    const { plugin, test } = blocks();
    const dir = join(ROOT, '.tmp', 'readme-matcher');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'plan-tier.ts'), plugin);
    // The README's test file, with its `it` running the body at once, inside this test.
    const runnable = test.replace("import { expect, it } from 'vitest';", "import { expect } from 'vitest';\nconst it = (_name: string, body: () => void) => body();");
    expect(runnable).not.toBe(test);
    writeFileSync(join(dir, 'plan-tier.check.ts'), runnable);
    await import(join(dir, 'plan-tier.check.ts'));
    const planTier = (await import(join(dir, 'plan-tier.ts'))).default;
    expect(planTier.check({ type: 'plan_tier', value: 'gold' })).toBe('Unknown plan tier "gold"');
    expect(planTier.match({ type: 'plan_tier', value: 'pro' }, { attributes: { plan: { value: 'pro' } } })).toBe(true);
  });
});
