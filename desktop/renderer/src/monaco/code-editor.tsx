/**
 * The Monaco editors of the change forms (EDT-20): one component for code, CSS, HTML and JSON, and
 * the diff editor. Loaded lazily through lazy.tsx: importing this file loads Monaco.
 */
import { DiffEditor as MonacoDiff, Editor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { monaco, registerJsonSchema } from './environment';

/** Languages the forms edit. */
export type CodeLanguage = 'javascript' | 'typescript' | 'css' | 'html' | 'json';

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  /** Stable model path, e.g. `change-12/code.js`: one model per field, so undo history stays with it. */
  path: string;
  language: CodeLanguage;
  value: string;
  onChange(value: string): void;
  /** JSON only: the JSON Schema the value is validated and completed against. */
  jsonSchema?: unknown;
  /** Called with the current problems (Monaco markers) whenever they change. */
  onProblems?(problems: string[]): void;
  height?: number | string;
  /** Accessible name of the editor. */
  label: string;
  readOnly?: boolean;
}

const OPTIONS = {
  minimap: { enabled: false },
  fontSize: 12.5,
  lineHeight: 19,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  scrollBeyondLastLine: false,
  automaticLayout: true,
  tabSize: 2,
  renderLineHighlight: 'line',
  lineNumbersMinChars: 3,
  padding: { top: 8, bottom: 8 },
  scrollbar: { verticalScrollbarSize: 8, horizontalScrollbarSize: 8 },
  fixedOverflowWidgets: true,
  wordWrap: 'on',
} as const;

/** A Monaco editor bound to one value. */
export default function CodeEditor({ path, language, value, onChange, jsonSchema, onProblems, height = 220, label, readOnly }: CodeEditorProps) {
  const uri = monaco.Uri.parse(`file:///varia/${path}`).toString();
  const problems = useRef(onProblems);
  problems.current = onProblems;

  useEffect(() => (language === 'json' && jsonSchema ? registerJsonSchema(uri, jsonSchema) : undefined), [uri, language, jsonSchema]);
  useEffect(() => {
    const report = () => {
      const markers = monaco.editor.getModelMarkers({ resource: monaco.Uri.parse(uri) });
      problems.current?.(markers.filter((m) => m.severity >= monaco.MarkerSeverity.Warning).map((m) => `Line ${m.startLineNumber}: ${m.message}`));
    };
    const listener = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((changed) => changed.toString() === uri)) report();
    });
    // Another model (a new path, or JavaScript switched to TypeScript): its problems, not the last one's.
    report();
    return () => listener.dispose();
  }, [uri]);

  return (
    <div className="code-editor" data-language={language} aria-label={label} role="group">
      <Editor
        height={height}
        path={uri}
        language={language}
        value={value}
        theme="vs"
        options={{ ...OPTIONS, readOnly, ariaLabel: label }}
        onChange={(next) => onChange(next ?? '')}
        loading={<div className="code-editor__loading">Loading editor…</div>}
      />
    </div>
  );
}

/** Props of {@link CodeDiff}. */
export interface CodeDiffProps {
  original: string;
  modified: string;
  language: CodeLanguage;
  height?: number | string;
}

/** Monaco's diff editor, read-only (revisions, review). */
export function CodeDiff({ original, modified, language, height = 240 }: CodeDiffProps) {
  return (
    <MonacoDiff
      height={height}
      original={original}
      modified={modified}
      language={language}
      options={{ ...OPTIONS, readOnly: true, renderSideBySide: true, originalEditable: false }}
    />
  );
}
