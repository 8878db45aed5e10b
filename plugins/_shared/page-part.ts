/**
 * Page parts: data a project's code needs at start on some of its pages only (the homepage's copy of one
 * locale). A project module names them (`export const pageParts = { name: './source.ts' }`); the build
 * writes each as a small script of its own beside the snippet, `<snippet>.<name>.js`
 * (compiler/page-parts.ts), and a page that needs one includes it synchronously *before* the snippet.
 *
 * - The part script registers its data in the window's part registry, the one the on-demand parts use
 *   (plugins/_shared/parts.ts), so the snippet finds it there as its own code runs: no request of the
 *   snippet's, nothing to wait for, nothing shown before it.
 * - In the snippet the part's source module is built as a reader of the registry ({@link pagePart}): the
 *   project's code imports the module as usual and gets the data on a page that included the part, and
 *   undefined on any other. In Node (the build, the editor, the tests) the import is the module itself.
 * - A part registers without naming the snippet's address in the registry: the snippet's loader gives it
 *   when it first reads the registry, so the on-demand parts are still found beside the snippet. Neither
 *   side needs the loader itself (./parts.ts), so a part's script carries its data and a few bytes more.
 */
import { PARTS_GLOBAL, PARTS_VERSION, type PartRegistry } from './parts-registry';

/** The window's registry of this protocol version, when there is one (see ./parts-registry.ts). */
const registryOf = (win: Window | undefined): PartRegistry | undefined => {
  const registry = (win as unknown as Record<string, PartRegistry | undefined> | undefined)?.[PARTS_GLOBAL];
  return registry?.v === PARTS_VERSION ? registry : undefined;
};

/** Registers a page part's data (what a page part script runs). Never throws; the first registration of a name stays. */
export const registerPagePart = (win: Window | undefined, name: string, data: unknown): void => {
  try {
    const holder = win as unknown as Record<string, PartRegistry | undefined>;
    const registry = (holder[PARTS_GLOBAL] ??= { v: PARTS_VERSION });
    if (registry.v === PARTS_VERSION && registry[name] === undefined) registry[name] = data;
  } catch {
    // A page that froze or clobbered the registry: the snippet reads no part, as on a page without it.
  }
};

/** The data of page part `name` when the page included it, else undefined. Never throws. */
export const pagePart = <T>(win: Window | undefined, name: string): T | undefined => {
  try {
    return registryOf(win)?.[name] as T | undefined;
  } catch {
    return;
  }
};

/**
 * The address of page part `name` beside the snippet at `snippetSrc`, as a page writes it in its
 * `<script src>`: `.js` replaced by `.<name>.js` in the path, the query string and fragment kept
 * (`/snippets/homepage.js?v=3` -> `/snippets/homepage.copy-de-de.js?v=3`), as the on-demand parts' addresses are made.
 */
export const pagePartSrc = (snippetSrc: string, name: string): string => {
  const end = snippetSrc.search(/[?#]/);
  const path = end < 0 ? snippetSrc : snippetSrc.slice(0, end);
  return path.replace(/(\.js)?$/, `.${name}.js`) + (end < 0 ? '' : snippetSrc.slice(end));
};
