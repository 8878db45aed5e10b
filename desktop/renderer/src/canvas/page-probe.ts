/**
 * Asks a page, loaded in editor mode in a hidden frame, a question about its elements: how many each
 * selector matches (a selector that matches nothing on its view's page is a warning at review), or
 * whether two sets of selectors name the same or nested elements (review's conflict check). The same
 * agent, channel and token checks as the canvas; the frame is removed as soon as the answer arrives.
 * Editor mode keeps the runtime from activating, so the answers are about the page's own elements.
 */
import { canvasUrl, newToken, type FromAgent, type OverlapPair, type OverlapResult, type PreviewChange, type ToAgent } from '../../../agent/protocol';
import { openFrameChannel } from './agent-channel';

/** How long a page may take to load and answer before the probe gives up on it. */
const PROBE_LIMIT_MS = 45_000;

/** The number of elements each selector matches on the page at `url`. */
export function countOnPage(url: string, selectors: readonly string[]): Promise<Record<string, number>> {
  return askPage(url, { type: 'count', selectors: [...selectors] }, (message) => (message.type === 'counts' ? message.counts : undefined));
}

/**
 * For each pair of selector sets, whether their elements on the page at `url` are the same, nested or
 * apart (issue 37); with `shown`, on the page once those changes (a variation's) are applied and settled.
 */
export function overlapsOnPage(url: string, pairs: readonly OverlapPair[], shown?: PreviewChange[]): Promise<OverlapResult[]> {
  return askPage(url, { type: 'overlap', pairs: [...pairs] }, (message) => (message.type === 'overlaps' ? message.results : undefined), shown);
}

/**
 * Loads the page in a hidden frame, sends `request` once the agent is ready (once `shown` is applied
 * through the agent's preview and has settled, when given), and resolves with the answer `pick` takes.
 */
function askPage<T>(url: string, request: ToAgent, pick: (message: FromAgent) => T | undefined, shown?: PreviewChange[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const token = newToken();
    const iframe = document.createElement('iframe');
    iframe.title = 'Page checked for the review';
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    // Laid out at a desktop width (hidden elements of a narrow layout would still count), out of sight.
    iframe.style.cssText = 'position:fixed;left:-20000px;top:0;width:1280px;height:800px;border:0;visibility:hidden';
    let hello: ReturnType<typeof setInterval> | undefined;
    let started = false;
    const finish = () => {
      clearInterval(hello);
      clearTimeout(limit);
      channel.close();
      iframe.remove();
    };
    const channel = openFrameChannel(iframe, new URL(url).origin, token, (message: FromAgent) => {
      if (message.type === 'ready') {
        clearInterval(hello);
        // A `hello` still on its way gets a second `ready`: the page is asked once.
        if (started) return;
        started = true;
        channel.send(shown ? { type: 'preview', key: token, changes: shown } : request);
        return;
      }
      // The preview's second answer (ms < 0) comes once every change has settled (applied, or given up on).
      if (shown && message.type === 'previewed' && message.key === token && message.ms < 0) {
        channel.send(request);
        return;
      }
      const answer = pick(message);
      if (answer !== undefined) {
        finish();
        resolve(answer);
      }
    });
    const limit = setTimeout(() => {
      finish();
      reject(new Error(`${new URL(url).pathname} did not answer within ${PROBE_LIMIT_MS / 1000} s`));
    }, PROBE_LIMIT_MS);
    // The agent says `ready` when it starts; it may do so before this end listens, so ask until it answers.
    iframe.addEventListener('load', () => {
      clearInterval(hello);
      hello = setInterval(() => channel.send({ type: 'hello' }), 250);
    });
    iframe.src = canvasUrl(url, token, window.location.origin);
    document.body.appendChild(iframe);
  });
}
