/**
 * The project module a publish builds: the working copy's data as a TypeScript literal, functions
 * written out as their source text, so the snippet build compiles them into real functions (the
 * runtime never evaluates a string). For a project from `config/`, the module is the project file
 * itself with only its `data:` replaced, so its plugin list (and whatever it imports) is kept as
 * written; for a project created in the editor it is the standard preset.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type TS from 'typescript';
import { functionSource } from '../../editor-model/project-codec';
import { isEncodedFunction } from '../../editor-model/project-schema';
import { ROOT } from '../../compiler/snippet';

/** The TypeScript compiler, loaded on the first publish (it is large and only the parser is used). */
let ts: typeof TS;

/**
 * Writes a decoded value (functions as `{ $fn }`) as a TypeScript expression. `reference` may name
 * an expression for a function instead of its source (an unchanged function of the config file).
 */
export function toLiteral(value: unknown, indent = '', reference: (source: string) => string | undefined = () => undefined): string {
  if (isEncodedFunction(value)) return reference(value.$fn) ?? `(${value.$fn})`;
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const inner = indent + '  ';
    return `[\n${value.map((item) => inner + toLiteral(item, inner, reference)).join(',\n')},\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return '{}';
    const inner = indent + '  ';
    return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${toLiteral(item, inner, reference)}`).join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value);
}

const importPath = (file: string) => JSON.stringify(file.split('\\').join('/'));

/** The module of a project created in the editor: its data and the standard preset. */
function presetModule(dataLiteral: string): string {
  return [
    `import { defineProject } from ${importPath(resolve(ROOT, 'core/index.ts'))};`,
    `import { standardPreset } from ${importPath(resolve(ROOT, 'plugins/presets/standard.ts'))};`,
    `export default defineProject({ data: ${dataLiteral}, plugins: standardPreset() });`,
  ].join('\n');
}

/** Finds the object literal given to the default export (`defineProject({...})` or `{...}`). */
function defaultExportObject(source: TS.SourceFile): TS.ObjectLiteralExpression | undefined {
  const declared = new Map<string, TS.Expression>();
  let exported: TS.Expression | undefined;
  source.forEachChild((node) => {
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) declared.set(declaration.name.text, declaration.initializer);
      }
    }
    if (ts.isExportAssignment(node) && !node.isExportEquals) exported = node.expression;
  });
  const unwrap = (expression: TS.Expression | undefined, depth = 0): TS.ObjectLiteralExpression | undefined => {
    if (!expression || depth > 4) return undefined;
    if (ts.isObjectLiteralExpression(expression)) return expression;
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
      return unwrap(expression.expression, depth + 1);
    }
    if (ts.isCallExpression(expression)) return unwrap(expression.arguments[0], depth + 1);
    if (ts.isIdentifier(expression)) return unwrap(declared.get(expression.text), depth + 1);
    return undefined;
  };
  return unwrap(exported);
}

/**
 * The config file's text with `data: ...` replaced by the literal and every relative import made
 * absolute (the module is written elsewhere). Undefined when the file has no recognisable
 * `data` property, and then the caller uses the preset module.
 */
function configModule(file: string, dataLiteral: string): string | undefined {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const object = defaultExportObject(source);
  const dataProperty = object?.properties.find(
    (property): property is TS.PropertyAssignment | TS.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
      ts.isIdentifier(property.name) && property.name.text === 'data',
  );
  if (!dataProperty) return undefined;
  const edits: Array<{ start: number; end: number; text: string }> = [
    { start: dataProperty.getStart(source), end: dataProperty.getEnd(), text: `data: ${dataLiteral}` },
  ];
  const visit = (node: TS.Node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
          ? (node.arguments[0] as TS.StringLiteral)
          : undefined;
    if (specifier && specifier.text.startsWith('.') && !isAbsolute(specifier.text)) {
      edits.push({ start: specifier.getStart(source), end: specifier.getEnd(), text: importPath(resolve(dirname(file), specifier.text)) });
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * Where each function of the config file's data is, by its source text: an access path from the
 * module's default export (`.data["layers"][0]...`). A function people did not edit is taken from
 * there, with its closure (module constants, helpers it imports), rather than rebuilt from its text.
 */
export function functionPaths(value: unknown, path = '.data', out = new Map<string, string>(), seen = new Set<unknown>()): Map<string, string> {
  if (typeof value === 'function') {
    const source = functionSource(value as () => unknown);
    if (!out.has(source)) out.set(source, path);
  } else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const [key, item] of Object.entries(value)) functionPaths(item, `${path}[${JSON.stringify(Array.isArray(value) ? Number(key) : key)}]`, out, seen);
  }
  return out;
}

/**
 * Helpers a function's text may call after the TypeScript loader compiled it (it keeps function
 * names with `__name`), declared so an edited function built from its text runs the same.
 */
const TEXT_HELPERS = 'const __name = (target: any, value: string) => Object.defineProperty(target, "name", { value, configurable: true });';

/**
 * The module source for a publish. `data` is decoded working-copy data with functions as
 * `{ $fn: source }`; `configFile` is the project's `config/<name>/project.ts`, when it has one.
 */
export async function projectModule(data: Record<string, unknown>, configFile?: string, configData?: unknown): Promise<string> {
  ts ??= (await import('typescript')).default;
  const paths = configFile && configFile.endsWith('.ts') && configData ? functionPaths(configData) : new Map<string, string>();
  let referenced = false;
  const literal = toLiteral(data, '  ', (source) => {
    const path = paths.get(source);
    if (path) referenced = true;
    return path ? `__variaConfig${path}` : undefined;
  });
  const fromConfig = configFile && configFile.endsWith('.ts') ? configModule(configFile, literal) : undefined;
  const head = [TEXT_HELPERS, ...(referenced && fromConfig ? [`import __variaConfig from ${importPath(configFile!)};`] : [])];
  return `${head.join('\n')}\n${fromConfig ?? presetModule(literal)}`;
}
