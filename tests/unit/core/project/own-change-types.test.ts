/**
 * A project's own change type is open as matchers are: typed through its applier (defineChangeApplier
 * widens defineProject's change union; `tsc` over this file is part of the check), validated by asking the
 * plugins (the registry at run time), and never warned about when its applier is registered.
 */
import { describe, expect, it } from 'vitest';
import { defineChangeApplier, defineProject } from '../../../../core';
import { normalizeProjectData, validateProject, type OwnChange, type ProjectInput } from '../../../../core/project';
import { bootKernel } from '../../../../core/testing';
import { standardPreset } from '../../../../plugins/presets/standard';

interface BadgeChange extends OwnChange<'badge'> {
  selector: string;
  value: string;
}

const badge = defineChangeApplier<BadgeChange>({
  type: 'changeApplier',
  name: 'badge',
  perElement: true,
  apply(change, element) {
    const node = element!.ownerDocument.createElement('span');
    node.textContent = change.value;
    element!.after(node);
    return { undo: () => node.remove() };
  },
});

const data = (type: string): ProjectInput<BadgeChange> => ({
  projectId: 'own',
  accountId: 'a',
  revision: 1,
  pages: [{ id: 'p1', apiName: 'home', activationType: 'immediate' }],
  layers: [
    {
      id: 'l1',
      policy: 'single_experiment',
      experiments: [
        {
          id: 'e1',
          variations: [{ id: 'v1', actions: [{ id: 'a1', pageId: 'p1', changes: [{ id: 'c1', type: type as 'badge', selector: 'h1', value: 'New' }] }] }],
        },
      ],
    },
  ],
});

describe('own change types', () => {
  it('CHG-3 the applier\'s declared type widens the project\'s change union (and only the project that lists it)', () => {
    const project = defineProject({
      plugins: [...standardPreset(), badge],
      data: {
        projectId: 'own',
        accountId: 'a',
        revision: 1,
        layers: [{ id: 'l', policy: 'single_experiment', experiments: [{ id: 'e', variations: [{ id: 'v', actions: [{ pageId: 'p', changes: [{ id: 'c', type: 'badge', selector: 'h1', value: 'New' }] }] }] }] }],
      },
    });
    defineProject({
      plugins: standardPreset(),
      data: {
        projectId: 'own',
        accountId: 'a',
        revision: 1,
        // @ts-expect-error: no applier of the project declares `badge`
        layers: [{ id: 'l', policy: 'single_experiment', experiments: [{ id: 'e', variations: [{ id: 'v', actions: [{ pageId: 'p', changes: [{ id: 'c', type: 'badge' }] }] }] }] }],
      },
    });
    expect(project.plugins?.at(-1)).toBe(badge);
  });

  it('CHG-3 validation asks the plugins: no "Unrecognized change type" when the applier is there, a warning when it is not', () => {
    const problems = (plugins: readonly never[] | readonly [typeof badge]) =>
      validateProject(normalizeProjectData(data('badge')), { plugins }).map((problem) => problem.message);
    expect(problems([badge])).toEqual([]);
    expect(problems([])).toEqual(['Unrecognized change type "badge"']);
  });

  it('CHG-3 a kernel with the applier registered loads the project without a warning; a mistyped type still is one', async () => {
    const quiet = bootKernel({ plugins: [...standardPreset(), badge], data: data('badge') as never });
    await quiet.settle();
    // Without a window the storage and the page log their own lines: only the change type is asked about here.
    expect(quiet.logs.map((line) => line.text).filter((text) => text.includes('change type'))).toEqual([]);
    expect(quiet.lifecycle()).toContain('initialized');
    const typo = bootKernel({ plugins: [...standardPreset(), badge], data: data('bagde') as never });
    await typo.settle();
    expect(typo.logs.map((line) => line.text).join('\n')).toContain('Unrecognized change type "bagde"');
  });
});
