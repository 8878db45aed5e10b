/**
 * A function in a config project is kept as its source text (EDT-4), which must be an expression that
 * compiles and behaves as the function did, whatever its form. Issue 40: `({ a }) => a` was stored as
 * `function ({a})=>a`, invalid source the editor showed and could not rebuild after an edit.
 * Each expression is checked by compiling it in a separate context (node:vm) and calling it.
 */
import { Script, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { functionSource, sourceAsExpression } from '../../../editor-model/function-source';

/** The value of `expression`, compiled and run in a fresh context. */
const evaluate = (expression: string): unknown => new Script(`(${expression})`).runInContext(createContext({}));

/** What `toString` gives for each form, what the expression must start with, and a call's arguments and result. */
const FORMS: Array<{ form: string; source: string; starts: string; args: unknown[]; result: unknown }> = [
  { form: 'arrow, one bare parameter', source: 'x => x + 1', starts: 'x =>', args: [1], result: 2 },
  { form: 'arrow, braces', source: '(a, b) => { return a + b; }', starts: '(a, b) =>', args: [1, 2], result: 3 },
  { form: 'arrow, destructured object', source: '({ a }) => a', starts: '({ a }) =>', args: [{ a: 4 }], result: 4 },
  { form: 'arrow, destructured with braces', source: '({ a, b: [c] }) => { return a + c; }', starts: '({ a', args: [{ a: 1, b: [2] }], result: 3 },
  { form: 'arrow, object default', source: '(o = { k: 5 }) => o.k', starts: '(o = {', args: [], result: 5 },
  { form: 'arrow, default with brackets in a string', source: "(a = ')', b = '{') => a + b", starts: '(a =', args: [], result: '){' },
  { form: 'arrow, default with a template', source: '(a = `${(1 + 1)}}`) => a', starts: '(a =', args: [], result: '2}' },
  { form: 'arrow, default with a regex', source: '(r = /[)}]/) => r.test("}")', starts: '(r =', args: [], result: true },
  { form: 'arrow, comments in the parameters', source: '(a /* ) => { */, b // }\n) => a * b', starts: '(a /*', args: [2, 3], result: 6 },
  { form: 'arrow returning an object', source: '(a) => ({ a })', starts: '(a) =>', args: [7], result: { a: 7 } },
  { form: 'async arrow', source: 'async ({ a }) => a', starts: 'async ({ a })', args: [{ a: 1 }], result: expect.any(Object) },
  { form: 'async arrow, bare parameter', source: 'async x => x', starts: 'async x =>', args: [1], result: expect.any(Object) },
  { form: 'arrow whose parameter is named async', source: 'async => async * 2', starts: 'async =>', args: [4], result: 8 },
  { form: 'function expression', source: 'function f({ a } = {}) { return a; }', starts: 'function f(', args: [{ a: 1 }], result: 1 },
  { form: 'generator function', source: 'function* g() { yield 1; }', starts: 'function* g', args: [], result: expect.any(Object) },
  { form: 'async generator function', source: 'async function* g() { yield 1; }', starts: 'async function* g', args: [], result: expect.any(Object) },
  { form: 'method', source: 'run(x) { return x; }', starts: 'function run(x)', args: [3], result: 3 },
  { form: 'method with an arrow in its body', source: 'run({ a }) { return [a].map((v) => v * 2)[0]; }', starts: 'function run({ a })', args: [{ a: 2 }], result: 4 },
  { form: 'method with an arrow as a default', source: 'run(f = (v) => v) { return f(9); }', starts: 'function run(', args: [], result: 9 },
  { form: 'async method', source: 'async go() { return 1; }', starts: 'async function go()', args: [], result: expect.any(Object) },
  { form: 'generator method', source: '*gen() { yield 1; }', starts: 'function* gen()', args: [], result: expect.any(Object) },
  { form: 'async generator method', source: 'async *gen() { yield 1; }', starts: 'async function* gen()', args: [], result: expect.any(Object) },
  { form: 'method named async', source: 'async(a) { return a; }', starts: 'function async(a)', args: [5], result: 5 },
  { form: 'method named get', source: 'get(a) { return a; }', starts: 'function get(a)', args: [5], result: 5 },
  { form: 'getter', source: 'get size() { return 2; }', starts: 'function size()', args: [], result: 2 },
  { form: 'setter', source: 'set size(v) { return v; }', starts: 'function size(v)', args: [1], result: 1 },
  { form: 'computed key', source: '[Symbol.iterator](a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  { form: 'quoted key', source: "'my key'(a) { return a; }", starts: 'function (a)', args: [6], result: 6 },
  { form: 'reserved word as key', source: 'delete(a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  { form: 'method named class', source: 'class(a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  { form: 'private method', source: '#hidden(a) { return a; }', starts: 'function hidden(a)', args: [6], result: 6 },
  { form: 'method, comment in the parameters', source: 'run(a /* ) { */) { return a; }', starts: 'function run(a', args: [6], result: 6 },
  { form: 'double-quoted key', source: '"my key"(a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  { form: 'computed key with a bracket in a string', source: "['a]'](a) { return a; }", starts: 'function (a)', args: [6], result: 6 },
  { form: 'computed key with a template', source: '[`k${[1][0]}`](a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  { form: 'comments between the modifiers, the key and the parameters', source: 'async /* a */ * // b\n gen /* ( */ (a) { yield a; }', starts: 'async function* gen', args: [1], result: expect.any(Object) },
  { form: 'getter after a comment', source: 'get /* ( */ size() { return 2; }', starts: 'function size()', args: [], result: 2 },
  { form: 'method whose body names a modifier', source: 'load(x) { return async () => x; }', starts: 'function load(x)', args: [1], result: expect.any(Function) },
  { form: 'method whose body holds a function expression', source: 'run(x) { return function () { return x; }; }', starts: 'function run(x)', args: [1], result: expect.any(Function) },
  { form: 'method whose body holds a class', source: 'run(x) { return class { m() { return x; } }; }', starts: 'function run(x)', args: [1], result: expect.any(Function) },
  { form: 'method named class, a space before its parameters', source: 'class (a) { return a; }', starts: 'function (a)', args: [6], result: 6 },
  // An async arrow's parameters are read to their end, whatever they hold: `async (a) {}` would be a method.
  { form: 'async arrow, a bracket in a string default', source: "async (a = ')', b = \"(\") => a + b", starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, an escaped quote in a string default', source: "async (a = '\\')', b = 1) => a", starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, brackets in a template default', source: 'async (a = `)${")"}${(1)}`) => a', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, a regex default with a bracket in a class', source: 'async (r = /[)/]/) => r', starts: 'async (r', args: [], result: expect.any(Object) },
  { form: 'async arrow, a regex default after a comma', source: 'async (a,r=/\\)/) => r', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, a division in a default', source: 'async (a = 4 / 2, b = ")") => a', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, a division after a string', source: 'async (a = "6" / 2, b = ")") => a', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, comments in and after the parameters', source: 'async (a /* ) { */, b // )\n) /* { */ => a', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, a line comment in the parameters', source: 'async (a, // ) {\n b) => a', starts: 'async (a,', args: [], result: expect.any(Object) },
  { form: 'async arrow, a template default holding a template', source: 'async (a = `${`)`}`) => a', starts: 'async (a', args: [], result: expect.any(Object) },
  { form: 'async arrow, a bracket of a class in a string default', source: "async (a = '[', b = ')') => a", starts: 'async (a', args: [], result: expect.any(Object) },
];

describe('function source as an expression', () => {
  it.each(FORMS)('EDT-4 $form is stored as an expression that compiles and behaves the same', ({ source, starts, args, result }) => {
    const expression = sourceAsExpression(source);
    expect(expression.startsWith(starts), expression).toBe(true);
    const fn = evaluate(expression);
    expect(typeof fn).toBe('function');
    expect((fn as (...a: unknown[]) => unknown)(...args)).toEqual(result);
  });

  it('EDT-4 text that is already an expression is kept as it is, byte for byte', () => {
    for (const { source } of FORMS.filter(({ form }) => /^(async )?arrow|function$/.test(form))) expect(sourceAsExpression(source)).toBe(source);
    // An anonymous function without a space before its parameters is not a method named "function".
    expect(sourceAsExpression('function(a) { return a; }')).toBe('function(a) { return a; }');
    expect(sourceAsExpression('async function(a) { return a; }')).toBe('async function(a) { return a; }');
    expect(sourceAsExpression('async  function (a) { return a; }')).toBe('async  function (a) { return a; }');
    expect(sourceAsExpression('class A { m() {} }')).toBe('class A { m() {} }');
  });

  it('EDT-4 white space around the source is dropped; text that is no function is kept as it is', () => {
    expect(sourceAsExpression('  run(a) { return a; }\n')).toBe('function run(a) { return a; }');
    expect(sourceAsExpression('\n x => x ')).toBe('x => x');
    for (const text of ['x', 'run', 'async x', '[native code]', '"key"', "'key' x", '#x', '[a', '/* only a comment', '// run(a) {}', '*', 'get']) {
      expect(sourceAsExpression(text)).toBe(text);
    }
  });

  it('EDT-4 a method named by a word a function cannot take as its name becomes an anonymous function, valid in strict code', () => {
    const words = ('await break case catch class const continue debugger default delete do else enum eval export extends false finally for ' +
      'function if implements import in instanceof interface let new null package private protected public return static super ' +
      'switch this throw true try typeof var void while with yield arguments').split(' ');
    // (`function(a) {}` itself is a function expression, kept as it is.)
    for (const word of words.filter((name) => name !== 'function')) {
      const expression = sourceAsExpression(`${word}(a) { return a; }`);
      expect(expression, word).toBe('function (a) { return a; }');
      expect(() => new Script(`'use strict'; (${expression})`), word).not.toThrow();
    }
    // Any other word names the function.
    expect(sourceAsExpression('then(a) { return a; }')).toBe('function then(a) { return a; }');
  });

  it('EDT-4 real functions of every form: object and class methods, getters, arrows with destructured and default parameters', () => {
    const holder = {
      run({ a }: { a: number }) { return a; },
      get size() { return 2; },
    };
    class Widget {
      static make(n = 1) { return n; }
      async load() { return 1; }
    }
    const size = Object.getOwnPropertyDescriptor(holder, 'size')!.get!;
    const cases: Array<[(...args: never[]) => unknown, unknown[], unknown]> = [
      [holder.run, [{ a: 3 }], 3],
      [size, [], 2],
      [Widget.make, [], 1],
      [Widget.prototype.load, [], expect.any(Object)],
      [({ a }: { a: number }) => a, [{ a: 8 }], 8],
      [(o = { k: 5 }) => o.k, [], 5],
      [class Named { m() { return 1; } } as unknown as () => unknown, [], undefined],
    ];
    for (const [fn, args, result] of cases) {
      const expression = functionSource(fn);
      const revived = evaluate(expression) as (...a: unknown[]) => unknown;
      expect(typeof revived, expression).toBe('function');
      if (!/^class\b/.test(expression)) expect(revived(...args), expression).toEqual(result);
    }
  });

  it('EDT-4 an arrow with no braces is kept, not turned into `function x=>x`', () => {
    // fails when the `brace < 0` test of the old codec was dropped (issue 40 item 8)
    expect(functionSource((x: number) => x)).toMatch(/^\(?x\)? =>/);
    expect(sourceAsExpression('x=>x')).toBe('x=>x');
  });
});
