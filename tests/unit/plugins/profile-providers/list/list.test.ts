import { expect, it } from 'vitest';
import list from '../../../../../plugins/profile-providers/list';
import { bootAudiences } from '../../modules/audiences/helpers';
import { fakeWindow } from '../helpers';

it('AUD-22 list keys are read from a cookie, a query parameter or a JS variable per listTargetingKeys', () => {
  const win = fakeWindow({ href: 'https://example.com/?zip=10115', cookie: 'acct=acme; other=1', globals: { shop: { region: 'emea', count: 3 } } });
  const t = bootAudiences({
    win,
    extra: [list()],
    data: {
      listTargetingKeys: [
        { type: 'cookie', name: 'acct' },
        { type: 'query', name: 'zip' },
        { type: 'js', name: 'shop.region' },
        { type: 'js', name: 'shop.count' },
        { type: 'js', name: 'shop.missing.deep' },
        { type: 'cookie', name: 'absent' },
      ],
    },
  });
  t.audiences.load();
  expect(t.audiences.profile().listKeys).toEqual({ acct: 'acme', zip: '10115', 'shop.region': 'emea', 'shop.count': '3' });
  expect(t.audiences.evaluate([{ type: 'list', name: 'acct', value: ['acme'] }])).toBe(true);
});
