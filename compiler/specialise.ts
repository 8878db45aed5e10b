/**
 * The code a compiled snippet carries for its own project (issue 42, `npm run build:snippet -- <project>
 * --compiled`): each audience as a generated predicate and each page's conditions as a generated matcher,
 * registered by the `specialised` module (plugins/modules/specialised/) that the audiences and pages
 * modules ask before interpreting the data.
 *
 * - An audience becomes straight-line code over its leaves: the three-valued and/or/not of
 *   plugins/_shared/tri-logic.ts (same operators, operand order, short-circuits and depth limit), each
 *   condition read from the data (the snippet carries it once) and bound once by the audiences module to
 *   its matcher (the leaf then waits for pending fields and reports errors exactly as the interpreter's).
 * - A page's URL rules become expressions on the current URL: regex literals (checked by the guard at
 *   build, core/project/regex.ts: a refused pattern fails the build with the guard's message), values
 *   normalised at build; its other conditions go to the audiences module as the interpreter sends them.
 * - What cannot be written as code (a condition holding a function, a cycle...) is left to the interpreter,
 *   audience by audience and page by page.
 *
 * The output is one JavaScript expression, free of eval and of the Function constructor, and the same bytes
 * for the same data. The differential test (tests/unit/compiler/specialise-differential.test.ts) checks it
 * answers what the interpreter answers.
 */
import { compile } from '../core/project/regex';
import { MAX_DEPTH } from '../plugins/_shared/tri-logic';
import { namesHost, normalizeUrl, rooted, wildcardSource, withoutQuery } from '../plugins/modules/pages/url-base';
import { commentText, literal } from './specialise-literal';

/** Modules a generic snippet builds from their stand-ins: no generated code, every audience and page interpreted. */
export const SPECIALISED_OFF_STUBS: Readonly<Record<string, string>> = {
  'plugins/modules/audiences/specialised.ts': 'plugins/modules/audiences/specialised-off.ts',
  'plugins/modules/pages/specialised.ts': 'plugins/modules/pages/specialised-off.ts',
};

type Verdict = boolean | null;
/** An operand of a list: a verdict known at build, or an expression that yields one at run time. */
type Operand = { known: Verdict } | { code: string };

/** A condition that cannot be written as a literal: its audience or page is left to the interpreter. */
class NotGenerated extends Error {}

/** Thrown when a pattern of a page's URL rule is refused by the guard: the build fails with its message. */
export class RefusedPattern extends Error {}

/** Generated code of one function: its statements and the helper functions (nested lists) it declares. */
interface Scope {
  /** Declarations at the top of the function (leaves bound, constants), in the order they are made. */
  declarations: string[];
  /** Helper functions for nested lists, declared after the declarations. */
  helpers: string[];
  next: number;
  /** Answers a leaf (not a list) of the conditions; `path` is the expression of that same object in the generated code. */
  leaf(item: unknown, path: string): Operand;
}

const indent = (text: string, by = '  ') => text.split('\n').map((line) => (line ? by + line : line)).join('\n');

/**
 * A list (`evaluateList(list, leaf, depth)` of tri-logic.ts) as an operand: a known verdict when no leaf can
 * change it, else a call of a helper function declared in `scope`. `path` is the list's expression in the
 * generated code (`c[2][1]`, `c` the conditions it was generated from): a leaf is read there rather than
 * written again, so the snippet carries each condition once, and the matcher gets the very object the
 * interpreter gives it.
 */
const compileList = (list: readonly unknown[], depth: number, scope: Scope, path: string): Operand => {
  if (depth > MAX_DEPTH) return { known: null };
  const first = list[0];
  const op = first === 'and' || first === 'not' ? first : 'or';
  const item = (index: number): Operand => {
    const value = list[index];
    const at = `${path}[${index}]`;
    return Array.isArray(value) ? compileList(value, depth + 1, scope, at) : scope.leaf(value, at);
  };
  if (op === 'not') {
    if (list.length < 2) return { known: null };
    // Only the first operand counts; the interpreter never looks at the others.
    const operand = item(1);
    if ('known' in operand) return { known: operand.known == null ? null : !operand.known };
    return helper(scope, `const r = ${operand.code};\nreturn r == null ? null : !r;`);
  }
  // Every operand is bound, in order, even after one that decides: the interpreter binds them all.
  const operands: Operand[] = [];
  for (let i = first === op ? 1 : 0; i < list.length; i++) operands.push(item(i));
  // One operand: `and` and `or` of it are the operand itself.
  if (operands.length === 1) return operands[0];
  // `or` stops at the first true, `and` at the first false; an unknown operand makes the end unknown.
  const stop = op === 'or';
  const lines: string[] = [];
  let unknown = false;
  let decided = false;
  for (const operand of operands) {
    if ('known' in operand) {
      if (operand.known === stop) {
        decided = true;
        break;
      }
      if (operand.known === null) unknown = true;
      continue;
    }
    lines.push(`r = ${operand.code};`, `if (r === ${stop}) return ${stop};`, 'if (r == null) unknown = true;');
  }
  const end = decided ? stop : unknown ? null : undefined;
  if (!lines.length) return { known: end === undefined ? !stop : end };
  return helper(scope, ['let r, unknown = false;', ...lines, `return ${end === undefined ? `unknown ? null : ${!stop}` : String(end)};`].join('\n'));
};

