/**
 * Monaco's diff editor for one field's values (EDT-10): code, CSS, HTML and JSON side by side.
 * Loaded lazily (this module pulls in Monaco, bundled and offline through ../monaco/environment),
 * so Monaco is fetched the first time someone opens a diff, never at start.
 */
import { DiffEditor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import '../monaco/environment';
import type { ValueFormat } from '../../../../editor-model/project-diff';

const LANGUAGES: Record<ValueFormat, string> = { code: 'javascript', html: 'html', css: 'css', json: 'json', text: 'plaintext' };

/** Props of {@link MonacoDiff}. */
export interface MonacoDiffProps {
  before: string;
  after: string;
  format: ValueFormat;
}

/** A read-only side-by-side diff. */
export default function MonacoDiff({ before, after, format }: MonacoDiffProps) {
  const lines = Math.max(before.split('\n').length, after.split('\n').length);
  const editor = useRef<{ getModel(): { original: { dispose(): void }; modified: { dispose(): void } } | null } | null>(null);
  useEffect(() => () => {
    // Disposed after the diff editor itself is (its wrapper keeps the models to avoid a dispose-order error).
    const models = editor.current?.getModel();
    setTimeout(() => {
      models?.original.dispose();
      models?.modified.dispose();
    });
  }, []);
  return (
    <div className="monaco-diff" data-testid="monaco-diff" style={{ height: Math.min(360, Math.max(96, lines * 19 + 16)) }}>
      <DiffEditor
        original={before}
        modified={after}
        language={LANGUAGES[format]}
        theme="vs"
        // The wrapper disposes the models itself; keeping them avoids a dispose-order error on unmount.
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={(instance) => {
          editor.current = instance;
        }}
        options={{ readOnly: true, renderSideBySide: true, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 12, automaticLayout: true, renderOverviewRuler: false }}
      />
    </div>
  );
}
