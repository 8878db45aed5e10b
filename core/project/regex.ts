/**
 * The guard on a project's regular expressions (page URL rules, URL-5; audience regex conditions, AUD-13):
 * a pattern whose backtracking can take exponential time is refused before it ever runs on a page, with
 * the reason and the place in the pattern. Browsers' regex engines backtrack; such a pattern (`(a+)+$`
 * takes over a second on a 24-character path, twice as long per added character) freezes the page.
 *
 * How it decides (no heuristics on the text): the pattern is parsed and turned into its position automaton
 * (one state per character set in the pattern, Glushkov's construction), counting how many ways each
 * transition arises. Matching can take exponential time exactly when, inside a loop of the automaton, the
 * same text can be read along two different paths:
 * - a transition that arises in two ways inside a loop (`(a+)+`, `(a*)*`, `(\w+\s?)*`), or
 * - two different states that read the same characters and come back together (`(a|aa)+`, `(.*a){20}`).
 * The second is found on the product of the automaton with itself: a strongly connected part of it holding
 * both a pair of equal states and a pair of different ones. Patterns such as `(foo|bar)+`,
 * `[a-z]+(-[a-z]+)*` or `^/shop/.*\/item-\d+$` are unambiguous and accepted. Lookaround bodies are checked
 * on their own; backreferences are refused (no automaton models them). For this check a repetition that can
 * take its body twice is a loop whatever its counts (`(a|a){1,30}` and `((a|a){8}){5}` are as bad as
 * `(a|a)+`). Alternatives in sequence are ambiguous without any loop (`(a|a)(a|a)...`): the paths one text
 * can take are counted (see {@link manyPathsAt}). With `i`, characters are compared as the engine folds
 * their case, beyond ASCII (`é` and `É`, `s` and `ſ`).
 *
 * Polynomial cost is bounded too. Inputs are cut at {@link MAX_REGEX_INPUT} characters, which keeps a
 * quadratic pattern (`.*checkout.*`, tried from every start) to milliseconds; but three loops that can read
 * the same text one after another make the cost cubic, seconds on a 2 KB URL (`.*a.*b`: 26 s in Node), so a
 * chain of three such loops is refused too (see {@link polynomialChain}).
 */

import { MAX_PATTERN, MAX_REGEX_INPUT, regexUse } from './regex-use';

export { MAX_PATTERN, MAX_REGEX_INPUT };
/** Most character positions analysed; a larger pattern is refused as too complex to check. */
const MAX_POSITIONS = 400;
/** Counts above this are analysed as unbounded. */
const MAX_COUNT = 8;
/** Most lookarounds analysed (each on its own, which bounds the work); a pattern with more is refused. */
const MAX_LOOKAROUNDS = 50;

/** A character set: sorted, disjoint, inclusive code unit ranges, flattened [lo, hi, lo, hi, ...]. */
type Ranges = number[];
type Node =
  | { t: 's'; r: Ranges; at: number }
  | { t: 'q'; n: Node[] }
  | { t: 'a'; n: Node[] }
  | { t: 'r'; n: Node; min: number; max: number; at: number }
  | { t: 'e' };

const ANY: Ranges = [0, 0xffff];
const DIGIT: Ranges = [48, 57];
const WORD: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: Ranges = [9, 13, 32, 32, 160, 160, 5760, 5760, 8192, 8202, 8232, 8233, 8239, 8239, 8287, 8287, 12288, 12288, 65279, 65279];
const LINE_ENDS: Ranges = [10, 10, 13, 13, 8232, 8233];

const normalize = (ranges: Ranges): Ranges => {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i], ranges[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    if (out.length && lo <= out[out.length - 1] + 1) out[out.length - 1] = Math.max(out[out.length - 1], hi);
    else out.push(lo, hi);
  }
  return out;
};
const complement = (ranges: Ranges): Ranges => {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i] > next) out.push(next, ranges[i] - 1);
    next = ranges[i + 1] + 1;
  }
  if (next <= 0xffff) out.push(next, 0xffff);
  return out;
};
const overlaps = (a: Ranges, b: Ranges): boolean => {
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i + 1] < b[j]) i += 2;
    else if (b[j + 1] < a[i]) j += 2;
    else return true;
  }
  return false;
};
/**
 * The classes of characters the `i` flag makes equal (`é` and `É`; with `u` also `s`, `S` and `ſ`; `k`, `K`
 * and the Kelvin sign), from the engine's own case mapping, found once for every code unit and each mode.
 * The sets must be exact, not merely cautious: a negated class is the complement of its members' classes,
 * so a class too wide there would leave characters out of `[^\W]`.
 * - Without `u`, two characters are equal when their upper cases are, except that a character outside ASCII
 *   never becomes an ASCII one (`ſ` stays apart from `s`).
 * - With `u`, characters are equal when they fold to one character: the lower case of the upper case here.
 */
