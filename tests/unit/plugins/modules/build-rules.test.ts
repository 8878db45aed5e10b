/**
 * Mistakes caught at build (validateProject with the plugins' rules, as the snippet build and the kernel
 * run it): an unknown layer policy, a page activation type no view provider serves (unknown, or
 * immediate by default without its provider), a click event without a page to attach to. Each problem
 * carries the catalogue's message and the entity's path; a project valid for the standard preset is clean.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from '../../../../core';
import type { ProjectData } from '../../../../core/project/types';
import { validateProject } from '../../../../core/project/validate';
import { standardPreset } from '../../../../plugins/presets/standard';
import { buildSnippet } from '../../../../compiler/build';

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
  it('PAG-7 ERR-17 an unknown page activation type is an error, not only a warning', () => {
    const data = project({ pages: [{ id: 'home', apiName: 'home', activationType: 'on_scroll' }] as never });
    expect(problems(data)).toContain('page "home" pages[0].activationType: Unknown view activationType "on_scroll"');
  });

  it('PAG-2 PAG-7 a page without activation type needs the immediate provider in the snippet', () => {
    const plugins = standardPreset().filter((plugin) => !(plugin.type == 'viewProvider' && plugin.name == 'immediate'));
    expect(problems(project(), plugins)).toContain('page "home" pages[0].activationType: Unknown view activationType "immediate"');
  });

  it('PAG-16 TRK-3 a click event without a page of the project is an error', () => {
    const events = [
      { id: 'ev1', apiName: 'cta', eventType: 'click', config: { selector: '#cta' } },
      { id: 'ev2', apiName: 'buy', eventType: 'click', pageId: 'nowhere', config: { selector: '#buy' } },
      { id: 'ev3', apiName: 'done', eventType: 'custom' },
    ];
    expect(problems(project({ events } as never))).toEqual([
      'event "ev1" events[0].pageId: A click event needs the id of the page it is attached on, got "undefined"',
      'event "ev2" events[1].pageId: A click event needs the id of the page it is attached on, got "nowhere"',
    ]);
  });
  it('CFG-8 PAG-7 PAG-16 the snippet build refuses such a project, naming the policy, the type, the event and their paths', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-rules-'));
    const file = join(dir, 'project.json');
    const data = project({
      pages: [{ id: 'home', apiName: 'home', activationType: 'on_scroll' }],
      events: [{ id: 'ev1', apiName: 'cta', eventType: 'click', config: { selector: '#cta' } }],
      layers: [{ id: 'l1', policy: 'round_robin', experiments: [{ id: 'e1', variations: [{ id: 'v1', actions: [] }] }] }],
    } as never);
    writeFileSync(file, JSON.stringify({ data, plugins: { preset: 'standard' } }));
    const failure = await buildSnippet(file, join(dir, 'out.js')).then(() => 'built', (error: Error) => error.message);
    expect(failure).toContain('layers[0].policy');
    expect(failure).toContain('No deciders found for policy "round_robin"');
    expect(failure).toContain('Unknown view activationType "on_scroll"');
    expect(failure).toContain('events[0].pageId');
  }, 120_000);
});
