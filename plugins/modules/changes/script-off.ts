/**
 * The script loader's stand-in in a fitted snippet whose data has no async change (no change with a
 * `src`, plugins/presets/fit.ts): the changes module still makes a loader, which no change of that data
 * calls; were one to, its load fails with the texts of ./script.ts. Same exports as ./script.ts.
 */
export const MSG_QUOTE_REFUSED = 'A script URL containing a double quote is refused';
export const msgLoadFailed = (src: string) => `Failed to load async change from ${src}`;
export const createScriptLoader = (_win?: Window, _base?: string) => (src: string): Promise<void> => Promise.reject(Error(msgLoadFailed(src)));
