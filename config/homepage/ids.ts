/**
 * The homepage project's identity, shared by its data, the stand-in page that loads its snippet
 * (services/routes/homepage.ts) and the tests. The spec does not give the real ids (ruling 18): these
 * are this repository's own, chosen to read well in URLs and logs.
 */

/** The project id; the snippet is built to dist/snippets/homepage.js. */
export const HOMEPAGE_PROJECT_ID = 'homepage';
/** The account id (the cross-domain storage page is /client_storage/<accountId>.html). */
export const HOMEPAGE_ACCOUNT_ID = 'leafline';
/** The snippet's address on the local services. */
export const HOMEPAGE_SNIPPET_SRC = `/snippets/${HOMEPAGE_PROJECT_ID}.js`;
