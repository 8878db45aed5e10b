/**
 * The value checks every body of the editor's API and every message of the agent channel goes through
 * (editor-model/checks.ts): what each lets in, what it refuses, and the reason a person reads, naming the
 * very field. A check that let a wrong value through would hand it to the services or the page.
 */
import { describe, expect, it } from 'vitest';
import {
  either,
  isBoolean,
  isNumber,
  isObject,
  isPositiveInteger,
  isRecord,
  isText,
  listOf,
  matching,
  oneOf,
  optional,
  passes,
  recordOf,
  shape,
  text,
} from '../../../editor-model/checks';

describe('editor value checks', () => {
  it('a plain object is a record; null, an array, a string and a number are not', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], 'a', 3, true]) expect(isRecord(value), String(value)).toBe(false);
  });

  it('text: a string up to its length, the limit itself included; the reason names the field', () => {
    const note = text(3);
    expect(note('abc', 'note')).toBeUndefined();
    expect(note('', 'note')).toBeUndefined();
    expect(note('abcd', 'note')).toBe('note must be at most 3 characters');
    expect(note(5, 'note')).toBe('note must be a string');
    expect(isText('x'.repeat(100_000), 'note')).toBeUndefined();
    // A value with no path is named as such.
    expect(isText(null, '')).toBe('the value must be a string');
  });

  it('booleans, finite numbers and whole numbers from 1 up, each with its reason', () => {
    expect(isBoolean(false, 'live')).toBeUndefined();
    expect(isBoolean('true', 'live')).toBe('live must be true or false');
    expect(isNumber(0, 'n')).toBeUndefined();
    expect(isNumber(-2.5, 'n')).toBeUndefined();
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1', null]) expect(isNumber(bad, 'n'), String(bad)).toBe('n must be a number');
    expect(isPositiveInteger(1, 'revision')).toBeUndefined();
    expect(isPositiveInteger(Number.MAX_SAFE_INTEGER, 'revision')).toBeUndefined();
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '2', null]) {
      expect(isPositiveInteger(bad, 'revision'), String(bad)).toBe('revision must be a whole number from 1 up');
    }
  });

  it('oneOf lists the allowed values in its reason; matching says what the value must be', () => {
    const method = oneOf('frequentist', 'bayesian');
    expect(method('bayesian', 'method')).toBeUndefined();
    expect(method('Bayesian', 'method')).toBe('method must be one of "frequentist", "bayesian"');
    expect(method(undefined, 'method')).toBe('method must be one of "frequentist", "bayesian"');
    const id = matching(/^[a-z]+$/, 'lower-case letters');
    expect(id('abc', 'id')).toBeUndefined();
    expect(id('ab1', 'id')).toBe('id must be lower-case letters');
    expect(id(['abc'], 'id')).toBe('id must be lower-case letters');
  });

  it('optional lets only undefined pass unchecked: null is checked', () => {
    const note = optional(text(2));
    expect(note(undefined, 'note')).toBeUndefined();
    expect(note('ab', 'note')).toBeUndefined();
    expect(note(null, 'note')).toBe('note must be a string');
    expect(note('abc', 'note')).toBe('note must be at most 2 characters');
  });

  it('listOf: a list up to its length, the first wrong item named by its index', () => {
    const ids = listOf(text(2), 3);
    expect(ids([], 'ids')).toBeUndefined();
    expect(ids(['a', 'b', 'c'], 'ids')).toBeUndefined();
    expect(ids(['a', 'b', 'c', 'd'], 'ids')).toBe('ids must have at most 3 items');
    expect(ids(['a', 'long', 7], 'ids')).toBe('ids[1] must be at most 2 characters');
    expect(ids({ length: 1, 0: 'a' }, 'ids')).toBe('ids must be a list');
    expect(listOf(isText)(Array.from({ length: 5000 }, () => 'x'), 'ids')).toBeUndefined();
    expect(listOf(isText)(Array.from({ length: 5001 }, () => 'x'), 'ids')).toBe('ids must have at most 5000 items');
  });

  it('recordOf and shape name the nested field with dots; a shape leaves undeclared fields alone', () => {
    const counts = recordOf(isNumber);
    expect(counts({ a: 1, b: 2 }, 'counts')).toBeUndefined();
    expect(counts({ a: 1, b: 'x' }, 'counts')).toBe('counts.b must be a number');
    expect(counts({ b: 'x' }, '')).toBe('b must be a number');
    expect(counts([1], 'counts')).toBe('counts must be an object');
    const body = shape({ note: optional(text(5)), revision: isPositiveInteger, limits: shape({ max: isNumber }) });
    expect(body({ revision: 2, limits: { max: 1 }, extra: { anything: true } }, '')).toBeUndefined();
    expect(body({ revision: 0, limits: { max: 1 } }, '')).toBe('revision must be a whole number from 1 up');
    expect(body({ revision: 2, limits: { max: 'x' } }, 'body')).toBe('body.limits.max must be a number');
    expect(body({ revision: 2, limits: null }, '')).toBe('limits must be a JSON object');
    expect(body('text', '')).toBe('the value must be a JSON object');
    // The first declared field's problem is the one reported.
    expect(body({ note: 'too long a note', revision: 'x' }, '')).toBe('note must be at most 5 characters');
  });

  it('isObject refuses what is not a plain object; either passes on any check and else gives the first reason', () => {
    expect(isObject({ a: 1 }, 'data')).toBeUndefined();
    expect(isObject([], 'data')).toBe('data must be an object');
    const idOrNumber = either(matching(/^v\d+$/, 'a version like v2'), isPositiveInteger);
    expect(idOrNumber('v2', 'at')).toBeUndefined();
    expect(idOrNumber(3, 'at')).toBeUndefined();
    expect(idOrNumber('x', 'at')).toBe('at must be a version like v2');
    expect(either()('anything', 'at')).toBeUndefined();
  });

  it('passes asks a check of a value without a path', () => {
    expect(passes(isNumber, 1)).toBe(true);
    expect(passes(isNumber, '1')).toBe(false);
  });
});
