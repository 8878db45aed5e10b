/**
 * `GET /projects`: the index of the local services, listing the built snippets with their sizes and
 * a link to each project's demo page. (`/` is the homepage project's stand-in page, routes/homepage.ts.)
 */
import type { ServicesContext } from '../context';
import type { Router } from '../router';
import { escapeHtml, renderPage, sendHtml } from '../responses';
import { listSnippets, type BuiltSnippet } from '../snippets';

function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '–';
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function snippetRow({ projectId, file, sizes }: BuiltSnippet): string {
  const id = escapeHtml(projectId);
  return `<tr>
<td><a href="/demo/${id}">${id}</a></td>
<td><a href="/snippets/${escapeHtml(file)}"><code>${escapeHtml(file)}</code></a></td>
<td class="number">${formatBytes(sizes?.raw)}</td>
<td class="number">${formatBytes(sizes?.gzip)}</td>
<td class="number">${formatBytes(sizes?.brotli)}</td>
</tr>`;
}

function renderSnippetTable(snippets: readonly BuiltSnippet[]): string {
  if (snippets.length === 0) {
    return '<p>No snippets are built yet. Run <code>npm run build:snippets</code>, then reload this page.</p>';
  }
  return `<table>
<thead><tr><th>Demo page</th><th>Snippet</th><th>Raw</th><th>Gzip</th><th>Brotli</th></tr></thead>
<tbody>
${snippets.map(snippetRow).join('\n')}
</tbody>
</table>`;
}

/** Where the list of built snippets is served. */
export const PROJECTS_PATH = '/projects';

/** Adds the index page route. */
export function homeRoutes(router: Router, context: ServicesContext): void {
  router.get(PROJECTS_PATH, async ({ res }) => {
    const snippets = await listSnippets(context.snippetsDir);
    const body = `<main>
<h1>Varia local services</h1>
<p class="lead"><a href="/">The homepage project on its stand-in page</a> · built snippets from <code>dist/snippets/</code>, each with a demo page that loads it under a strict Content-Security-Policy.</p>
${renderSnippetTable(snippets)}
</main>`;
    sendHtml(res, 200, renderPage({ title: 'Varia local services', body }));
  });
}
