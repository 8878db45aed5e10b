/**
 * Loading the script of an async change (CHG-17, NET-7, NET-9): one `<script src>` per URL, loaded
 * once however many changes name it, by GET like any script. A relative `src` resolves against the
 * plugin's `scriptBase` (the project's CDN path), else against the page. A URL containing a double
 * quote is refused before anything is requested.
 */

/** Refusal text (NET-9, runtime-spec §5). */
export const MSG_QUOTE_REFUSED = 'A script URL containing a double quote is refused';
/** Failure text (rulings 13, ERR-20). */
export const msgLoadFailed = (src: string) => `Failed to load async change from ${src}`;

/** Loads scripts for a window; `load(src)` resolves when the script has run, rejects on failure. */
export const createScriptLoader = (win: Window | undefined, base: string | undefined) => {
  const loads = new Map<string, Promise<void>>();
  return (src: string): Promise<void> => {
    if (src.includes('"')) return Promise.reject(Error(MSG_QUOTE_REFUSED));
    let loading = loads.get(src);
    if (!loading) {
      loading = new Promise<void>((resolve, reject) => {
        const doc = win?.document;
        if (!doc) return reject(Error(msgLoadFailed(src)));
        const script = doc.createElement('script');
        script.async = true;
        script.onload = () => resolve();
        script.onerror = () => {
          loads.delete(src); // a later change may try again
          reject(Error(msgLoadFailed(src)));
        };
        try {
          script.src = new URL(src, base ?? doc.baseURI).href;
        } catch {
          return reject(Error(msgLoadFailed(src)));
        }
        (doc.head ?? doc.documentElement).appendChild(script);
      });
      loads.set(src, loading);
    }
    return loading;
  };
};
