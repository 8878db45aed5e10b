/**
 * Preview as a visitor (EDT-23): the page with one variation forced by the runtime's
 * force-variation parameter and its log on at INFO (the QA log), opened in a new tab or window and
 * shown as a link to share. Forcing counts as a preview, so nothing is tracked (TRK-4). With a preview
 * token (issue 36), the page's bootstrap runs the working copy's data instead of the live revision's.
 */

/** The query parameters the runtime reads (plugins/_shared/params.ts). */
const FORCE = 'varia_force_variations';
const LOG = 'varia_log';
const TOKEN = 'varia_token';

/** The visitor preview URL of `pageUrl` with `variationId` forced (and the working copy's data, given a token). */
export const visitorPreviewUrl = (pageUrl: string, variationId: string, token?: string): string => {
  const url = new URL(pageUrl);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (name.startsWith('varia_')) url.searchParams.delete(name);
  if (token) url.searchParams.set(TOKEN, token);
  url.searchParams.set(FORCE, variationId);
  url.searchParams.set(LOG, 'INFO');
  return url.toString();
};
