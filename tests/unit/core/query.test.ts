/** The one reading of the query string shared by the snippet's entry and the plugins. */
import { describe, expect, it } from 'vitest';
import { readQuery } from '../../../core';

describe('query string', () => {
  it('URL-12 parameters are decoded as browsers do: + is a space, a bad escape is kept, the last repeat wins', () => {
    expect(readQuery('?varia_log=INFO%3Adecision&q=a+b&bad=%ZZ&x=1&x=2&flag')).toEqual({
      varia_log: 'INFO:decision',
      q: 'a b',
      bad: '%ZZ',
      x: '2',
      flag: '',
    });
    expect(readQuery('')).toEqual({});
  });

  it('URL-12 one reading per query string: the boot and every plugin share it', () => {
    const first = readQuery('?varia_force_variations=1,2');
    expect(readQuery('?varia_force_variations=1,2')).toBe(first);
    expect(readQuery('?other=1')).not.toBe(first);
  });
});
