/**
 * `GET /snippets/<file>`: the built snippets from dist/snippets/ (and their source maps and
 * sizes.json). Names are restricted to `[a-z0-9-_.]` without `..`, so no path can escape.
 */
import type { ServicesContext } from '../context';
import type { Router } from '../router';
import { CONTENT_TYPES, sendBody, sendNotFound } from '../responses';
import { readSnippetFile } from '../snippets';

/** Served extensions and their content types; anything else in dist/snippets/ stays private. */
const SERVED_TYPES: ReadonlyArray<readonly [extension: string, contentType: string]> = [
  ['.js.map', CONTENT_TYPES.json],
  ['.js', CONTENT_TYPES.javascript],
  ['.json', CONTENT_TYPES.json],
];

function contentTypeOf(file: string): string | undefined {
  return SERVED_TYPES.find(([extension]) => file.endsWith(extension))?.[1];
}

/** Adds the snippet file route. */
export function snippetFileRoutes(router: Router, context: ServicesContext): void {
  router.get('/snippets/:file', async ({ res, url, params }) => {
    const contentType = contentTypeOf(params.file);
    const content = contentType ? await readSnippetFile(context.snippetsDir, params.file) : undefined;
    if (!contentType || !content) {
      sendNotFound(res, url.pathname, 'Snippets are built into dist/snippets/ by npm run build:snippets.');
      return;
    }
    sendBody(res, 200, contentType, content);
  });
}
