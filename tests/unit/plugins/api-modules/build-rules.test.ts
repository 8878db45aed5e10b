/**
 * Mistakes caught at build (validateProject with the plugins' rules, as the snippet build and the kernel
 * run it): an unknown layer policy is an error with the catalogue's message, naming the policy and the
 * layer's path; the standard preset's own project is clean.
 */
import { describe, expect, it } from 'vitest';
import type { Plugin } from '../../../../core';
import type { ProjectData } from '../../../../core/project/types';
import { validateProject } from '../../../../core/project/validate';
import { standardPreset } from '../../../../plugins/presets/standard';

const project = (extra: Partial<ProjectData> = {}) =>
  ({
    projectId: 'p',
    accountId: 'a',
    revision: 1,
    pages: [{ id: 'home', apiName: 'home' }],
    events: [{ id: 'ev1', apiName: 'cta', eventType: 'click', pageId: 'home', config: { selector: '#cta' } }],
    layers: [{ id: 'l1', policy: 'single_experiment', experiments: [{ id: 'e1', variations: [{ id: 'v1', actions: [] }] }] }],
    ...extra,
  }) as unknown as ProjectData;

const problems = (data: ProjectData, plugins: readonly Plugin[] = standardPreset()) =>
  validateProject(data, { plugins, rules: plugins.flatMap((plugin) => (plugin.validate ? [plugin.validate] : [])) })
    // Only the plugins' rules: the core's checks of the same data are tested with the core.
    .filter((problem) => problem.severity == 'error' && /No deciders|activationType|click event/.test(problem.message))
    .map((problem) => `${problem.entity} ${problem.path}: ${problem.message}`);

describe('plugin build rules', () => {
  it('CFG-8 CFG-21 a valid project with the standard preset has no error', () => {
    expect(problems(project())).toEqual([]);
  });

  it('CFG-8 DEC-24 an unknown layer policy is an error naming the policy and the layer', () => {
    const data = project({ layers: [{ id: 'l1', policy: 'round_robin', experiments: [{ id: 'e1', variations: [{ id: 'v1', actions: [] }] }] }] as never });
    expect(problems(data)).toContain('layer "l1" layers[0].policy: No deciders found for policy "round_robin"');
  });
});
