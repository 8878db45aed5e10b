/**
 * The editor's backend, composed once per services process (by `startServices`): the workspace of
 * projects, the live synchroniser of their working copies, the registry of custom code previewed on the
 * canvas, and the preview links of working copies. Routes receive it through the services context.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServicesSecurity } from '../http/security';
import { createPreviewCodeRegistry, type PreviewCodeRegistry } from './preview-code';
import { createPreviewLinks, type PreviewLinks } from './preview-links';
import { createEditorSync, type EditorSync } from './sync';
import { Workspace } from './workspace';

/** The editor's backend of one services process. */
export interface EditorServices {
  workspace: Workspace;
  sync: EditorSync;
  previewCode: PreviewCodeRegistry;
  /** Preview links of working copies (preview-links.ts). */
  previews: PreviewLinks;
  /** Closes the synchroniser and saves every open project. */
  close(): Promise<void>;
}

/** Options of {@link createEditorServices}. */
export interface EditorServicesOptions {
  /** The data folder (`<dataDir>/editor/` holds the projects); null: a fresh temporary folder (tests). */
  dataDir: string | null;
  /** Where published snippets are served from. */
  snippetsDir: string;
  security: ServicesSecurity;
}

/** Creates the editor's backend. */
export function createEditorServices({ dataDir, snippetsDir, security }: EditorServicesOptions): EditorServices {
  const base = dataDir ?? mkdtempSync(join(tmpdir(), 'varia-editor-'));
  const workspace = new Workspace(join(base, 'editor'), snippetsDir);
  const sync = createEditorSync(workspace, security);
  return {
    workspace,
    sync,
    previewCode: createPreviewCodeRegistry(),
    previews: createPreviewLinks(),
    async close() {
      await sync.close();
      await workspace.close();
    },
  };
}
