/**
 * The local services themselves: the index, the demo page's strict CSP (and that the CSP
 * check of snippet.spec.ts can actually fail), the snippet files and path safety.
 */
import { expect, test } from '../support/e2e-fixtures';

const STRICT_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

test('the index at /projects lists the example snippet and links to its demo page', async ({ page, pageProblems }) => {
  const response = await page.goto('/projects');
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await expect(page.getByRole('heading', { name: 'Varia local services' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'example', exact: true })).toHaveAttribute('href', '/demo/example');
  expect(pageProblems.consoleErrors).toEqual([]);
  expect(await pageProblems.cspViolations()).toEqual([]);
});

test('the demo page is served with the strict CSP, which refuses inline scripts and reports it', async ({ page, pageProblems }) => {
  const response = await page.goto('/demo/example');
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
  });

  expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
  await expect.poll(async () => (await pageProblems.cspViolations()).map((v) => v.violatedDirective)).toContain('script-src-elem');
});

test('snippet files are served as JavaScript and nothing outside dist/snippets/ is reachable', async ({ request }) => {
  const snippet = await request.get('/snippets/example.js');
  expect(snippet.status()).toBe(200);
  expect(snippet.headers()['content-type']).toContain('application/javascript');

  for (const path of ['/snippets/..%2Fpackage.json', '/snippets/%2E%2E%2F%2E%2E%2Fpackage.json', '/snippets/Example.js', '/demo/missing-project']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