const caseClasses: Partial<Record<'unicode' | 'legacy', number[][]>> = {};
const canonical = (ch: string, unicode: boolean): string => {
  const upper = ch.toUpperCase();
  if (unicode) return (upper.length === 1 ? upper : ch).toLowerCase();
  return upper.length !== 1 || (ch.charCodeAt(0) > 127 && upper.charCodeAt(0) < 128) ? ch : upper;
};
const classesOfCase = (unicode: boolean): number[][] => {
  const mode = unicode ? 'unicode' : 'legacy';
  let classes = caseClasses[mode];
  if (!classes) {
    const byKey = new Map<string, number[]>();
    const byUpper = new Map<string, string>();
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      // Only a character with another case joins a class (each key is one too, so it is among its class's members).
      if (ch.toUpperCase() === ch && ch.toLowerCase() === ch) continue;
      let key = canonical(ch, unicode);
      // With `u` the engine folds by Unicode's simple case folding, which also makes one some characters
      // whose upper case is several characters and whose lower case is themselves: ΐ (U+0390) and U+1FD3,
      // ΰ and U+1FE3, ﬅ and ﬆ. They share their full upper case, so that joins them.
      const upper = ch.toUpperCase();
      if (unicode && upper.length > 1) key = byUpper.get(upper) ?? (byUpper.set(upper, key), key);
      (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(code);
    }
    // Stryker disable next-line MethodExpression: a speed-up; a class of one character adds nothing to a set.
    classes = [...byKey.values()].filter((members) => members.length > 1);
    caseClasses[mode] = classes;
  }
  return classes;
};
const has = (ranges: Ranges, code: number): boolean => {
  for (let i = 0; i < ranges.length; i += 2) if (code >= ranges[i] && code <= ranges[i + 1]) return true;
  return false;
};
/** Adds every character the `i` flag makes equal to one of the set's (`unicode`: with the `u` or `v` flag). */
const bothCases = (ranges: Ranges, unicode: boolean): Ranges => {
  const out = ranges.slice();
  for (const members of classesOfCase(unicode)) if (members.some((code) => has(ranges, code))) for (const code of members) out.push(code, code);
  return normalize(out);
};

const BACKREFERENCES = 'backreferences are not allowed: they can make matching take exponential time';

/** Thrown by the parser for what no automaton models. */
class Refused extends Error {}

