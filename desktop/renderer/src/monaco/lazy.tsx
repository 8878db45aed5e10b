/**
 * Monaco on first use (EDT-20, EDT-26): these wrappers load the editor bundle only when a form that
 * needs it is shown, with a placeholder of the same height meanwhile. Use these, never import
 * code-editor.tsx directly, so the editor's initial bundle stays free of Monaco.
 */
import { lazy, Suspense } from 'react';
import type { CodeEditorProps, CodeDiffProps } from './code-editor';

const LazyCodeEditor = lazy(() => import('./code-editor'));
const LazyCodeDiff = lazy(() => import('./code-editor').then((module) => ({ default: module.CodeDiff })));

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
export function CodeDiff(props: CodeDiffProps) {
  return (
    <Suspense fallback={placeholder(props.height)}>
      <LazyCodeDiff {...props} />
    </Suspense>
  );
}

export type { CodeEditorProps, CodeLanguage, CodeDiffProps } from './code-editor';
