import { expect, it } from 'vitest';
import cookies from '../../../../../plugins/profile-providers/cookies';
import query from '../../../../../plugins/profile-providers/query';
import referrer from '../../../../../plugins/profile-providers/referrer';
import storage from '../../../../../plugins/profile-providers/storage';
import url from '../../../../../plugins/profile-providers/url';
import { parseCookies } from '../../../../../plugins/profile-providers/_shared/page';
import { bootAudiences } from '../../modules/audiences/helpers';
import { fakeWindow } from '../helpers';

it('AUD-2 referrer, url, query and cookies providers read the page', () => {
  const win = fakeWindow({ href: 'https://example.com/p?a=1&b=x%20y', referrer: 'https://ref.example.org/', cookie: 'a=1; b=two%20words; a=2' });
  const t = bootAudiences({ win, extra: [referrer(), url(), query(), cookies(), storage()] });
  t.audiences.load();
  const profile = t.audiences.profile();
  expect(profile.referrer).toBe('https://ref.example.org/');
  expect(profile.url).toBe('https://example.com/p?a=1&b=x%20y');
  expect(profile.query).toEqual({ a: '1', b: 'x y' });
  expect(profile.cookies).toEqual({ a: '1', b: 'two words' });
  // No storage in this window: readers answer undefined, never throw.
  expect((profile.localStorage as (k: string) => unknown)('x')).toBeUndefined();
  expect(parseCookies('bad%E0=%E0; =x; ok=1')).toEqual({ 'bad%E0': '%E0', ok: '1' });
});

it('providers without a window give unknown fields, never an exception', () => {
  const t = bootAudiences({ extra: [referrer(), url(), query(), cookies()] });
  t.audiences.load();
  expect(t.audiences.profile().url).toBeUndefined();
  expect(t.audiences.evaluate([{ type: 'url', match: 'substring', value: 'x' }])).toBeNull();
  expect(t.errors()).toEqual([]);
});
