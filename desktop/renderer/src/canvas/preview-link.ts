/**
 * Preview as a visitor (EDT-23): the page with one variation forced by the runtime's
 * force-variation parameter and its log on at INFO (the QA log), opened in a new tab or window and
 * shown as a link to share. Forcing counts as a preview, so nothing is tracked (TRK-4).
 */

/** The query parameters the runtime reads (plugins/_shared/params.ts). */
const FORCE = 'varia_force_variations';
const LOG = 'varia_log';

/** The visitor preview URL of `pageUrl` with `variationId` forced. */
export const visitorPreviewUrl = (pageUrl: string, variationId: string): string => {
  const url = new URL(pageUrl);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (name.startsWith('varia_')) url.searchParams.delete(name);
  url.searchParams.set(FORCE, variationId);
  url.searchParams.set(LOG, 'INFO');
  return url.toString();
};
