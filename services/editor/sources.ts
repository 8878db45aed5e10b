/**
 * Where editor projects come from: `config/<name>/project.ts` (or `.json`) files, imported as the
 * snippet build imports them, and projects created in the editor (standard preset, fitted to their
 * data at build time).
 */
import { readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProjectDefinition } from '../../core/define';
import type { ProjectInput } from '../../core/project/types';
import type { Plugin } from '../../core/types';
import { fitStandardPreset } from '../../plugins/presets/fit';
import { standardPreset } from '../../plugins/presets/standard';
import { pagePartsOf, type PagePart } from '../../compiler/page-parts';
import { ROOT, projectFiles } from '../../compiler/snippet';

/** A project file under config/, loaded. */
export interface ConfigSource {
  /** The project id its data declares. */
  projectId: string;
  /** Absolute path of the project file. */
  file: string;
  /** The path relative to the repository, e.g. `config/example/project.ts`. */
  path: string;
  /** Its data (functions included) and plugins, as the module exports them. */
  project: ProjectDefinition;
  /** The page parts the module exports (compiler/page-parts.ts): a publish builds with them and installs them. */
  pageParts: PagePart[];
}

const loaded = new Map<string, Promise<ConfigSource | undefined>>();

/** Loads one project file; undefined (with a log line) when it cannot be imported. */
async function loadSource(file: string): Promise<ConfigSource | undefined> {
  try {
    let project: ProjectDefinition;
    let pageParts: PagePart[] = [];
    if (extname(file) === '.json') {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      project = { data: json.data, plugins: [] };
    } else {
      const module = await import(pathToFileURL(file).href);
      project = module.default as ProjectDefinition;
      pageParts = pagePartsOf(module, file);
    }
    if (!project?.data?.projectId) return undefined;
    return { projectId: String(project.data.projectId), file, path: relative(ROOT, file), project, pageParts };
  } catch (error) {
    console.error(`[editor] ${relative(ROOT, file)} could not be loaded:`, (error as Error).message);
    return undefined;
  }
}

/**
 * Every project under `roots` (default `config/`), loaded once per process: an editor works on its
 * own copy from then on, so later edits of the file do not silently replace the working copy.
 */
export async function configSources(roots: readonly string[] = ['config']): Promise<ConfigSource[]> {
  const sources = await Promise.all(
    projectFiles(roots).map((file) => {
      if (!loaded.has(file)) loaded.set(file, loadSource(file));
      return loaded.get(file)!;
    }),
  );
  return sources.filter((source): source is ConfigSource => !!source);
}

/**
 * The plugins a project validates with: the config module's own list, or the standard preset for a
 * project created in the editor (its generated module builds with `standardPreset()`).
 */
export function pluginsFor(source: ConfigSource | undefined): readonly Plugin[] {
  if (source && !source.file.endsWith('.json')) return source.project.plugins ?? [];
  return standardPreset();
}

/** A change applier of the standard preset that a publish adds to a config project's own plugin list. */
export interface AddedApplier {
  /** Its folder under plugins/ (`change-appliers/rearrange`), as {@link fitStandardPreset} names it. */
  use: string;
  plugin: Plugin;
}

/** The plugins a publish builds and validates with, and where the added appliers go in the list. */
export interface PublishPlugins {
  plugins: readonly Plugin[];
  /** The appliers added to the project's own list (none for a project on the whole standard preset). */
  added: AddedApplier[];
  /** The index in the project's own list where {@link added} are inserted. */
  at: number;
}

const appliers = new Map<string, Promise<Plugin>>();

/** Loads a plugin of the standard preset by its folder (a factory is called with its options). */
const loadPlugin = (use: string, options: unknown): Promise<Plugin> => {
  const key = `${use} ${JSON.stringify(options ?? {})}`;
  if (!appliers.has(key)) {
    appliers.set(key, import(pathToFileURL(join(ROOT, 'plugins', use, 'index.ts')).href).then((module) =>
      typeof module.default === 'function' ? module.default(options ?? {}) : module.default));
  }
  return appliers.get(key)!;
};

/**
 * The plugins of a publish (EDT-13, EDT-19): the project's own, and for a config project whose list was
 * written by hand for the data it had (config/homepage/plugins.ts), the standard change applier of any
 * change type the data now uses that the list has no applier for (a move or a redirect authored in the
 * editor). Which appliers the data needs is the standard preset's own fitting (plugins/presets/fit.ts);
 * they go right after the list's last applier. Nothing is added for data that needs nothing more, so
 * an unchanged project builds as its config file does.
 */
export async function publishPlugins(source: ConfigSource | undefined, data: Record<string, unknown>): Promise<PublishPlugins> {
  const own = pluginsFor(source);
  if (!source || source.file.endsWith('.json')) return { plugins: own, added: [], at: own.length };
  const have = new Set(own.filter((plugin) => plugin.type === 'changeApplier').map((plugin) => plugin.name));
  const needed = fitStandardPreset(data as ProjectInput).filter((ref) => ref.use.startsWith('change-appliers/'));
  const added: AddedApplier[] = [];
  for (const ref of needed) {
    const plugin = await loadPlugin(ref.use, ref.options);
    if (plugin?.type === 'changeApplier' && !have.has(plugin.name)) added.push({ use: ref.use, plugin });
  }
  let at = own.length;
  for (let index = own.length - 1; index >= 0; index -= 1) {
    if (own[index].type === 'changeApplier') {
      at = index + 1;
      break;
    }
  }
  return { plugins: added.length ? [...own.slice(0, at), ...added.map((entry) => entry.plugin), ...own.slice(at)] : own, added, at };
}
