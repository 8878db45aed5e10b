/**
 * A function's source text as an expression (EDT-4): what `Function.prototype.toString` gives is kept
 * as it is when it already is one (function and class expressions, arrows of every form), and method
 * shorthand (`run(x) {}`, `async *gen() {}`, `get size() {}`, `[key]() {}`) becomes a function
 * expression, so the snippet build and the editor can place the text wherever a value goes.
 *
 * No parser is at hand in the renderer, and none is needed: telling an arrow from a method takes only
 * finding where a parenthesised group ends, skipping strings, templates, comments and regex literals
 * that may hold brackets (`(a = ')', /* ) *\/ b) => a`). Pure: no Node, no DOM, no eval.
 */

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
/** Characters after which a `/` starts a regex literal rather than a division. */
const BEFORE_REGEX = '(,=:[!&|?{};+-*%<>~^';
/** Words a function expression cannot take as its name. */
const RESERVED = new Set(
  ('await break case catch class const continue debugger default delete do else enum eval export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return static super ' +
    'switch this throw true try typeof var void while with yield arguments').split(' '),
);
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/u;

/** Index past the line or block comment at `i`, or `i` when none starts there. */
const pastComment = (text: string, i: number): number => {
  if (text.startsWith('//', i)) {
    const end = text.indexOf('\n', i);
    return end < 0 ? text.length : end + 1;
  }
  if (text.startsWith('/*', i)) {
    const end = text.indexOf('*/', i + 2);
    return end < 0 ? text.length : end + 2;
  }
  return i;
};

/** Index of the first character at or after `i` that is neither white space nor in a comment. */
const skipBlank = (text: string, i: number): number => {
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    const next = pastComment(text, i);
    if (next === i) return i;
    i = next;
  }
};

/** Index past the quoted string, template or regex literal opened by `text[i]`. */
const pastLiteral = (text: string, i: number): number => {
  const quote = text[i];
  let inClass = false;
  for (i += 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (quote === '`' && ch === '$' && text[i + 1] === '{') {
      const end = pastGroup(text, i + 1);
      if (end < 0) return text.length;
      i = end - 1;
    }
    else if (quote === '/' && ch === '[') inClass = true;
    else if (quote === '/' && ch === ']') inClass = false;
    else if (ch === quote && !inClass) return i + 1;
  }
  return text.length;
};

/** Index past the bracketed group opened at `open` (`(`, `[` or `{`), or -1 when it never closes. */
function pastGroup(text: string, open: number): number {
  const expected: string[] = [];
  let previous = '';
  let i = open;
  while (i < text.length) {
    const ch = text[i];
    const afterComment = pastComment(text, i);
    if (afterComment !== i) {
      i = afterComment;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`' || (ch === '/' && BEFORE_REGEX.includes(previous))) {
      i = pastLiteral(text, i);
      previous = 'a';
      continue;
    }
    if (CLOSE[ch]) expected.push(CLOSE[ch]);
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (expected.pop() !== ch) return -1;
      if (!expected.length) return i + 1;
    }
    if (!/\s/.test(ch)) previous = ch;
    i++;
  }
  return -1;
}

/** Whether an arrow's parameters (a parenthesised list or one identifier) start at `at`. */
const arrowAt = (text: string, at: number): boolean => {
  const identifier = IDENTIFIER.exec(text.slice(at))?.[0];
  const end = text[at] === '(' ? pastGroup(text, at) : identifier ? at + identifier.length : -1;
  return end > at && text.startsWith('=>', skipBlank(text, end));
};

/** A method's text (`async *[key](a) {}`) as a function expression, or the text itself when it is not one. */
const methodAsFunction = (text: string): string => {
  let at = 0;
  let isAsync = false;
  let star = false;
  // Modifiers: a word followed by a key rather than by the parameters (`get() {}` is a method named get).
  for (;;) {
    const word = /^(async|get|set|static)\b/.exec(text.slice(at))?.[0];
    const next = word ? skipBlank(text, at + word.length) : at;
    if (word && text[next] !== '(') {
      isAsync ||= word === 'async';
      at = next;
    } else if (text[at] === '*') {
      star = true;
      at = skipBlank(text, at + 1);
    } else break;
  }
  let name = '';
  let keyEnd: number;
  if (text[at] === '[') keyEnd = pastGroup(text, at);
  else if (text[at] === '"' || text[at] === "'") keyEnd = pastLiteral(text, at);
  else {
    const key = /^#?[\p{ID_Continue}$\u200c\u200d.]+/u.exec(text.slice(at))?.[0] ?? '';
    keyEnd = key ? at + key.length : -1;
    const bare = key.replace(/^#/, '');
    if (IDENTIFIER.exec(bare)?.[0] === bare && !RESERVED.has(bare)) name = bare;
  }
  const params = keyEnd < 0 ? -1 : skipBlank(text, keyEnd);
  if (params < 0 || text[params] !== '(') return text;
  return `${isAsync ? 'async ' : ''}function${star ? '*' : ''} ${name}${text.slice(params)}`;
};

/** `text`, a function's source, as an expression. */
export function sourceAsExpression(source: string): string {
  const text = source.trim();
  if (/^(async\s+)?function\b/.test(text) || /^class\b(?!\s*\()/.test(text)) return text;
  if (arrowAt(text, 0)) return text;
  if (/^async\b/.test(text) && arrowAt(text, skipBlank(text, 'async'.length))) return text;
  return methodAsFunction(text);
}

/** The source text of a function, as an expression (see {@link sourceAsExpression}). */
export function functionSource(fn: (...args: never[]) => unknown): string {
  return sourceAsExpression(Function.prototype.toString.call(fn));
}