/** Parses a pattern into a tree of sets, sequences, alternatives and repetitions; lookaround bodies go to `looks`. */
const parse = (src: string, flags: string, looks: Node[]): Node => {
  let i = 0;
  const ignoreCase = flags.includes('i');
  const dotAll = flags.includes('s');
  const multiline = flags.includes('m');
  const unicode = flags.includes('u') || flags.includes('v');
  const set = (r: Ranges, at: number): Node => ({ t: 's', r: ignoreCase ? bothCases(r, unicode) : r, at });
  // With `u` and `i`, \w also holds the characters that fold into it (ſ, the Kelvin sign), and \W leaves them out.
  const word = unicode && ignoreCase ? bothCases(WORD, true) : WORD;
  const hex = (length: number) => {
    const digits = src.slice(i, i + length);
    if (!/^[0-9a-f]+$/i.test(digits) || digits.length < length) return -1;
    i += length;
    return parseInt(digits, 16);
  };
  // One escape after the backslash: a set, or a code unit; `inClass` where \b is a backspace.
  const escape = (inClass: boolean): Ranges | 'assert' => {
    const ch = src[i++];
    switch (ch) {
      case 'd': return DIGIT;
      case 'D': return complement(DIGIT);
      case 'w': return word;
      case 'W': return complement(word);
      case 's': return SPACE;
      case 'S': return complement(SPACE);
      case 'b': return inClass ? [8, 8] : 'assert';
      // Inside a class, without u (which refuses it there), \B is the letter B.
      case 'B': return inClass ? [66, 66] : 'assert';
      case 'p':
      case 'P':
        // Without u, \p and \P are the letters and the braces after them a count or characters.
        if (!unicode) return [ch.charCodeAt(0), ch.charCodeAt(0)];
        // With u the braces are required: the property name is skipped, its characters taken as any.
        i = src.indexOf('}', i) + 1;
        return ANY;
      case 'k':
        if (src[i] === '<') throw new Refused(BACKREFERENCES);
        return [107, 107];
      case 'c': {
        // A control character after a letter (in a class also a digit or _); else a backslash, then c read again.
        const code = src.charCodeAt(i);
        if (/[a-z]/i.test(src[i] ?? '') || (inClass && /[\d_]/.test(src[i] ?? ''))) {
          i++;
          return [code % 32, code % 32];
        }
        i--;
        return [92, 92];
      }
      case 'x': {
        const code = hex(2);
        return code < 0 ? [120, 120] : [code, code];
      }
      case 'u': {
        // Without u, \u{...} is the letter u and a count.
        if (unicode && src[i] === '{') {
          const end = src.indexOf('}', i);
          const code = parseInt(src.slice(i + 1, end), 16);
          i = end + 1;
          // Astral code points are pairs of code units: any unit is the conservative answer.
          return code > 0xffff ? ANY : [code, code];
        }
        const code = hex(4);
        return code < 0 ? [117, 117] : [code, code];
      }
      default: {
        // \t \n \v \f \r are code units 9 to 13.
        const control = 'tnvfr'.indexOf(ch);
        if (control >= 0) return [control + 9, control + 9];
        if (ch >= '1' && ch <= '9' && !inClass) throw new Refused(BACKREFERENCES);
        if (ch === '0') return [0, 0];
        return [ch.charCodeAt(0), ch.charCodeAt(0)];
      }
    }
  };
  const classAtom = (): Ranges => {
    if (src[i] === '\\') {
      i++;
      const found = escape(true);
      return found === 'assert' ? [] : found;
    }
    const code = src.charCodeAt(i++);
    return [code, code];
  };
  const charClass = (at: number): Node => {
    const negated = src[i] === '^';
    if (negated) i++;
    const ranges: Ranges = [];
    while (i < src.length && src[i] !== ']') {
      const from = classAtom();
      // A range between two characters; a class escape (\d, \w...) never starts with a range of one character.
      if (src[i] === '-' && src[i + 1] !== ']' && i + 1 < src.length && from[0] === from[1]) {
        i++;
        const to = classAtom();
        if (to[0] === to[1]) ranges.push(from[0], to[0]);
        else ranges.push(...from, 45, 45, ...to);
      } else ranges.push(...from);
    }
    i++;
    const r = normalize(ranges);
    return set(negated ? complement(ignoreCase ? bothCases(r, unicode) : r) : r, at);
  };
  const atom = (): Node | undefined => {
    const at = i;
    const ch = src[i++];
    if (ch === '^' || (ch === '$' && multiline)) return { t: 'e' };
    // The end: a position no character enters, so what stands before it is not an end of the pattern.
    if (ch === '$') return set([], at);
    if (ch === '.') return set(dotAll ? ANY : complement(LINE_ENDS), at);
    if (ch === '[') return charClass(at);
    if (ch === '\\') {
      const found = escape(false);
      return found === 'assert' ? { t: 'e' } : set(found, at);
    }
    if (ch === '(') {
      let look = false;
      // What follows the ( : a plain group (?:, a lookaround, a named group (?<name>, or the body itself.
      const kind = src.slice(i, i + 3);
      if (kind.startsWith('?:')) i += 2;
      else if (kind.startsWith('?=') || kind.startsWith('?!')) (i += 2), (look = true);
      else if (kind === '?<=' || kind === '?<!') (i += 3), (look = true);
      else if (kind.startsWith('?<')) i = src.indexOf('>', i) + 1;
      const body = alternatives();
      i++; // ')'
      if (!look) return body;
      looks.push(body);
      return { t: 'e' };
    }
    const code = ch.charCodeAt(0);
    return set([code, code], at);
  };
  const quantified = (): Node | undefined => {
    const node = atom();
    if (!node) return;
    const at = i;
    let min = -1;
    let max = Infinity;
    const ch = src[i];
    if (ch === '*') (min = 0), i++;
    else if (ch === '+') (min = 1), i++;
    else if (ch === '?') (min = 0), (max = 1), i++;
    else if (ch === '{') {
      const found = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (found) {
        min = +found[1];
        max = found[2] ? (found[3] ? +found[3] : Infinity) : min;
        i += found[0].length;
      }
    }
    if (min < 0) return node;
    if (src[i] === '?') i++; // lazy: the same paths, tried in another order
    return { t: 'r', n: node, min, max, at };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') {
      const node = quantified();
      if (node) items.push(node);
    }
    return { t: 'q', n: items };
  };
  const alternatives = (): Node => {
    const items = [sequence()];
    while (src[i] === '|') {
      i++;
      items.push(sequence());
    }
    return items.length === 1 ? items[0] : { t: 'a', n: items };
  };
  return alternatives();
};

