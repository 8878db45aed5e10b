/**
 * The `specialised` module of a compiled snippet (compiler/specialise.ts): the code the compiler generated
 * for the snippet's own project, offered to the audiences and pages modules. It answers only for the
 * audiences and pages of the data it was generated from, known by identity: the kernel's prepared data is a
 * shallow copy of the built-in data (core/project/normalize.ts), so it holds the same audience and page
 * objects, while data handed over by `load` holds others and is interpreted.
 */
import { definePlugin, MODULES, type PluginOf } from '../../../core';
import type { AudienceFactory, PageMatcher, SpecialisedModule } from '../../../core/kinds/specialised';

/** What the compiler generates: per audience and per page of the data (by index), its code, or null where the interpreter runs. */
export interface GeneratedCode {
  audiences: ReadonlyArray<AudienceFactory | null>;
  pages: ReadonlyArray<PageMatcher | null>;
}

/** Entries of `generated` keyed by the objects of `list` at the same index. */
const byObject = <T>(list: unknown, generated: ReadonlyArray<T | null>): Map<unknown, T> => {
  const map = new Map<unknown, T>();
  if (Array.isArray(list)) list.forEach((item, index) => generated[index] && map.set(item, generated[index]!));
  return map;
};

/** The plugin of the code generated for `built` (the project's data as the snippet carries it). */
export default function specialised(built: { audiences?: unknown; pages?: unknown }, generated: GeneratedCode): PluginOf<'apiModule'> {
  const audiences = byObject(built.audiences, generated.audiences);
  const pages = byObject(built.pages, generated.pages);
  const module: SpecialisedModule = {
    audience: (audience, leaf) => audiences.get(audience)?.(leaf, audience.conditions),
    page: (page) => pages.get(page),
  };
  return definePlugin({ type: 'apiModule', name: MODULES.specialised, create: () => module });
}
