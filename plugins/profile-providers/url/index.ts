/** The URL provider: `url` = `location.href` of the page. */
import { pageProvider } from '../_shared/simple';

export default pageProvider('url', 'url', (ctx) => ctx.win?.location.href);
