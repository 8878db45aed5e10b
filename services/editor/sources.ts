/**
 * Where editor projects come from: `config/<name>/project.ts` (or `.json`) files, imported as the
 * snippet build imports them, and projects created in the editor (standard preset, fitted to their
 * data at build time).
 */
import { readFileSync } from 'node:fs';
import { extname, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProjectDefinition } from '../../core/define';
import type { Plugin } from '../../core/types';
import { standardPreset } from '../../plugins/presets/standard';
import { ROOT, projectFiles } from '../../scripts/lib/snippet';

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
}

const loaded = new Map<string, Promise<ConfigSource | undefined>>();

/** Loads one project file; undefined (with a log line) when it cannot be imported. */
async function loadSource(file: string): Promise<ConfigSource | undefined> {
  try {
    let project: ProjectDefinition;
    if (extname(file) === '.json') {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      project = { data: json.data, plugins: [] };
    } else {
      project = (await import(pathToFileURL(file).href)).default as ProjectDefinition;
    }
    if (!project?.data?.projectId) return undefined;
    return { projectId: String(project.data.projectId), file, path: relative(ROOT, file), project };
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
