/**
 * Page parts at build time (compiler/page-parts.ts): the names a project module may declare, the part's
 * script (run here against a bare window, as a page runs it before the snippet) registering its module's
 * data, and the snippet's stand-in of that module reading it back.
 */
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pagePartCode, pagePartsOf, pagePartStubs } from '../../../compiler/page-parts';
import { ROOT, bundle } from '../../../compiler/snippet';
import deDe from '../../../config/homepage/site/copy/page-parts/de-de';
import { PARTS_GLOBAL } from '../../../plugins/_shared/parts';

const PROJECT = join(ROOT, 'config/homepage/project.ts');
const DE_DE = './site/copy/page-parts/de-de.ts';

describe('page parts of a project module', () => {
  it('resolves each declared module from the project file; a module that declares none has none', () => {
    expect(pagePartsOf({ pageParts: { 'copy-de-de': DE_DE } }, PROJECT)).toEqual([
      { name: 'copy-de-de', file: join(ROOT, 'config/homepage/site/copy/page-parts/de-de.ts') },
    ]);
    expect(pagePartsOf({}, PROJECT)).toEqual([]);
  });

  it('refuses a name that is not lower-case words, the registry key of an on-demand part, or a missing module', () => {
    for (const name of ['a', 'Copy', 'copy_de', 'copy-', 'behavior', 'qa-log']) {
      expect(() => pagePartsOf({ pageParts: { [name]: DE_DE } }, PROJECT), name).toThrow(`page part "${name}" needs a name`);
    }
    expect(() => pagePartsOf({ pageParts: { 'copy-xx': './site/copy/page-parts/xx.ts' } }, PROJECT)).toThrow('names a module that does not exist');
    expect(() => pagePartsOf({ pageParts: ['copy-de-de'] }, PROJECT)).toThrow('page part "0" needs a name');
  });

  it("HPC-35 the part's script registers its module's data, which the snippet's stand-in of the module reads", async () => {
    const [part] = pagePartsOf({ pageParts: { 'copy-de-de': DE_DE } }, PROJECT);
    const window: Record<string, unknown> = {};
    runInNewContext(await pagePartCode(part), { window });
    expect((window[PARTS_GLOBAL] as Record<string, unknown>)['copy-de-de']).toEqual(deDe);

    // An entry that imports the module, built with the stand-in as a snippet is: it reads the registry.
    const entry = `import copy from './config/homepage/site/copy/page-parts/de-de';\nwindow.read = copy;`;
    const reader = await bundle(entry, 'iife', pagePartStubs([part]));
    expect(reader).not.toContain(deDe.hero.title1);
    runInNewContext(reader, { window });
    expect(window.read).toEqual(deDe);
    const elsewhere: Record<string, unknown> = {};
    runInNewContext(reader, { window: elsewhere });
    expect(elsewhere.read).toBeUndefined();
  });
});
