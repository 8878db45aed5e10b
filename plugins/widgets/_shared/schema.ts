/**
 * Declaring a widget's configuration schema compactly (the schema ships in the snippet, so each field
 * is a short call), and the config type a schema implies. Completion and the JSON Schema for the
 * editor live in plugins/_shared/widget-schema.ts (the widget change applier uses them too).
 */
import type { WidgetFieldType, WidgetSchema } from '../../../core';

import type { RegionRole } from '../../_shared/widget-schema';

export { completeConfig, toJsonSchema, type CompletedConfig, type WidgetJsonSchema } from '../../_shared/widget-schema';

/** A string field; default '' unless given. */
export const str = (value = '', enumValues?: readonly string[]): { type: 'string'; default: string; enum?: readonly string[] } =>
  enumValues ? { type: 'string', default: value, enum: enumValues } : { type: 'string', default: value };

/**
 * A selector field naming the region the widget replaces (`'replace'`: hides, rewrites or takes the place
 * of it) or inserts next to (`'insert'`), for the editor's check for clashes (plugins/_shared/widget-schema.ts).
 */
export const region = (role: RegionRole, selector: string): { type: 'string'; default: string; region: RegionRole } => ({ type: 'string', default: selector, region: role });

/** A number field. */
export const num = (value: number): { type: 'number'; default: number } => ({ type: 'number', default: value });

/** An object field (a hero block's `{ title, link, description }`...). */
export const obj = <T extends Record<string, unknown>>(value: T): { type: 'object'; default: T } => ({ type: 'object', default: value });

/** A field that is a string or a boolean (`'True'`/`'False'` flags also given as booleans). */
export const flag = (value: string | boolean): { type: readonly ['string', 'boolean']; default: string | boolean } => ({
  type: ['string', 'boolean'],
  default: value,
});

type ValueOf<T> = T extends 'string' ? string : T extends 'number' ? number : T extends 'boolean' ? boolean : T extends 'array' ? unknown[] : T extends 'object' ? Record<string, unknown> : never;
type FieldValue<F> = F extends { type: 'object'; default: infer D } ? D : F extends { type: infer T } ? (T extends readonly WidgetFieldType[] ? ValueOf<T[number]> : ValueOf<T>) : unknown;

/** The completed config a schema describes: every declared field present with its type, unknown fields kept. */
export type ConfigOf<S extends WidgetSchema> = { -readonly [K in keyof S]: FieldValue<S[K]> } & Record<string, unknown>;

/**
 * Whether a string/boolean flag is off: `false` or the string `'False'` (any case), as the homepage's
 * configs write it. One comparison covers both, `String(false)` being `'false'`.
 */
export const isOff = (value: unknown): boolean => String(value).toLowerCase() == 'false';

/** Whether a flag is on: `true` or the string `'true'` (any case). */
export const isOn = (value: unknown): boolean => String(value).toLowerCase() == 'true';