/** Declares a helper function with `body` in `scope`; the operand calls it. */
const helper = (scope: Scope, body: string): Operand => {
  const name = `n${scope.next++}`;
  scope.helpers.push(`const ${name} = () => {\n${indent(body)}\n};`);
  return { code: `${name}()` };
};

const newScope = (leaf: Scope['leaf']): Scope => ({ declarations: [], helpers: [], next: 0, leaf });

/**
 * NotGenerated unless `conditions` are plain data a literal gives back exactly (no function, getter, cycle...):
 * the generated code reads its leaves from the data, whose shape it takes as it was at build.
 */
const checkPlain = (conditions: unknown): void => {
  if (literal(conditions) === undefined) throw new NotGenerated();
};

/**
 * An audience's factory: `(leaf, c) => node`, where `c` is the audience's conditions (the data's own
 * list), `leaf` binds a condition to its leaf (the audiences module's own) and the node answers the
 * audience's verdict. Null when it cannot be generated.
 */
const audienceCode = (conditions: unknown): string | null => {
  // Conditions that are not a list are unknown, as the interpreter has them.
  if (!Array.isArray(conditions)) return '() => () => null';
  try {
    checkPlain(conditions);
    const scope = newScope((item, path) => {
      if (item === null || typeof item !== 'object') return { known: null };
      const name = `a${scope.declarations.length}`;
      scope.declarations.push(`const ${name} = leaf(${path});`);
      return { code: `${name}()` };
    });
    const top = compileList(conditions, 0, scope, 'c');
    const result = 'known' in top ? `() => ${String(top.known)}` : top.code.slice(0, -2);
    return `(leaf, c) => {\n${indent([...scope.declarations, ...scope.helpers, `return ${result};`].join('\n'))}\n}`;
  } catch (error) {
    if (error instanceof NotGenerated) return null;
    throw error;
  }
};

/** Module-level constants of the generated code (regex literals), shared by all its functions. */
interface Constants {
  lines: string[];
  add(prefix: string, text: string): string;
}

const newConstants = (): Constants => {
  const lines: string[] = [];
  const names = new Map<string, string>();
  return {
    lines,
    add: (prefix, text) => {
      let name = names.get(text);
      if (!name) {
        name = `${prefix}${names.size}`;
        names.set(text, name);
        lines.push(`const ${name} = ${text};`);
      }
      return name;
    },
  };
};

/** A pattern as a regex literal, once the guard has accepted it (with `flags`); else RefusedPattern with the guard's message. */
const regexLiteral = (pattern: string, flags: string, where: string): string => {
  const compiled = compile(pattern, flags);
  if (typeof compiled === 'string') throw new RefusedPattern(`${where}: ${compiled}`);
  return `/${compiled.source}/${flags}`;
};

/** What a page function computes from the URL `url` before its conditions: the normalised URL `normalized` and its lowercase `lower`. */
interface UrlNeeds {
  n: boolean;
  nl: boolean;
}

/**
 * A URL condition (plugins/modules/pages/url.ts) as a boolean expression on the current URL `url`, its
 * normalised form `normalized` and `lower` (lowercase), with the pages module's helpers `h`. The names
 * of the generated code (`r`, `unknown` in the lists' helpers, `n0`..., `a0`..., `r0`...) do not shadow
 * these, nor the conditions `c`.
 */
