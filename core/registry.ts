import { MSG_PLUGIN_NEEDS_TYPE_AND_NAME, msgInvalidPluginType, msgPluginNameTaken } from './messages';
import type { Plugin, PluginOf, PluginType } from './types';

/** The closed set of plugin types (KRN-12), one string so it minifies small. */
const PLUGIN_TYPES = 'decider audienceMatcher profileProvider viewProvider changeApplier tracker storage eventImplementation widget apiModule';
/** Fails to compile when a kind of PluginKinds is missing from PLUGIN_TYPES or one there is not a kind. */
type Words<S extends string> = S extends `${infer W} ${infer Rest}` ? W | Words<Rest> : S;
const exhaustive: [PluginType, Words<typeof PLUGIN_TYPES>] extends [Words<typeof PLUGIN_TYPES>, PluginType] ? true : never = true;
void exhaustive;

/** Whether a value names a plugin type. */
export const isPluginType = (type: unknown): type is PluginType =>
  typeof type === 'string' && PLUGIN_TYPES.split(' ').includes(type);

/** Plugins by type and modules by name. */
export interface Registry {
  /** Checks and stores a plugin; returns the reason when it is refused (KRN-11, KRN-12). */
  add(plugin: unknown): string | undefined;
  find<T extends PluginType>(type: T, name: string): PluginOf<T> | undefined;
  list<T extends PluginType>(type: T): PluginOf<T>[];
  /** Every plugin, in registration order. */
  all(): readonly Plugin[];
  modules: Map<string, unknown>;
}

/** Creates an empty registry. */
export const createRegistry = (): Registry => {
  // Keyed by "type name": lookups happen on hot paths (a matcher per condition, a decider per layer).
  const plugins = new Map<string, Plugin>();
  const all = () => [...plugins.values()];
  return {
    add: (candidate) => {
      const plugin = candidate as Plugin;
      if (typeof plugin?.name != 'string' || !plugin.name || !plugin.type) return MSG_PLUGIN_NEEDS_TYPE_AND_NAME;
      if (!isPluginType(plugin.type)) return msgInvalidPluginType(plugin.type);
      // A taken name is refused, unless the plugin says it replaces the earlier one on purpose (`replacing()`,
      // core/define.ts); it then takes the earlier one's place at the end.
      const key = plugin.type + ' ' + plugin.name;
      if (plugins.has(key) && !plugin.replaces) return msgPluginNameTaken(key);
      plugins.delete(key);
      plugins.set(key, plugin);
    },
    find: (type, name) => plugins.get(type + ' ' + name) as never,
    list: (type) => all().filter((p) => p.type === type) as never,
    all,
    modules: new Map(),
  };
};
