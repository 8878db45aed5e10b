/**
 * Monaco, bundled and offline (EDT-20): the local `monaco-editor` package handed to
 * `@monaco-editor/react` (which would otherwise fetch Monaco from a CDN), its language workers as
 * Vite `?worker` bundles, and the language services set up for Varia: the custom-code API types for
 * JavaScript and TypeScript, CSS and HTML validation, JSON validated against widget schemas.
 *
 * Imported only by lazily loaded components (see lazy.tsx), so Monaco is loaded on first use.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { CUSTOM_CODE_LIB, CUSTOM_CODE_LIB_URI } from './custom-code-api';

type Schema = { uri: string; fileMatch: string[]; schema: unknown };

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker();
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker();
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    return new EditorWorker();
  },
};

loader.config({ monaco });

const compilerOptions = {
  target: monaco.typescript.ScriptTarget.ES2020,
  allowNonTsExtensions: true,
  checkJs: true,
  strict: false,
  noEmit: true,
  lib: ['es2020', 'dom'],
};
for (const defaults of [monaco.typescript.javascriptDefaults, monaco.typescript.typescriptDefaults]) {
  defaults.setCompilerOptions(compilerOptions);
  defaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
  defaults.addExtraLib(CUSTOM_CODE_LIB, CUSTOM_CODE_LIB_URI);
}

/** JSON schemas by model URI: each widget editor registers its widget's schema for its own model. */
const schemas = new Map<string, Schema>();
const applySchemas = () =>
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemas.values()],
  });
applySchemas();

/**
 * Validates and completes the JSON of the model at `modelUri` against `schema`; returns the function
 * that removes it again.
 */
export const registerJsonSchema = (modelUri: string, schema: unknown): (() => void) => {
  schemas.set(modelUri, { uri: `${modelUri}.schema.json`, fileMatch: [modelUri], schema });
  applySchemas();
  return () => {
    schemas.delete(modelUri);
    applySchemas();
  };
};

export { monaco };
