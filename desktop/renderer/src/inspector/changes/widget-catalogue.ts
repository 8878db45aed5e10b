/**
 * The widgets a widget change can show (EDT-19, EDT-20): every plugin under plugins/widgets/, loaded
 * on first need (the widget modules are not in the editor's initial bundle). For each: its widget id,
 * its declared schema, and the JSON Schema the JSON editor validates and completes with (the runtime's
 * own `toJsonSchema`, so editor and applier read one declaration). The editor's copy closes the
 * object, so a field the widget does not declare is flagged; the runtime itself keeps such a field.
 */
import type { Plugin, WidgetSchema } from '../../../../../core';
import { toJsonSchema } from '../../../../../plugins/_shared/widget-schema';

/** A widget as the widget form offers it. */
export interface WidgetEntry {
  id: string;
  schema: WidgetSchema;
  jsonSchema: unknown;
  /** The config with every default filled in. */
  defaults: Record<string, unknown>;
}

const modules = import.meta.glob<{ default: unknown }>('../../../../../plugins/widgets/*/index.ts');

let catalogue: Promise<WidgetEntry[]> | undefined;

/** Every widget, sorted by id. */
export const loadWidgets = (): Promise<WidgetEntry[]> =>
  (catalogue ??= Promise.all(
    Object.values(modules).map(async (load): Promise<WidgetEntry | undefined> => {
      const exported = (await load()).default;
      const plugin = (typeof exported === 'function' ? (exported as () => unknown)() : exported) as Plugin & { schema?: WidgetSchema };
      if (!plugin || plugin.type !== 'widget' || !plugin.schema) return undefined;
      const base = toJsonSchema(plugin.schema, plugin.name) as unknown as Record<string, unknown>;
      const defaults = Object.fromEntries(Object.entries(plugin.schema).map(([key, field]) => [key, field.default]));
      return { id: plugin.name, schema: plugin.schema, jsonSchema: { ...base, additionalProperties: false }, defaults };
    }),
  ).then((entries) => entries.filter((entry): entry is WidgetEntry => !!entry).sort((a, b) => a.id.localeCompare(b.id))));
