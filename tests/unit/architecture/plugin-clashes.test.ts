/**
 * A name clash in a project's plugin list is loud at build: two plugins of one kind under one name refuse
 * the build, unless the later one is made with replacing(), which the build reports as a warning.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSnippet, projectProblems } from '../../../compiler/build';
import { definePlugin, replacing } from '../../../core';
import { formatProblem } from '../../../core/project';
import { standardPreset } from '../../../plugins/presets/standard';

const ownUrl = definePlugin({ type: 'audienceMatcher', name: 'url', match: () => true });
const data = { projectId: 'clash', accountId: 'a', revision: 1 };

describe('plugin name clashes at build', () => {
  it('KRN-12 a matcher named like the standard preset\'s is an error naming the plugin and where it is listed', () => {
    const plugins = [...standardPreset(), ownUrl];
    const errors = projectProblems({ data, plugins }).filter((problem) => problem.severity === 'error');
    expect(errors.map(formatProblem)).toEqual([
      `project plugins: Plugin name "audienceMatcher url" is taken: wrap it in replacing() to replace the earlier one on purpose (at plugins[${plugins.length - 1}])`,
    ]);
  });

  it('KRN-12 replacing() makes the replacement deliberate: no error, a warning that says so', () => {
    const plugins = [...standardPreset(), replacing(ownUrl)];
    const problems = projectProblems({ data, plugins });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(problems.filter((problem) => problem.severity === 'warning').map((problem) => problem.message)).toEqual([
      'Plugin "audienceMatcher url" replaces any earlier one of its name, on purpose',
    ]);
  });

  it('KRN-12 a JSON project naming one plugin twice is not built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-clash-'));
    const project = join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ data, plugins: ['modules/timeline', 'modules/timeline'] }));
    await expect(buildSnippet(project, join(dir, 'out.js'))).rejects.toThrow('Plugin name "apiModule timeline" is taken');
  }, 60_000);
});
