/** The referrer provider: `referrer` = `document.referrer` ('' when there is none). */
import { pageProvider } from '../_shared/simple';

export default pageProvider('referrer', 'referrer', (ctx) => ctx.win?.document.referrer);
