import { expect, it } from 'vitest';
import location, { parseGeolocation } from '../../../../../plugins/profile-providers/location';
import { bootAudiences } from '../../modules/audiences/helpers';

it('AUD-18 location comes from the geolocation call, which yields ip and location', async () => {
  const t = bootAudiences({ extra: [location({ await: true })] });
  await t.settle();
  t.audiences.load();
  expect(t.audiences.profile().location).toBeInstanceOf(Promise);
  const decided = t.audiences.evaluate([{ type: 'location', value: 'AU' }, { type: 'location', value: 'NZ' }]);
  expect(decided).toBeInstanceOf(Promise);
  t.push(['geolocation', { ip: '203.0.113.9', location: { country: 'NZ', region: 'AUK', city: 'Auckland', continent: 'OC' } }]);
  expect(await decided).toBe(true);
  expect(t.audiences.profile().location).toEqual({ ip: '203.0.113.9', country: 'NZ', region: 'AUK', city: 'Auckland', continent: 'OC' });
  t.audiences.load();
  expect(t.audiences.profile().location).toMatchObject({ country: 'NZ' });
});

it('AUD-18 the geolocation answer may be pipe-separated or flat; nonsense is an ApiError', async () => {
  expect(parseGeolocation({ ip: '1.2.3.4', location: 'GB|EN|London|EU|' })).toEqual({ ip: '1.2.3.4', country: 'GB', region: 'EN', city: 'London', continent: 'EU' });
  expect(parseGeolocation({ country: 'US', dma: 807 })).toEqual({ country: 'US', dma: 807 });
  expect(parseGeolocation({ ip: '1.2.3.4' })).toBeUndefined();
  const t = bootAudiences({ extra: [location()] });
  await t.settle();
  t.push(['geolocation', 'nope']);
  expect(t.errors()).toContain('geolocation needs a location');
});

it('AUD-18 without a script or await the location is unknown at once; after the timeout a pending one counts as missing', async () => {
  const t = bootAudiences({ extra: [location()] });
  await t.settle();
  t.audiences.load();
  expect(t.audiences.evaluate([{ type: 'location', value: 'AU' }])).toBeNull();
  const waiting = bootAudiences({ extra: [location({ await: true })] });
  await waiting.settle();
  waiting.audiences.load();
  const result = waiting.audiences.qualifies(['x'], {}) as boolean;
  expect(result).toBe(false); // unknown audience id: no wait needed
  const pending = waiting.audiences.evaluate([{ type: 'location', value: 'AU' }], { timeout: 100 }) as Promise<boolean | null>;
  await waiting.clock.tickAsync(100);
  expect(await pending).toBeNull();
});