/** The position automaton: each position's set and source index, and transitions with how many ways each arises (capped at 2). */
interface Automaton {
  sets: Ranges[];
  at: number[];
  /** next[p]: position -> ways; position 0 is the start. */
  next: Array<Map<number, number>>;
  /** Positions that end a match (reaching one, the search has succeeded), and whether the empty text matches. */
  ends: number[];
  nullable: boolean;
}

interface Info {
  nullable: boolean;
  first: number[];
  last: number[];
}

/**
 * The position automaton of `root`. With `looped`, every repetition that can take its body twice is built as
 * a loop whatever its bounds (`x{1,8}` as `x+`), for the ambiguity check: ambiguity a bounded repetition
 * repeats is as costly as a loop's once nested (`(\w{1,8}\/?){1,8}`, `((a|a){8}){5}`). Without it, counts
 * up to {@link MAX_COUNT} are expanded into copies, for the checks of chains and sequences.
 */
const build = (root: Node, looped = false): Automaton => {
  // Position 0, the start, is never quoted nor entered, and nullable is set at the end.
  // Stryker disable next-line UnaryOperator,BooleanLiteral: neither initial value is read.
  const auto: Automaton = { sets: [[]], at: [-1], next: [new Map()], ends: [], nullable: false };
  const link = (from: number[], to: number[]) => {
    for (const p of from) for (const q of to) auto.next[p].set(q, Math.min(2, (auto.next[p].get(q) ?? 0) + 1));
  };
  const walk = (node: Node): Info => {
    switch (node.t) {
      case 'e':
        return { nullable: true, first: [], last: [] };
      case 's': {
        if (auto.sets.length > MAX_POSITIONS) throw new Refused('the pattern is too large to be checked for catastrophic backtracking');
        const p = auto.sets.push(node.r) - 1;
        auto.at.push(node.at);
        auto.next.push(new Map());
        return node.r.length ? { nullable: false, first: [p], last: [p] } : { nullable: false, first: [], last: [] };
      }
      case 'a': {
        const parts = node.n.map(walk);
        return { nullable: parts.some((part) => part.nullable), first: parts.flatMap((part) => part.first), last: parts.flatMap((part) => part.last) };
      }
      case 'q': {
        let info: Info = { nullable: true, first: [], last: [] };
        for (const child of node.n) {
          const part = walk(child);
          link(info.last, part.first);
          info = {
            nullable: info.nullable && part.nullable,
            first: info.nullable ? info.first.concat(part.first) : info.first,
            last: part.nullable ? info.last.concat(part.last) : part.last,
          };
        }
        return info;
      }
      case 'r': {
        if (node.max === -1) {
          // The loop itself (max -1 marks it): the body, its ends linked back to its starts.
          const body = walk(node.n);
          link(body.last, body.first);
          return { nullable: true, first: body.first, last: body.last };
        }
        const max = node.max > MAX_COUNT || (looped && node.max > 1) ? Infinity : node.max;
        const min = Math.min(node.min, MAX_COUNT);
        // x{min,max} as min copies, then either the loop (unbounded) or nested optional copies x(x(x)?)?)?.
        const items: Node[] = Array.from({ length: min }, () => node.n);
        if (max === Infinity) items.push({ t: 'r', n: node.n, min: 0, max: -1, at: node.at });
        else {
          let optional: Node | undefined;
          for (let k = min; k < max; k++) optional = { t: 'a', n: [{ t: 'q', n: optional ? [node.n, optional] : [node.n] }, { t: 'e' }] };
          if (optional) items.push(optional);
        }
        return walk({ t: 'q', n: items });
      }
    }
  };
  const info = walk(root);
  link([0], info.first);
  auto.ends = info.last;
  auto.nullable = info.nullable;
  return auto;
};

