/**
 * The robust selector of a picked element (EDT-16): unique in its document (checked with
 * `querySelectorAll`), and built from what survives a rebuild of the site: ids, test and data
 * attributes, then stable classes. Class names a build tool generates (CSS modules, emotion,
 * styled-components, JSS, Svelte...) change between builds and often between reloads, so they are
 * never used whole; positions (`:nth-of-type`) only when nothing stable tells siblings apart.
 */

/** Attributes worth naming an element by, best first. */
const PREFERRED_ATTRIBUTES = [
  'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy', 'data-component', 'data-block',
  'data-section', 'data-nav', 'data-id', 'data-name', 'name', 'itemprop', 'aria-label', 'for',
];
/** data-* attributes that carry state rather than identity. */
const STATE_ATTRIBUTE = /^data-(state|active|open|selected|hydrated|index|key|reactid|v-|svelte|emotion|styled)/;
/** Whole classes a CSS-in-JS library or a framework generates (`css-1x2y3z`, `sc-bdVaJa`, `jsx-123`). */
const LIBRARY_CLASS = /^(css|sc|jsx|svelte|emotion|styled|jss|astro|tw|chakra-\w+--)-?[A-Za-z0-9_-]*$/;
/** A class or id naming state, which a page toggles. */
const STATE_CLASS = /^(is|has)-|^(active|open|selected|hover|focus|current|visible|hidden|show|collapsed|expanded)$/;

/**
 * Whether a token looks like a hash: at least five characters mixing letters with digits, or mixing
 * upper and lower case without vowels in a row as words have.
 */
export const isHashLike = (token: string): boolean => {
  if (token.length < 5) return false;
  const digits = (token.match(/\d/g) ?? []).length;
  const letters = (token.match(/[A-Za-z]/g) ?? []).length;
  if (digits && letters) return digits >= 2 || /\d[A-Za-z]|[A-Za-z]\d/.test(token) && /[A-Z]/.test(token) && /[a-z]/.test(token);
  if (!digits && /[A-Z]/.test(token.slice(1)) && /[a-z]/.test(token)) return !/[aeiou]{2}|[A-Z][a-z]{3,}/.test(token);
  return false;
};

/**
 * How a class name is used: `stable` as it is, `prefix` when a generated hash follows a readable
 * name (`Button_primary__3kX9a` is matched as `[class*="Button_primary__"]`), or `skip`.
 */
export const classifyClass = (name: string): { use: 'stable' | 'skip' } | { use: 'prefix'; prefix: string } => {
  if (STATE_CLASS.test(name) || name.startsWith('varia-')) return { use: 'skip' };
  if (LIBRARY_CLASS.test(name) && /\d|[A-Z]/.test(name.replace(/^[a-z]+-/, ''))) return { use: 'skip' };
  // CSS modules: `Name_local__hash` or `Name-module__local--hash`; JSS: `makeStyles-root-12`.
  const moduleClass = /^(.*[A-Za-z](?:__|_|--|-))([A-Za-z0-9]{5,})$/.exec(name);
  if (moduleClass && isHashLike(moduleClass[2])) return { use: 'prefix', prefix: moduleClass[1] };
  // JSS counters follow a camel-case sheet name (`makeStyles-root-12`); `hero-title-2` is an author's own.
  const jss = /^([a-z]*[A-Z][A-Za-z0-9]*-[A-Za-z0-9]+-)\d{1,4}$/.exec(name);
  if (jss) return { use: 'prefix', prefix: jss[1] };
  if (isHashLike(name) || /^_/.test(name) && name.length > 4) return { use: 'skip' };
  return { use: 'stable' };
};

/** Whether an id is worth using: not generated (React's `:r1:`, `ember123`, long numbers, hashes). */
export const isStableId = (id: string): boolean =>
  !!id && !/[:\s]/.test(id) && !/\d{3,}/.test(id) && !isHashLike(id.replace(/^[a-z]+[-_]/i, '')) && id.length < 64;

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;
const tagOf = (el: Element) => el.localName.includes(':') ? '*' : CSS.escape(el.localName);

/**
 * An element's own selector parts, best first, without position: its id, its identifying attributes,
 * its stable classes (each, then together) and finally its tag.
 */
