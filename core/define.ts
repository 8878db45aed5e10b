import { msgPluginReplaced } from './messages';
import type { ChangeApplierKind } from './kinds/changes';
import type { Change, ChangeLike, OwnChange, ProjectInput } from './project/types';
import type { Kernel, Plugin, PluginContext, PluginOf, PluginType } from './types';

/**
 * Declares a plugin. It returns the plugin as given; its use is the typing: `type` picks the kind's
 * interface, so a decider without `decide` or a matcher without `match` fails to compile.
 *
 * @example
 * export const timeline = definePlugin({ type: 'apiModule', name: 'timeline', create: () => entries });
 */
export const definePlugin = <T extends PluginType>(plugin: PluginOf<T>): PluginOf<T> => plugin;

/**
 * Says that `plugin` replaces, on purpose, the plugin of its kind registered earlier under its name (a
 * project's own `url` matcher in place of the standard preset's). Without it a taken name is an error: the
 * snippet build refuses the project and the kernel refuses the registration. The replacement is logged
 * (INFO) when the plugin is set up, so a page's log shows it.
 *
 * @example
 * plugins: [...standardPreset(), replacing(myUrlMatcher)]
 */
export const replacing = <P extends Plugin>(plugin: P): P => ({
  ...plugin,
  replaces: true,
  setup(ctx: PluginContext) {
    ctx.log.info(msgPluginReplaced(plugin.type + ' ' + plugin.name));
    return plugin.setup?.(ctx);
  },
});

/**
 * A change applier of a project's own change type `C` (see {@link OwnChange}), as {@link defineChangeApplier}
 * makes it: a plugin the registry takes like any other, that also carries `C` so {@link defineProject}
 * widens the project's change union with it.
 */
export type OwnChangeApplier<C extends OwnChange> = PluginOf<'changeApplier'> & ChangeApplierKind<C> & { readonly '~change'?: C };

/**
 * Declares the change applier of a project's own change type: its `name` is the type, its `apply` takes
 * the change typed as `C`. A project listing it may then write changes of that type.
 *
 * @example
 * interface BadgeChange extends OwnChange<'badge'> { value: string }
 * export const badge = defineChangeApplier<BadgeChange>({ type: 'changeApplier', name: 'badge', perElement: true, apply(change, el) { ... } });
 */
export const defineChangeApplier = <C extends OwnChange>(
  applier: Omit<PluginOf<'changeApplier'>, 'name' | 'apply'> & ChangeApplierKind<C> & { name: C['type'] },
): OwnChangeApplier<C> =>
  // Sound because the changes module hands an applier only the changes whose type is its name: the
  // `badge` applier only ever gets changes of type `badge`, which the project typed as `C`.
  applier as unknown as OwnChangeApplier<C>;

/** The change types the plugins of `P` add to a project's change union (none for built-in plugins). */
export type ChangesOf<P extends readonly unknown[]> = P[number] extends infer Item
  ? Item extends { readonly '~change'?: infer C } ? (unknown extends C ? never : C) : never
  : never;

/** What a project's {@link ProjectBootstrap} is given. */
export interface BootstrapContext {
  /** The project as built. */
  readonly project: ProjectDefinition;
  /** The page's window. */
  readonly win: Window;
  /**
   * Starts the runtime (the snippet's `boot`) with the project, or with a changed copy of it (data
   * without the project script, only the preview layers...). Never throws; returns the kernel, or
   * undefined when it did not start (another snippet runs on the page, a broken environment).
   */
  start(project?: ProjectDefinition): Kernel | undefined;
}

/**
 * A project's own start-up around the snippet: it runs first, decides from the page context whether
 * and how the runtime starts (load an editor or preview script, start with changed data, not at all)
 * and calls `start` when it should. A snippet whose project has none starts at once.
 */
export type ProjectBootstrap = (context: BootstrapContext) => void;

/**
 * A project as a snippet build takes it: its data and the plugins its snippet includes, in order. `C` is
 * its change union: the built-in types and those of its own appliers ({@link defineChangeApplier}).
 */
export interface ProjectDefinition<C extends ChangeLike = Change | OwnChange> {
  data: ProjectInput<C>;
  plugins?: readonly Plugin[];
  /**
   * The standard preset fitted to this project's data (plugins/presets/fit.ts), as a JSON project's
   * `"plugins": { "preset": "standard", "options": {...} }`: the snippet build adds the preset's plugins the
   * data can use, with `plugins` (the project's own) registered before the preset's `pages` module, which
   * must be last; the snippet is then fitted (see `fitted`). Options are standardPreset()'s.
   */
  preset?: { preset: 'standard'; options?: object };
  /** The project's bootstrap (see {@link ProjectBootstrap}); a `.json` project has none. */
  bootstrap?: ProjectBootstrap;
  /**
   * The snippet runs this project's own data only: the validators stay out of it and data handed over by
   * `load` is refused (core/project/prepare-fitted.ts), as for a JSON project fitted to the standard preset.
   */
  fitted?: boolean;
}

/**
 * Declares a project (`config/<project>/project.ts` default-exports one). Returns it as given. Its data
 * may hold changes of the built-in types and of the types its own appliers in `plugins` declare
 * ({@link defineChangeApplier}); any other type fails to compile.
 */
export const defineProject = <const P extends readonly Plugin[] = readonly Plugin[]>(
  // `const`: the list's own element types are kept (an array literal would reduce them to Plugin).
  project: Omit<ProjectDefinition<Change | ChangesOf<P>>, 'plugins'> & { plugins?: P },
): ProjectDefinition => project;