/** Strongly connected components (Tarjan, iterative): the component index of each node. */
const components = (count: number, edges: (node: number) => number[]): number[] => {
  const index: number[] = new Array(count).fill(-1);
  const low: number[] = new Array(count).fill(0);
  const comp: number[] = new Array(count).fill(-1);
  const stack: number[] = [];
  const onStack: boolean[] = new Array(count).fill(false);
  let counter = 0;
  let found = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] >= 0) continue;
    const work: Array<[number, number[], number]> = [[root, edges(root), 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, out] = frame;
      if (frame[2] < out.length) {
        const next = out[frame[2]++];
        if (index[next] < 0) {
          index[next] = low[next] = counter++;
          stack.push(next);
          onStack[next] = true;
          work.push([next, edges(next), 0]);
        } else if (onStack[next]) low[node] = Math.min(low[node], index[next]);
        continue;
      }
      work.pop();
      if (work.length) low[work[work.length - 1][0]] = Math.min(low[work[work.length - 1][0]], low[node]);
      if (low[node] === index[node]) {
        for (let member = -1; member !== node; ) {
          member = stack.pop()!;
          onStack[member] = false;
          comp[member] = found;
        }
        found++;
      }
    }
  }
  return comp;
};

/** The source index where two paths can read the same text, or -1 when there is none (the pattern is safe). */
const ambiguousAt = (auto: Automaton): number => {
  const count = auto.sets.length;
  const comp = components(count, (p) => [...auto.next[p].keys()]);
  // A transition that arises in two ways and lies on a loop.
  for (let p = 0; p < count; p++) for (const [q, ways] of auto.next[p]) if (ways > 1 && comp[p] === comp[q]) return auto.at[q];
  // Two different paths through one loop reading the same text: the product restricted to each loop.
  const byComp = new Map<number, number[]>();
  for (let p = 1; p < count; p++) if (auto.next[p].size) (byComp.get(comp[p]) ?? byComp.set(comp[p], []).get(comp[p])!).push(p);
  for (const members of byComp.values()) {
    if (members.length < 2) continue;
    const size = members.length;
    const slot = new Map(members.map((p, k) => [p, k]));
    const pairEdges = (pair: number): number[] => {
      const p = members[Math.floor(pair / size)];
      const q = members[pair % size];
      const out: number[] = [];
      for (const p2 of auto.next[p].keys()) {
        const a = slot.get(p2);
        if (a === undefined) continue;
        for (const q2 of auto.next[q].keys()) {
          const b = slot.get(q2);
          if (b !== undefined && overlaps(auto.sets[p2], auto.sets[q2])) out.push(a * size + b);
        }
      }
      return out;
    };
    const pairComp = components(size * size, pairEdges);
    // The pairs of equal states follow the loop's own transitions, so they all lie in one component: that of
    // the first member with itself (pair 0).
    for (let pair = 0; pair < size * size; pair++) {
      const a = Math.floor(pair / size);
      if (a !== pair % size && pairComp[pair] === pairComp[0]) return auto.at[members[a]];
    }
  }
  return -1;
};

/** Most paths one text may take through the pattern before the guard refuses it (about a millisecond of backtracking per try). */
const MAX_PATHS = 1 << 14;
/** The length of text the count of paths is followed over: a URL path or a value of that length fails fast. */
const PATH_TEXT = 64;
/** Most sets of counts followed from one length to the next: those of the most paths (a beam, so a lower bound). */
const BEAM = 64;

