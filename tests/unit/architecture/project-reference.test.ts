/** The README's project data reference is the one generated from the types: it cannot drift. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderProjectReference, withReference } from '../../../scripts/lib/project-reference';
import { ROOT } from '../../../compiler/snippet';

describe('README project data reference', () => {
  it('CFG-5 CFG-11 CFG-15 the README table matches core/project/types.ts (npm run docs:reference regenerates it)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(withReference(readme)).toBe(readme);
  });

  it('CFG-5 every documented entity has its required fields marked, and list types are spelled out', () => {
    const reference = renderProjectReference();
    expect(reference).toContain('| `projectId` | `string` | yes |');
    expect(reference).toContain('| `policy` | `\'single_experiment\' \\| \'multivariate\' \\| \'equal_priority\' \\| string` | yes |');
    expect(reference).toContain('| `variations` | `Variation[]` | yes |');
    expect(reference).toContain('| `widget_id` | `string` |  |');
  });
});
