import { expect, it } from 'vitest';
import device, { DEVICE_TYPES } from '../../../../../plugins/audience-matchers/device';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('AUD-15 device types are phone, tablet, desktop_laptop and other; the matcher compares against them', () => {
  expect(DEVICE_TYPES).toEqual(['phone', 'tablet', 'desktop_laptop', 'other']);
  for (const type of DEVICE_TYPES) expect(matchWith(device, { type: 'device', value: type }, { device: type })).toBe(true);
  expect(matchWith(device, { type: 'device', value: 'desktop_laptop' }, { device: 'phone' })).toBe(false);
  expect(matchWith(device, { type: 'device', value: 'DESKTOP_LAPTOP' }, { device: 'desktop_laptop' })).toBe(true);
  expect(matchWith(device, { type: 'device', value: 'phone' }, {})).toBeNull();
  expect(checkWith(device, { type: 'device', value: 'fridge' })).toEqual(['A device condition value must be one of phone, tablet, desktop_laptop, other, got "fridge"']);
  expect(checkWith(device, { type: 'device', value: 'tablet' })).toEqual([]);
});