const urlRule = (condition: Record<string, unknown>, constants: Constants, needs: UrlNeeds, where: string): Operand => {
  const value = typeof condition.value === 'string' ? condition.value : '';
  const match = condition.match;
  if (match === 'regex') {
    const re = constants.add('r', regexLiteral(value, '', where));
    needs.n = true;
    return { code: value.startsWith('^/') ? `h.pathTexts(normalized, url).some((text) => ${re}.test(text))` : `(${re}.test(normalized) || ${re}.test(url))` };
  }
  if (match !== 'exact' && match !== 'substring' && match !== 'simple') return { known: false };
  needs.nl = true;
  const wanted = normalizeUrl(value).toLowerCase();
  if (match === 'exact') return { code: `lower === ${JSON.stringify(wanted)}` };
  // Written without a host: the page's path (and, for substring, its query and hash).
  const hosted = namesHost(value);
  if (match === 'substring') return { code: `${hosted ? 'lower' : 'h.splitHost(lower)[1]'}.includes(${JSON.stringify(wanted)})` };
  const have = hosted ? 'h.withoutQuery(lower)' : 'h.rooted(h.splitHost(lower)[1])';
  const target = hosted ? withoutQuery(wanted) : rooted(wanted);
  if (!target.includes('*')) return { code: `${have} === ${JSON.stringify(target)}` };
  return { code: `${constants.add('r', regexLiteral(wildcardSource(target), 'i', where))}.test(${have})` };
};

/**
 * A page's matcher: `(leaf, url, h, c) => verdict` over its conditions `c` (the data's own list), `leaf`
 * answering the conditions that are not URL conditions (the audiences module). Null when it cannot be generated.
 */
const pageCode = (conditions: unknown, constants: Constants, where: string): string | null => {
  // The pages module matches absent or empty conditions without asking.
  if (!Array.isArray(conditions) || !conditions.length) return null;
  const needs: UrlNeeds = { n: false, nl: false };
  try {
    checkPlain(conditions);
    const scope = newScope((item, path) => {
      if (!item || typeof item !== 'object') return { known: null };
      if ((item as { type?: unknown }).type === 'url') return urlRule(item as Record<string, unknown>, constants, needs, where);
      return { code: `leaf(${path})` };
    });
    const top = compileList(conditions, 0, scope, 'c');
    const urls = [needs.n || needs.nl ? 'const normalized = h.normalizeUrl(url);' : '', needs.nl ? 'const lower = normalized.toLowerCase();' : ''].filter(Boolean);
    const result = 'known' in top ? String(top.known) : top.code;
    return `(leaf, url, h, c) => {\n${indent([...urls, ...scope.helpers, `return ${result};`].join('\n'))}\n}`;
  } catch (error) {
    if (error instanceof NotGenerated) return null;
    throw error;
  }
};

/** The part of project data the generated code is made from. */
export interface SpecialisedInput {
  audiences?: unknown;
  pages?: unknown;
}

/** How much of the project was generated (the rest is interpreted). */
export interface SpecialisedSummary {
  audiences: { generated: number; total: number };
  pages: { generated: number; total: number };
}

/**
 * The generated code of a project's data: one JavaScript expression whose value is the
 * {@link import('../plugins/modules/specialised').GeneratedCode} of its audiences and pages (by index in
 * the data). Throws {@link RefusedPattern} when a page's URL rule has a pattern the guard refuses.
 */
export const specialisedSource = (data: SpecialisedInput): { source: string; summary: SpecialisedSummary } => {
  const constants = newConstants();
  const audiences = Array.isArray(data.audiences) ? data.audiences : [];
  const pages = Array.isArray(data.pages) ? data.pages : [];
  const audienceEntries = audiences.map((audience, index) => {
    const valid = !!audience && typeof audience === 'object' && typeof audience.id === 'string';
    const code = valid ? audienceCode(audience.conditions) : null;
    return `// audiences[${index}] ${valid ? commentText(audience.id) : '(no id)'}${code ? '' : ': interpreted'}\n${code ?? 'null'}`;
  });
  const pageEntries = pages.map((page, index) => {
    const id = page && typeof page === 'object' ? commentText(page.id) : '(none)';
    const code = page && typeof page === 'object' ? pageCode(page.staticConditions, constants, `page "${id}" (pages[${index}])`) : null;
    return `// pages[${index}] ${id}${code ? '' : ': interpreted'}\n${code ?? 'null'}`;
  });
  const list = (entries: string[]) => (entries.length ? `[\n${indent(entries.join(',\n'), '      ')}\n    ]` : '[]');
  const source = [
    '(() => {',
    ...constants.lines.map((line) => `  ${line}`),
    '  return {',
    `    audiences: ${list(audienceEntries)},`,
    `    pages: ${list(pageEntries)},`,
    '  };',
    '})()',
  ].join('\n');
  const generated = (entries: string[]) => entries.filter((entry) => !entry.endsWith('\nnull')).length;
  return {
    source,
    summary: {
      audiences: { generated: generated(audienceEntries), total: audiences.length },
      pages: { generated: generated(pageEntries), total: pages.length },
    },
  };
};
