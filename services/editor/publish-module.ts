/**
 * The module a publish of a `config/<name>/project.ts` project builds (EDT-13): the config module
 * itself, imported, with its data replaced by the working copy's and, when the data needs them, the
 * change appliers its own plugin list lacks (sources.ts, `publishPlugins`).
 *
 * The working copy keeps every value as a literal, also the ones the config file computes (the
 * homepage's layers are generated from tables by code). Written out as literals they would make the
 * snippet about 9 KB gzip larger than `npm run build:snippet` of the same project. So every value of
 * the working copy that equals a value of the config file's data (functions by their source text) is
 * written as a reference to that value in the imported module (`__variaConfig.data["layers"][2]`):
 * an unchanged project builds to its config file's snippet with only the revision changed, and an
 * edited one carries literals only for what was edited. A function people did not edit is taken
 * from the config module the same way, with its closure; an edited one is built from its text.
 *
 * Values the config module reads from its page parts (compiler/page-parts.ts: the homepage's copy of each
 * locale) are referred to as the rest, and the snippet reads them from the page; an edited one is written
 * out, so its text is in the snippet itself (a locale hero edited in the editor adds its copy, about
 * 0.9 KB gzip, to every page's snippet until the config file takes the edit).
 */
import { functionSource } from '../../editor-model/project-codec';
import { isEncodedFunction } from '../../editor-model/project-schema';
import { ROOT } from '../../compiler/snippet';
import type { ConfigSource, PublishPlugins } from './sources';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

/** Told of every function, object and array under a value: its text and its access path. */
type Record_ = (value: object, text: string, path: string) => void;

let opaque = 0;

/**
 * A value's text for comparison, in the working copy's form (functions as `{ $fn: source }`,
 * undefined fields left out): equal texts are equal values, whatever the order of their keys. An
 * object that is not plain data (a Date, a RegExp...) equals nothing: the working copy cannot hold
 * it, so a value there is never taken for it.
 */
function canonical(value: unknown, path: string, record: Record_): string {
  if (typeof value === 'function') {
    const text = `{"$fn":${JSON.stringify(functionSource(value as () => unknown))}}`;
    record(value, text, path);
    return text;
  }
  if (!isObject(value)) return value === undefined ? 'undefined' : (JSON.stringify(value) ?? 'undefined');
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return `\u0000opaque ${(opaque += 1)}`;
  const at = (key: string) => `${path}[${Array.isArray(value) ? key : JSON.stringify(key)}]`;
  const text = Array.isArray(value)
    ? `[${value.map((item, index) => canonical(item, at(String(index)), record)).join(',')}]`
    : `{${Object.keys(value).filter((key) => value[key] !== undefined).sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key], at(key), record)}`).join(',')}}`;
  record(value, text, path);
  return text;
}

/** Every value of a config file's data by its text: the first access path to it from the module. */
const indexes = new WeakMap<ConfigSource, Map<string, string>>();

function configIndex(source: ConfigSource): Map<string, string> {
  let index = indexes.get(source);
  if (!index) {
    const found = new Map<string, string>();
    // Paths in the order the module's data is written, the outer value before what it holds.
    const seen: Array<[string, string]> = [];
    canonical(source.project.data, '__variaConfig.data', (_value, text, path) => void seen.push([text, path]));
    for (const [text, path] of seen.reverse()) if (!found.has(text) || path.length < found.get(text)!.length) found.set(text, path);
    index = found;
    indexes.set(source, index);
  }
  return index;
}

/** The data as a TypeScript expression, with references to the config module for what it has. */
function dataExpression(data: Record<string, unknown>, index: Map<string, string>): { text: string; fromText: boolean } {
  const texts = new Map<object, string>();
  canonical(data, '', (value, text) => void texts.set(value, text));
  const used = new Set<string>();
  let fromText = false;
  const write = (value: unknown, indent: string): string => {
    if (!isObject(value)) return value === undefined ? 'undefined' : JSON.stringify(value);
    const text = texts.get(value)!;
    const reference = index.get(text);
    // One reference per config value, so the data stays a tree as it was written; a short value is
    // as small written out.
    if (reference && !used.has(reference) && reference.length < text.length) {
      used.add(reference);
      return reference;
    }
    if (isEncodedFunction(value)) {
      fromText = true;
      return `(${value.$fn})`;
    }
    const inner = `${indent}  `;
    if (Array.isArray(value)) return value.length ? `[\n${value.map((item) => inner + write(item, inner)).join(',\n')},\n${indent}]` : '[]';
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length ? `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${write(item, inner)}`).join(',\n')},\n${indent}}` : '{}';
  };
  const text = write(data, '  ');
  return { text, fromText };
}

const importPath = (file: string) => JSON.stringify(file.split('\\').join('/'));

/**
 * Helpers a function's text may call after the TypeScript loader compiled it (it keeps function
 * names with `__name`), declared so an edited function built from its text runs the same.
 */
const TEXT_HELPERS = 'const __name = (target: any, value: string) => Object.defineProperty(target, "name", { value, configurable: true });';

/** The expression of one added plugin (a factory's default export is called, as the snippet entry does). */
const pluginUse = (name: string) => `(typeof ${name} == 'function' ? (${name} as (options: unknown) => unknown)({}) : ${name})`;

/**
 * The module source of a publish of a config `.ts` project. `data` is the working copy's data with
 * functions as `{ $fn: source }` (and the revision being published); `plugins` what
 * `publishPlugins` chose for it.
 */
export function configPublishModule(source: ConfigSource, data: Record<string, unknown>, plugins: PublishPlugins): string {
  const { text, fromText } = dataExpression(data, configIndex(source));
  const lines = [`import __variaConfig from ${importPath(source.file)};`];
  plugins.added.forEach((entry, index) => lines.push(`import __variaPlugin${index} from ${importPath(`${ROOT}/plugins/${entry.use}/index.ts`)};`));
  if (fromText) lines.push(TEXT_HELPERS);
  let pluginList = '';
  if (plugins.added.length) {
    lines.push('const __variaPlugins = __variaConfig.plugins ?? [];');
    const added = plugins.added.map((_entry, index) => pluginUse(`__variaPlugin${index}`)).join(', ');
    pluginList = `,\n  plugins: [...__variaPlugins.slice(0, ${plugins.at}), ${added}, ...__variaPlugins.slice(${plugins.at})] as never[]`;
  }
  lines.push(`export default { ...__variaConfig,\n  data: ${text}${pluginList},\n};`);
  // The config module's page parts, by absolute path (this module is written elsewhere): `npm run
  // build:snippet` of this module then builds the snippet the publish builds.
  if (source.pageParts?.length) {
    const parts = source.pageParts.map((part) => `  ${JSON.stringify(part.name)}: ${importPath(part.file)},`);
    lines.push(`export const pageParts = {\n${parts.join('\n')}\n};`);
  }
  return lines.join('\n');
}
