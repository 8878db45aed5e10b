import { expect, it } from 'vitest';
import type { AudiencesModule } from '../../../../../core';
import device, { deviceType, MAX_USER_AGENT } from '../../../../../plugins/profile-providers/device';
import { bootAudiences } from '../../modules/audiences/helpers';
import { fakeWindow } from '../helpers';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  tv: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
};

it('AUD-15 the device type from the user agent is phone, tablet, desktop_laptop or other', () => {
  expect(deviceType(UA.iphone)).toBe('phone');
  expect(deviceType(UA.android)).toBe('phone');
  expect(deviceType(UA.ipad)).toBe('tablet');
  expect(deviceType(UA.androidTablet)).toBe('tablet');
  expect(deviceType(UA.mac, 5)).toBe('tablet'); // iPadOS desktop-class user agent
  expect(deviceType(UA.mac)).toBe('desktop_laptop');
  expect(deviceType(UA.windows)).toBe('desktop_laptop');
  expect(deviceType(UA.tv)).toBe('other');
  expect(deviceType('')).toBe('other');
});

it('TRK-2 the user agent is truncated to 350 characters before any use', () => {
  expect(MAX_USER_AGENT).toBe(350);
  const long = UA.windows + ' x'.repeat(400);
  const t = bootAudiences({ win: fakeWindow({ userAgent: long }), extra: [device()] });
  t.audiences.load();
  expect((t.audiences.profile().userAgent as string).length).toBe(350);
  // Text past 350 characters cannot change the device type.
  expect(deviceType('x'.repeat(350) + ' iPhone')).toBe('other');
});

it('ruling 8 Desktop Only is the device type from the user agent, not the window width', () => {
  const t = bootAudiences({ win: { ...fakeWindow({ userAgent: UA.windows }), innerWidth: 320 } as Window, extra: [device()] });
  const audiences = t.get('audiences') as AudiencesModule;
  audiences.load();
  expect(audiences.evaluate([{ type: 'device', value: 'desktop_laptop' }])).toBe(true);
});
