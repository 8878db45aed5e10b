/**
 * The list-targeting provider (AUD-22): `listKeys` = the value of each listTargetingKeys entry of global
 * data by name, read from a cookie, a query parameter or a JS variable (dotted path on window) per the
 * entry's type. Absent keys are left out; numbers are turned into text.
 */
import { readQuery } from '../../_shared/params';
import { globalPath, pageCookies } from '../_shared/page';
import { pageProvider } from '../_shared/simple';

export default pageProvider('list', 'listKeys', (ctx) => {
  const win = ctx.win;
  const keys = Array.isArray(ctx.data.listTargetingKeys) ? ctx.data.listTargetingKeys : [];
  const values: Record<string, string> = {};
  let cookies: Record<string, string> | undefined;
  let query: Record<string, string> | undefined;
  for (const key of keys) {
    if (!key || typeof key.name !== 'string') continue;
    let value: unknown;
    if (key.type === 'cookie') value = (cookies ??= pageCookies(win))[key.name];
    else if (key.type === 'query') value = (query ??= win ? readQuery(win.location.search) : {})[key.name];
    else if (key.type === 'js') value = globalPath(win, key.name);
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
    if (typeof value === 'string' && value !== '') values[key.name] = value;
  }
  return values;
});
