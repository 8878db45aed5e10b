import { expect, it } from 'vitest';
import location, { parseLocation } from '../../../../../plugins/audience-matchers/location';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

const at = (loc: Record<string, unknown>) => ({ location: loc });
const sydney = at({ country: 'AU', region: 'NSW', city: 'Sydney', continent: 'OC', dma: '' });

it('AUD-16 a location value is pipe-separated country|region|city|continent|dma; empty parts match anything', () => {
  expect(parseLocation('AU|NSW|Sydney|OC|')).toEqual(['au', 'nsw', 'sydney', 'oc', '']);
  expect(matchWith(location, { type: 'location', value: 'AU' }, sydney)).toBe(true);
  expect(matchWith(location, { type: 'location', value: 'au|nsw' }, sydney)).toBe(true);
  expect(matchWith(location, { type: 'location', value: '||Sydney' }, sydney)).toBe(true);
  expect(matchWith(location, { type: 'location', value: '|||OC' }, sydney)).toBe(true);
  expect(matchWith(location, { type: 'location', value: 'NZ' }, sydney)).toBe(false);
  expect(matchWith(location, { type: 'location', value: 'US||||807' }, at({ country: 'US', dma: 807 }))).toBe(true);
  expect(matchWith(location, { type: 'location', value: 'AU|||' + '|807' }, sydney)).toBeNull(); // dma unknown
  expect(matchWith(location, { type: 'location', value: 'AU' }, {})).toBeNull();
  expect(matchWith(location, { type: 'location', match: 'exists' }, sydney)).toBe(true);
  expect(checkWith(location, { type: 'location', value: 'a|b|c|d|e|f' })[0]).toMatch(/pipe-separated/);
  expect(checkWith(location, { type: 'location', value: '||||' })[0]).toMatch(/one non-empty/);
  expect(checkWith(location, { type: 'location', value: 'AU' })).toEqual([]);
});

it('AUD-17 for GB, regions EN, NI, SC and WA map to ENG, NIR, SCT and WLS', () => {
  const pairs = [['EN', 'ENG'], ['NI', 'NIR'], ['SC', 'SCT'], ['WA', 'WLS']];
  for (const [short, long] of pairs) {
    expect(matchWith(location, { type: 'location', value: `GB|${short}` }, at({ country: 'GB', region: long }))).toBe(true);
    expect(matchWith(location, { type: 'location', value: `GB|${long}` }, at({ country: 'GB', region: short }))).toBe(true);
  }
  expect(matchWith(location, { type: 'location', value: 'GB|EN' }, at({ country: 'GB', region: 'SCT' }))).toBe(false);
  // Only for GB: elsewhere EN stays EN.
  expect(matchWith(location, { type: 'location', value: 'XX|EN' }, at({ country: 'XX', region: 'ENG' }))).toBe(false);
});
