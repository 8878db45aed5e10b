import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';
import { checkBoundaries, checkFile, importsOf } from '../../../scripts/lib/boundaries';

describe('import boundaries', () => {
  it('flags the statistics importing a package, a Node module or anything outside their folder', () => {
    const rules = (specifier: string) => checkFile(ROOT, 'stats/compare.ts', `import x from '${specifier}';`).map((v) => v.rule);
    expect(rules('./moments')).toEqual([]);
    for (const specifier of ['node:fs', 'jstat', '../collector/store', '../../core/index']) expect(rules(specifier)).toEqual(['stats/ imports only its own folder']);
  });

  it('core/, plugins/ and stats/ keep the import rules', () => {
    expect(checkBoundaries(ROOT)).toEqual([]);
  });

  it('finds static, re-export, side-effect and dynamic imports', () => {
    const source = `import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './d';\nconst e = await import('./e');`;
    expect(importsOf(source)).toEqual(['./a', '../b', './c', './d', './e']);
  });

  it('flags core/ importing a plugin', () => {
    const found = checkFile(ROOT, 'core/kernel.ts', `import x from '../plugins/deciders/single/index';`);
    expect(found).toEqual([{ file: 'core/kernel.ts', specifier: '../plugins/deciders/single/index', rule: 'core/ imports only core/' }]);
  });

  it('flags a plugin importing another plugin, another kind\'s _shared, or the test kit', () => {
    const file = 'plugins/deciders/single/index.ts';
    const rules = (specifier: string) => checkFile(ROOT, file, `import x from '${specifier}';`).map((v) => v.rule);
    expect(rules('../equal-priority/pick')).toEqual(['plugin "deciders/single" imports plugin "deciders/equal-priority"']);
    expect(rules('../../trackers/_shared/batch')).toEqual(['plugin of kind "deciders" imports from kind "trackers"']);
    expect(rules('../../../core/testing')).toEqual(['plugins do not import the test kit']);
    expect(rules('../../../config/example/project')).toEqual(["plugins import only core/, their own folder and their kind's _shared/"]);
  });

  it('allows a plugin its own folder, its kind\'s _shared, the runtime-wide plugins/_shared and core/', () => {
    const file = 'plugins/deciders/single/index.ts';
    const source = `import a from './pick';\nimport b from '../_shared/bucket';\nimport c from '../../_shared/params';\nimport { definePlugin } from '../../../core';`;
    expect(checkFile(ROOT, file, source)).toEqual([]);
  });

  it('lets a preset import plugins, and no plugin import a preset', () => {
    expect(checkFile(ROOT, 'plugins/presets/standard.ts', `import a from '../deciders/single/index';`)).toEqual([]);
    expect(checkFile(ROOT, 'plugins/presets/standard.ts', `import a from '../../config/example/project';`).map((v) => v.rule)).toEqual([
      'presets import only core/ and plugins/',
    ]);
    expect(checkFile(ROOT, 'plugins/deciders/single/index.ts', `import p from '../../presets/standard';`).map((v) => v.rule)).toEqual([
      'plugins do not import presets',
    ]);
  });
});
