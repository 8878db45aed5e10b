/** The cookies provider: `cookies` = the page's cookies by name, read when the profile loads. */
import { pageCookies } from '../_shared/page';
import { pageProvider } from '../_shared/simple';

export default pageProvider('cookies', 'cookies', (ctx) => (ctx.win ? pageCookies(ctx.win) : undefined));
