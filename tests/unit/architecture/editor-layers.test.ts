/**
 * The editor's house keeps its layers (scripts/lib/layers.ts): desktop/main and desktop/preload
 * import only the IPC contract of desktop/shared; the renderer only the editor model, the
 * statistics, the runtime and the shared contract; editor-model, compiler and services only what is
 * below them; nothing that runs in a browser imports Node or Electron; and no area has an import
 * cycle inside it, dynamic and type-only imports included.
 */
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';
import { areaOf, checkLayerFile, checkLayers, findCycles, importRefs, layerCycles, sourcesUnder } from '../../../scripts/lib/layers';

const rules = (file: string, specifier: string, kind = 'import x from') => checkLayerFile(ROOT, file, `${kind} '${specifier}';`).map((v) => v.rule);

describe('editor layers', () => {
  it('every area of the editor is walked', () => {
    const areas = new Set(['desktop', 'editor-model', 'compiler', 'services'].flatMap((dir) => sourcesUnder(ROOT, dir)).map(areaOf));
    for (const area of ['desktop/main', 'desktop/preload', 'desktop/renderer', 'desktop/shared', 'editor-model', 'compiler', 'services']) expect(areas).toContain(area);
  });

  it('desktop/{main,preload,renderer,shared}, editor-model, compiler and services keep the layer rules', () => {
    expect(checkLayers(ROOT)).toEqual([]);
  });

  it('no area has an import cycle inside it, dynamic and type-only imports included', () => {
    expect(layerCycles(ROOT)).toEqual([]);
  });

  it('flags an import up the layers or across them', () => {
    expect(rules('desktop/renderer/src/app.tsx', '../../../services/index')).toEqual(['desktop/renderer does not import services']);
    expect(rules('desktop/renderer/src/app.tsx', '../../main/index')).toEqual(['desktop/renderer does not import desktop/main']);
    expect(rules('desktop/main/index.ts', '../renderer/src/app')).toEqual(['desktop/main does not import desktop/renderer']);
    expect(rules('desktop/preload/index.ts', '../../editor-model/project-schema')).toEqual(['desktop/preload does not import editor-model']);
    expect(rules('editor-model/project-codec.ts', '../desktop/shared/ipc-contract')).toEqual(['editor-model does not import desktop/shared']);
    expect(rules('compiler/snippet.ts', '../services/index')).toEqual(['compiler does not import services']);
    expect(rules('services/index.ts', '../desktop/renderer/src/model/entities')).toEqual(['services does not import desktop/renderer']);
  });

  it('EDT-3 flags Node and Electron where a browser runs the code, and Electron outside main and preload', () => {
    expect(rules('desktop/renderer/src/app.tsx', 'node:fs')).toEqual(['desktop/renderer runs in a browser: no node:fs']);
    expect(rules('editor-model/checks.ts', 'electron')).toEqual(['editor-model runs in a browser: no electron']);
    expect(rules('services/index.ts', 'electron')).toEqual(['only desktop/main and desktop/preload import electron']);
    expect(rules('desktop/main/index.ts', 'electron')).toEqual([]);
  });

  it('allows what each layer may import', () => {
    expect(rules('desktop/renderer/src/model/entities.ts', '../../../../editor-model/project-schema')).toEqual([]);
    expect(rules('desktop/main/index.ts', '../shared/ipc-contract')).toEqual([]);
    expect(rules('services/routes/editor.ts', '../../compiler/snippet')).toEqual([]);
    // The preload's API as the renderer's type of the bridge: types only.
    expect(rules('desktop/renderer/src/bridge/bridge.ts', '../../../preload/index', 'import type { Api } from')).toEqual([]);
    expect(rules('desktop/renderer/src/bridge/bridge.ts', '../../../preload/index')).toEqual(['desktop/renderer does not import desktop/preload']);
  });

  it('sees dynamic and type-only imports, and finds a lazily loaded panel that imports its host back', () => {
    const source = `import type { SlotProps } from './slots';\nconst Panel = lazy(() => import('../canvas/canvas'));\nexport { x } from './x';`;
    expect(importRefs(source)).toEqual([
      { specifier: './slots', typeOnly: true },
      { specifier: '../canvas/canvas', typeOnly: false },
      { specifier: './x', typeOnly: false },
    ]);
    const graph = new Map([
      ['workspace/slots.tsx', ['canvas/canvas.tsx']],
      ['canvas/canvas.tsx', ['model/hooks.tsx', 'workspace/slots.tsx']],
      ['model/hooks.tsx', []],
    ]);
    expect(findCycles(graph)).toEqual([['workspace/slots.tsx', 'canvas/canvas.tsx']]);
    expect(findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });
});
