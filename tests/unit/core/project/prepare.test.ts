/**
 * Preparing project data at start: `prepareProject` fills defaults and validates; `prepareBuilt` (what
 * a built snippet passes) skips the validation for the data it was built with, which the build
 * validated already, and validates anything else (data handed over by the `load` call); `prepareFitted`
 * (what a snippet fitted to its project passes) refuses anything else instead, carrying no validators.
 */
import { describe, expect, it } from 'vitest';
import { prepareBuilt, prepareProject } from '../../../../core/project/prepare';
import { MSG_FITTED_LOAD, prepareFitted } from '../../../../core/project/prepare-fitted';
import type { Logger } from '../../../../core/types';

const recorder = () => {
  const lines: string[] = [];
  const log = { error: (...parts: unknown[]) => lines.push(parts.join(' ')), warn: (...parts: unknown[]) => lines.push(parts.join(' ')) } as unknown as Logger;
  return { log, lines };
};
// An invalid project: a layer without experiments (CFG-21).
const invalid = () => ({ projectId: 'p', accountId: 'a', revision: 1, layers: [{ id: 'l', policy: 'single_experiment', experiments: [] }] });

describe('project preparation', () => {
  it('CFG-21 prepareProject refuses invalid data (a layer without experiments) with its problems logged', () => {
    const { log, lines } = recorder();
    expect(prepareProject(invalid(), [], log)).toBeUndefined();
    expect(lines.some((line) => line.includes('No experiments in layer.'))).toBe(true);
  });

  it('prepareBuilt fills the defaults of the data the snippet was built with, without validating it again', () => {
    const built = invalid();
    const { log, lines } = recorder();
    const data = prepareBuilt(built)(built, [], log);
    expect(data).toBeDefined();
    expect(data!.clientName).toBeTruthy();
    expect(lines).toEqual([]);
  });

  it('CFG-21 prepareBuilt validates data handed over at run time (the load call) like prepareProject', () => {
    const { log, lines } = recorder();
    const built = { projectId: 'p', accountId: 'a', revision: 1 };
    expect(prepareBuilt(built)(invalid(), [], log)).toBeUndefined();
    expect(lines.some((line) => line.includes('No experiments in layer.'))).toBe(true);
    expect(prepareBuilt(built)({ ...built }, [], log)).toBeDefined();
  });
});

describe('fitted snippet preparation', () => {
  it('prepareFitted fills the defaults of its own data, without validating it again', () => {
    const built = invalid();
    const { log, lines } = recorder();
    const data = prepareFitted(built)(built, [], log);
    expect(data?.clientName).toBeTruthy();
    expect(lines).toEqual([]);
  });

  it('prepareFitted refuses data handed over by the load call, valid or not, with its message', () => {
    const built = { projectId: 'p', accountId: 'a', revision: 1 };
    for (const loaded of [{ ...built }, invalid()]) {
      const { log, lines } = recorder();
      expect(prepareFitted(built)(loaded, [], log)).toBeUndefined();
      expect(lines).toEqual([MSG_FITTED_LOAD]);
    }
  });
});