export const ownParts = (el: Element): string[] => {
  const tag = tagOf(el);
  const parts: string[] = [];
  if (el.id && isStableId(el.id)) parts.push(`#${CSS.escape(el.id)}`);
  const attrs = PREFERRED_ATTRIBUTES.filter((name) => el.hasAttribute(name));
  for (const attr of [...el.attributes]) {
    if (attr.name.startsWith('data-') && !attrs.includes(attr.name) && !STATE_ATTRIBUTE.test(attr.name)) attrs.push(attr.name);
  }
  for (const name of attrs) {
    const value = el.getAttribute(name) ?? '';
    if (value.length > 80 || (value.length > 8 && isHashLike(value))) continue;
    parts.push(value ? `${tag}[${name}=${quote(value)}]` : `${tag}[${name}]`);
  }
  const classes: string[] = [];
  for (const name of el.classList) {
    const kind = classifyClass(name);
    if (kind.use === 'stable') classes.push(`.${CSS.escape(name)}`);
    else if (kind.use === 'prefix') classes.push(`[class*=${quote(kind.prefix)}]`);
  }
  for (const cls of classes) parts.push(tag + cls);
  if (classes.length > 1) parts.push(tag + classes.slice(0, 3).join(''));
  parts.push(tag);
  return parts;
};

const matchCount = (root: ParentNode, selector: string): number => {
  try {
    return root.querySelectorAll(selector).length;
  } catch {
    return -1;
  }
};
const isUnique = (root: ParentNode, selector: string, el: Element): boolean => {
  try {
    const found = root.querySelectorAll(selector);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
};

/** `part:nth-of-type(n)` when siblings share the tag, else the part. */
const positioned = (el: Element, part: string): string => {
  const parent = el.parentElement;
  if (!parent) return part;
  const same = [...parent.children].filter((child) => child.localName === el.localName);
  return same.length > 1 ? `${part}:nth-of-type(${same.indexOf(el) + 1})` : part;
};

/** How many ancestors up an anchor is looked for. */
const MAX_DEPTH = 8;

/**
 * The element's robust selector: unique in its document and as stable as the markup allows.
 * Tried in order: the element's own parts alone; an ancestor's part (nearest first, unique ones
 * preferred) followed by the element's part; then a child-combinator path from the nearest
 * uniquely named ancestor, positions added only where siblings cannot be told apart otherwise.
 */
export const robustSelector = (el: Element): string => {
  const doc = el.ownerDocument;
  const root = doc.documentElement;
  if (el === root) return 'html';
  if (el === doc.body) return 'body';
  const own = ownParts(el);
  for (const part of own) if (isUnique(doc, part, el)) return part;
  // An anchor above, joined by the descendant combinator: `#pricing .card-title`.
  const ancestors: Element[] = [];
  for (let up = el.parentElement; up && up !== root && ancestors.length < MAX_DEPTH; up = up.parentElement) ancestors.push(up);
  const anchors: string[][] = ancestors.map((up) => ownParts(up).filter((part) => part !== tagOf(up)));
  for (const part of own) {
    for (let depth = 0; depth < ancestors.length; depth += 1) {
      for (const anchor of anchors[depth]) {
        const candidate = `${anchor} ${part}`;
        if (isUnique(doc, candidate, el)) return candidate;
      }
    }
  }
  // A path: from the nearest ancestor with a unique part (or the body), one step per level.
  const steps: string[] = [];
  let current: Element = el;
  for (;;) {
    const parent: Element | null = current.parentElement;
    const best = ownParts(current);
    const step = best.find((part) => parent && [...parent.children].filter((child) => child.matches(part)).length === 1);
    steps.unshift(step ?? positioned(current, best[0]));
    if (!parent || parent === root) break;
    if (parent === doc.body) {
      steps.unshift('body');
      break;
    }
    const anchor = ownParts(parent).find((part) => isUnique(doc, part, parent));
    if (anchor) {
      steps.unshift(anchor);
      break;
    }
    current = parent;
  }
  const path = steps.join(' > ');
  return isUnique(doc, path, el) ? path : fullPath(el);
};

/** The last resort: positions all the way from the root. Always unique. */
const fullPath = (el: Element): string => {
  const steps: string[] = [];
  for (let node: Element | null = el; node && node !== node.ownerDocument.documentElement; node = node.parentElement) {
    steps.unshift(positioned(node, tagOf(node)));
  }
  return ['html', ...steps].join(' > ');
};

/** How many elements of the document a selector matches (-1 when it is not a valid selector). */
export const countMatches = (doc: ParentNode, selector: string): number => matchCount(doc, selector);

/** A short label for the breadcrumb: `tag#id.class`. */
export const labelOf = (el: Element): string => {
  let label = el.localName;
  if (el.id && isStableId(el.id)) label += `#${el.id}`;
  const cls = [...el.classList].find((name) => classifyClass(name).use === 'stable');
  if (cls) label += `.${cls}`;
  return label;
};
