import { expect, it } from 'vitest';
import sourceProvider, { sourceType } from '../../../../../plugins/profile-providers/source';
import { bootAudiences } from '../../modules/audiences/helpers';
import { fakeWindow } from '../helpers';

it('AUD-21 campaign when utm_source, utm_campaign, gclid or otm_source is present', () => {
  for (const name of ['utm_source', 'utm_campaign', 'gclid', 'otm_source']) expect(sourceType(`?${name}=x`, 'https://www.google.com/', 'example.com')).toBe('campaign');
  expect(sourceType('?utm_medium=x', '', 'example.com')).toBe('direct');
});

it('AUD-21 else search for search-engine referrers, else referral, else direct', () => {
  for (const ref of ['https://www.google.com/search?q=x', 'https://www.google.co.uk/', 'https://www.bing.com/', 'https://search.yahoo.com/', 'https://duckduckgo.com/', 'https://yandex.ru/']) {
    expect(sourceType('', ref, 'example.com'), ref).toBe('search');
  }
  expect(sourceType('', 'https://news.ycombinator.com/item', 'example.com')).toBe('referral');
  expect(sourceType('', 'https://googleblog.example.org/', 'example.com')).toBe('referral');
  expect(sourceType('', '', 'example.com')).toBe('direct');
  expect(sourceType('', 'https://example.com/other', 'example.com')).toBe('direct');
});

it('AUD-21 the provider reads the page location and referrer', () => {
  const t = bootAudiences({ win: fakeWindow({ href: 'https://example.com/?gclid=1' }), extra: [sourceProvider()] });
  t.audiences.load();
  expect(t.audiences.profile().sourceType).toBe('campaign');
  expect(t.audiences.evaluate([{ type: 'source_type', value: 'campaign' }])).toBe(true);
});
