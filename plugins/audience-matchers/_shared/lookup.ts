/**
 * Visitor-attribute lookup by name or id (CFG-25..27): a lookup gives a name or an id, not both; an
 * unknown id or name fails; a name shared by several attributes fails. Returns the attribute or the
 * problem as a message; never throws.
 */
import type { ProjectData, VisitorAttribute } from '../../../core/project/types';

/** What a lookup asks for. */
export interface AttributeLookup {
  name?: unknown;
  id?: unknown;
}

/** The attribute, or `{ error }`. */
export type LookupResult = { attribute: VisitorAttribute; error?: undefined } | { attribute?: undefined; error: string };

/** Looks a visitor attribute up in project data (CFG-25..27). */
export const lookupAttribute = (data: Pick<ProjectData, 'visitorAttributes'>, lookup: AttributeLookup): LookupResult => {
  const { name, id } = lookup;
  const hasName = name != null && name !== '';
  const hasId = id != null && id !== '';
  if (hasName === hasId) return { error: 'A visitor attribute lookup needs a name or an id, but not both' };
  const list = Array.isArray(data.visitorAttributes) ? data.visitorAttributes : [];
  const found = list.filter((attribute) => attribute && (hasId ? attribute.id === String(id) : attribute.name === name));
  if (!found.length) return { error: hasId ? `Unknown visitor attribute id "${String(id)}"` : `Unknown visitor attribute name "${String(name)}"` };
  if (found.length > 1) return { error: `Visitor attribute name "${String(name)}" matches ${found.length} attributes; look it up by id` };
  return { attribute: found[0] };
};
