/**
 * Monaco on first use (EDT-20, EDT-26): these wrappers load the editor bundle only when a form that
 * needs it is shown, with a placeholder of the same height meanwhile. Use these, never import
 * code-editor.tsx directly, so the editor's initial bundle stays free of Monaco.
 */
import { lazy, Suspense } from 'react';
import type { CodeEditorProps, DiffViewProps } from './code-editor';

const LazyCodeEditor = lazy(() => import('./code-editor'));
const LazyDiffView = lazy(() => import('./code-editor').then((module) => ({ default: module.DiffView })));

const placeholder = (height: number | string | undefined) => (
  <div className="code-editor code-editor--loading" style={{ height: height ?? 220 }}>
    <span>Loading editor…</span>
  </div>
);

/** A Monaco editor for code, CSS, HTML or JSON, loaded on first use. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={placeholder(props.height)}>
      <LazyCodeEditor {...props} />
    </Suspense>
  );
}

/** Monaco's diff editor, loaded on first use. */
export function DiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={placeholder(props.height)}>
      <LazyDiffView {...props} />
    </Suspense>
  );
}

export type { CodeEditorProps, CodeLanguage, DiffViewProps } from './code-editor';