/**
 * Ambiguity without a loop: alternatives that read the same text one after another (`(a|a)(a|a)...` 40
 * times: 2^40 paths to try on a text that fails), which no loop check sees. Follows, for every text of up
 * to {@link PATH_TEXT} characters (the characters grouped into the classes the pattern tells apart), how
 * many paths reach each position, keeping at each length the {@link BEAM} texts with the most paths; the
 * source index of the first position where more than {@link MAX_PATHS} paths arrive, else -1.
 */
const manyPathsAt = (auto: Automaton): number => {
  // The classes of characters: cut at every bound of every set, one representative each.
  const cuts = new Set<number>();
  for (const set of auto.sets) for (let i = 0; i < set.length; i += 2) cuts.add(set[i]).add(set[i + 1] + 1);
  const chars = [...cuts].filter((code) => code <= 0xffff);
  // Stryker disable next-line StringLiteral: the first level's key is never looked up.
  let level = new Map<string, Map<number, number>>([['0:1', new Map([[0, 1]])]]);
  for (let length = 0; length < PATH_TEXT && level.size; length++) {
    const next = new Map<string, Map<number, number>>();
    for (const counts of level.values())
      for (const ch of chars) {
        const reached = new Map<number, number>();
        for (const [p, paths] of counts)
          for (const [q, ways] of auto.next[p]) {
            if (!has(auto.sets[q], ch)) continue;
            const total = Math.min(MAX_PATHS + 1, (reached.get(q) ?? 0) + paths * ways);
            if (total > MAX_PATHS) return auto.at[q];
            reached.set(q, total);
          }
        if (!reached.size) continue;
        const key = [...reached].sort((a, b) => a[0] - b[0]).join(';');
        if (!next.has(key)) next.set(key, reached);
      }
    const total = (counts: Map<number, number>) => [...counts.values()].reduce((sum, paths) => sum + paths, 0);
    level = new Map([...next].sort((a, b) => total(b[1]) - total(a[1])).slice(0, BEAM));
  }
  return -1;
};

/** Work allowed to the polynomial check (steps of its searches); past it the pattern is refused as too complex. */
const MAX_STEPS = 3_000_000;

/**
 * The loops of a chain along which the same text can be read again and again (Weideman et al.'s "IDA"):
 * with three of them matching time grows with the cube of the input's length (`.*a.*b` takes 26 s on
 * 2,048 characters). Matching stops at the first end reached, so ends have no way on; an unanchored
 * pattern is tried from every start, which is a loop on any character before the first position.
 * Returns the source indexes of the longest such chain's loops.
 */
