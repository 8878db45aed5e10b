/**
 * A widget's declared configuration schema, put to work: completing a widget change's config (the
 * `widget` change applier) and turning the schema into a JSON Schema (the editor validates and
 * completes widget JSON with it). Here rather than in a kind's `_shared/` because the change applier
 * and the widgets are two kinds that both need it (WID-3).
 */
import type { WidgetField, WidgetFieldType, WidgetSchema } from '../../core';

/** The JSON type of a value, as a schema names it. */
export const jsonType = (value: unknown): WidgetFieldType | 'null' | 'undefined' =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : (typeof value as WidgetFieldType);

const typesOf = (field: WidgetField): readonly WidgetFieldType[] => (typeof field.type == 'string' ? [field.type] : field.type);

// Defaults are shared by every show: objects and lists are copied so a widget may not alter them.
const copy = (value: unknown): unknown => (value && typeof value == 'object' ? JSON.parse(JSON.stringify(value)) : value);

/** A completed configuration and what was wrong with the given one. */
export interface CompletedConfig {
  config: Record<string, unknown>;
  /** One line per field that took its default for a wrong type, or was unknown, or off its usual values. */
  problems: string[];
}

/**
 * Completes `given` from `schema` (WID-3): a missing field takes its default; a field of the wrong
 * type takes its default, with a problem; a field the schema does not declare is kept, with a
 * problem (an older or newer editor may know it); a value outside `enum` is kept, with a problem
 * (widgets do no input validation, WID-8). A config that is not an object counts as empty.
 */
export const completeConfig = (schema: WidgetSchema, given: unknown): CompletedConfig => {
  const problems: string[] = [];
  const input = (given && typeof given == 'object' && !Array.isArray(given) ? given : {}) as Record<string, unknown>;
  if (given != null && input !== given) problems.push('config is not an object');
  const config: Record<string, unknown> = {};
  for (const key in schema) {
    const field = schema[key];
    const value = input[key];
    const types = typesOf(field);
    if (value === undefined) config[key] = copy(field.default);
    else if (!types.includes(jsonType(value) as WidgetFieldType)) {
      problems.push(`"${key}" should be ${types.join(' or ')}, not ${jsonType(value)}: default used`);
      config[key] = copy(field.default);
    } else {
      if (field.enum && !field.enum.includes(value)) problems.push(`"${key}" is ${JSON.stringify(value)}, not one of ${JSON.stringify(field.enum)}`);
      config[key] = value;
    }
  }
  for (const key in input) {
    if (!(key in schema)) {
      problems.push(`"${key}" is not a field of this widget: kept`);
      config[key] = input[key];
    }
  }
  return { config, problems };
};

/** A JSON Schema (draft 2020-12) object for a widget's configuration. */
export interface WidgetJsonSchema {
  $schema: string;
  title?: string;
  type: 'object';
  properties: Record<string, { type: WidgetFieldType | WidgetFieldType[]; default: unknown; enum?: unknown[]; description?: string }>;
  /** Unknown fields are allowed: the runtime keeps them (with a warning). */
  additionalProperties: true;
}

/** The JSON Schema of a widget's configuration, for the editor (every field optional: defaults fill in). */
export const toJsonSchema = (schema: WidgetSchema, title?: string): WidgetJsonSchema => {
  const properties: WidgetJsonSchema['properties'] = {};
  for (const key in schema) {
    const field = schema[key];
    const types = typesOf(field);
    properties[key] = {
      type: types.length == 1 ? types[0] : [...types],
      default: copy(field.default),
      ...(field.enum ? { enum: [...field.enum] } : {}),
      ...(field.description ? { description: field.description } : {}),
    };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(title ? { title } : {}),
    type: 'object',
    properties,
    additionalProperties: true,
  };
};

/**
 * How a widget meets the part of the page one of its fields names (issue 37): it `replace`s it (hides,
 * rewrites or takes the place of it and all it holds) or it `insert`s its own block next to it (before,
 * after or at the end of it), leaving what is there as it is. The editor's check for clashes between
 * campaigns reads it: a block inserted above the hero does not touch the hero's headline; a hero put in
 * place of the site's own touches everything in it.
 */
export type RegionRole = 'replace' | 'insert';

/** A field naming the region the widget replaces or inserts next to (a selector), with its role. */
export interface RegionField extends WidgetField {
  region: RegionRole;
}

/** The field of `schema` that names the widget's region, its role and its default selector; none for a widget that touches no element (a goal widget). */
export const regionOf = (schema: WidgetSchema): { field: string; role: RegionRole; selector: string } | undefined => {
  for (const key in schema) {
    const field = schema[key] as Partial<RegionField>;
    if (field.region === 'replace' || field.region === 'insert') return { field: key, role: field.region, selector: String(field.default ?? '') };
  }
  return undefined;
};
