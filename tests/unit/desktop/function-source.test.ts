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