const polynomialChain = (auto: Automaton, anchored: boolean): number[] => {
  if (auto.nullable) return [];
  const count = auto.sets.length;
  const isEnd = new Set(auto.ends);
  // The start reads only along the loop of an unanchored search: any character.
  const sets = [ANY, ...auto.sets.slice(1)];
  const succ = (p: number): number[] => (isEnd.has(p) ? [] : [...auto.next[p].keys()].concat(p === 0 && !anchored ? [0] : []));
  const edges = Array.from({ length: count }, (_, p) => succ(p));
  const comp = components(count, (p) => edges[p]);
  const members = new Map<number, number[]>();
  for (let p = 0; p < count; p++) (members.get(comp[p]) ?? members.set(comp[p], []).get(comp[p])!).push(p);
  const loops = [...members.values()].filter((list) => list.length > 1 || edges[list[0]].includes(list[0]));
  const meet = (a: Ranges, b: Ranges): Ranges => {
    const out: Ranges = [];
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      const lo = Math.max(a[i], b[j]);
      const hi = Math.min(a[i + 1], b[j + 1]);
      if (lo <= hi) out.push(lo, hi);
      if (a[i + 1] < b[j + 1]) i += 2;
      else j += 2;
    }
    return out;
  };
  let steps = 0;
  // Whether p (in loop a) and q (in loop b) read one text w along p->p, p->q and q->q: a search of the triple product.
  const linked = (a: number[], b: number[]): boolean => {
    const inA = new Set(a);
    const inB = new Set(b);
    for (const p of a)
      for (const q of b) {
        const seen = new Set<string>();
        const work: Array<[number, number, number]> = [[p, p, q]];
        while (work.length) {
          const [x, y, z] = work.pop()!;
          if (++steps > MAX_STEPS) throw new Refused('the pattern is too complex to be checked for slow backtracking');
          for (const x2 of edges[x]) {
            if (!inA.has(x2)) continue;
            for (const y2 of edges[y]) {
              const xy = meet(sets[x2], sets[y2]);
              if (!xy.length) continue;
              for (const z2 of edges[z]) {
                if (!inB.has(z2) || !overlaps(xy, sets[z2])) continue;
                if (x2 === p && y2 === q && z2 === q) return true;
                const key = x2 + ',' + y2 + ',' + z2;
                if (!seen.has(key)) seen.add(key), work.push([x2, y2, z2]);
              }
            }
          }
        }
      }
    return false;
  };
  const reach = (from: number[]): Set<number> => {
    const seen = new Set<number>(from);
    const work = from.slice();
    while (work.length) for (const next of edges[work.pop()!]) if (!seen.has(next)) seen.add(next), work.push(next);
    return seen;
  };
  // The longest chain of linked loops, each loop's best chain computed once.
  const best = new Map<number[], number[][]>();
  const chain = (loop: number[]): number[][] => {
    let found = best.get(loop);
    if (found) return found;
    found = [loop];
    const reachable = reach(loop);
    for (const other of loops) {
      if (other === loop || !reachable.has(other[0]) || !linked(loop, other)) continue;
      const rest = chain(other);
      if (rest.length + 1 > found.length) found = [loop, ...rest];
    }
    best.set(loop, found);
    return found;
  };
  let longest: number[][] = [];
  for (const loop of loops) {
    const found = chain(loop);
    if (found.length > longest.length) longest = found;
  }
  return longest.map((loop) => Math.min(...loop.map((p) => (p === 0 ? Infinity : auto.at[p]))));
};

/**
 * Why a pattern must not run (exponential backtracking, a backreference, too long or too large), or
 * undefined when it is safe. Expects a pattern the browser accepts (see {@link regexProblem}).
 */
export const unsafeReason = (pattern: string, flags = ''): string | undefined => {
  if (pattern.length > MAX_PATTERN) return `the pattern is longer than ${MAX_PATTERN} characters`;
  try {
    const looks: Node[] = [];
    const root = parse(pattern, flags, looks);
    if (looks.length > MAX_LOOKAROUNDS) return `the pattern has more than ${MAX_LOOKAROUNDS} lookarounds, too many to be checked for catastrophic backtracking`;
    const near = (at: number) => `"${pattern.slice(Math.max(0, at - 10), at + 10)}" (character ${at + 1})`;
    for (let k = 0; k <= looks.length; k++) {
      const node = k ? looks[k - 1] : root;
      const auto = build(node);
      const at = ambiguousAt(build(node, true));
      if (at >= 0) return `the repetition around ${near(at)} can match the same text in more than one way, so matching can take exponential time`;
      const many = manyPathsAt(auto);
      if (many >= 0) return `the alternatives before ${near(many)} can match the same text in more than ${MAX_PATHS} ways, so matching can take exponential time`;
      // Lookarounds are tried at every position: never anchored.
      const anchored = !k && root.t !== 'a' && pattern.startsWith('^') && !flags.includes('m');
      const chain = polynomialChain(auto, anchored);
      if (chain.length >= 3) {
        const search = chain[0] === Infinity ? 'the search from every start (the pattern is not anchored with ^) and ' : '';
        const places = chain.filter((at) => at !== Infinity).map(near).join(' and ');
        return `${search}the repetitions at ${places} can each take the same text in turn, so matching time grows with the ${chain.length === 3 ? 'cube' : `power ${chain.length}`} of the input's length (seconds on a 2 KB URL); anchor it with ^ or use narrower classes than .*`;
      }
    }
  } catch (error) {
    if (error instanceof Refused) return error.message;
    return 'the pattern could not be checked for catastrophic backtracking';
  }
  return undefined;
};

/** Compiling, checking and running patterns, with the full guard (see ./regex-use.ts). */
export const { compile, regexProblem, testRegex } = regexUse(unsafeReason);
