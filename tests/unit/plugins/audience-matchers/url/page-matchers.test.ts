import { expect, it } from 'vitest';
import cookies from '../../../../../plugins/audience-matchers/cookies';
import query from '../../../../../plugins/audience-matchers/query';
import referrer from '../../../../../plugins/audience-matchers/referrer';
import url from '../../../../../plugins/audience-matchers/url';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('AUD-2 referrer and url conditions use the value matchers', () => {
  const profile = { referrer: 'https://www.google.com/search?q=x', url: 'https://example.com/pricing?a=1' };
  expect(matchWith(referrer, { type: 'referrer', match: 'substring', value: 'google.' }, profile)).toBe(true);
  expect(matchWith(referrer, { type: 'referrer', match: 'exists' }, { referrer: '' })).toBe(false);
  expect(matchWith(url, { type: 'url', match: 'regex', value: '/pricing\\b' }, profile)).toBe(true);
  expect(matchWith(url, { type: 'url', value: 'https://example.com/' }, profile)).toBe(false);
});

it('AUD-2 query and cookies conditions read one entry by name', () => {
  const profile = { query: { utm_medium: 'email' }, cookies: { plan: 'pro' } };
  expect(matchWith(query, { type: 'query', name: 'utm_medium', value: 'email' }, profile)).toBe(true);
  expect(matchWith(query, { type: 'query', name: 'utm_source', match: 'exists' }, profile)).toBe(false);
  expect(matchWith(query, { type: 'query', name: 'utm_source', value: 'x' }, profile)).toBeNull();
  expect(matchWith(query, { type: 'query', name: 'constructor', match: 'exists' }, profile)).toBe(false);
  expect(matchWith(cookies, { type: 'cookies', name: 'plan', match: 'substring', value: 'pr' }, profile)).toBe(true);
  expect(checkWith(cookies, { type: 'cookies', value: 'x' })).toEqual(['A cookies condition needs the cookie name in "name"']);
  expect(checkWith(query, { type: 'query', value: 'x' })).toEqual(['A query condition needs the parameter name in "name"']);
});
