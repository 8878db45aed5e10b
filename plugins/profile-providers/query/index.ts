/** The query provider: `query` = the page's query parameters by name (decoded; a repeated name keeps its last value). */
import { readQuery } from '../../_shared/params';
import { pageProvider } from '../_shared/simple';

export default pageProvider('query', 'query', (ctx) => (ctx.win ? readQuery(ctx.win.location.search) : undefined));
