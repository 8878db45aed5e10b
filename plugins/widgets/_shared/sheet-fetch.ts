/**
 * Fetching the spreadsheet service's answer (WID-86): one GET, without cookies, given up after
 * `timeoutMs` (a slow service must not hold the banner) or as soon as more than `maxBytes` arrive
 * (an oversized answer is not read to its end). Undoing the widget aborts a fetch still running.
 * Rejects with an Error whose message says what went wrong; the widget turns it into a warning.
 */
import { safeUrl } from './sheet';
import type { Track } from './track';

/** Limits of one fetch. */
export interface SheetFetchOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** The answer's text, or a rejection naming the problem. */
export const fetchSheet = async (t: Track, address: string, { timeoutMs, maxBytes }: SheetFetchOptions): Promise<string> => {
  const url = safeUrl(address, t.win.location.href);
  if (!url) throw Error(`the address "${address}" is not an http(s) URL`);
  const controller = new t.win.AbortController();
  let timedOut = false;
  const clear = t.timer(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  t.later(() => controller.abort());
  try {
    const response = await t.win.fetch(url, { credentials: 'omit', signal: controller.signal });
    if (!response.ok) throw Error(`the service answered ${response.status}`);
    if (Number(response.headers.get('content-length')) > maxBytes) throw Error(`the answer is larger than ${maxBytes} bytes`);
    const reader = response.body?.getReader();
    if (!reader) return await response.text();
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        controller.abort();
        throw Error(`the answer is larger than ${maxBytes} bytes`);
      }
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    if (timedOut) throw Error(`no answer within ${timeoutMs} ms`);
    throw error;
  } finally {
    clear();
  }
};
