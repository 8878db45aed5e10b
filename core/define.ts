import type { ProjectInput } from './project/types';
import type { Plugin, PluginOf, PluginType } from './types';

/**
 * Declares a plugin. It returns the plugin as given; its use is the typing: `type` picks the kind's
 * interface, so a decider without `decide` or a matcher without `match` fails to compile.
 *
 * @example
 * export const timeline = definePlugin({ type: 'apiModule', name: 'timeline', create: () => entries });
 */
export const definePlugin = <T extends PluginType>(plugin: PluginOf<T>): PluginOf<T> => plugin;

/** A project as a snippet build takes it: its data and the plugins its snippet includes, in order. */
export interface ProjectDefinition {
  data: ProjectInput;
  plugins?: readonly Plugin[];
}

/** Declares a project (`config/<project>/project.ts` default-exports one). Returns it as given. */
export const defineProject = (project: ProjectDefinition): ProjectDefinition => project;
