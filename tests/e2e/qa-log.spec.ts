/**
 * The QA log in Chromium (KRN-35, KRN-39, ruling 11: the log parameter): the demo page of the e2e-qa-log project
 * (tests/fixtures/projects/e2e-qa-log) opened with `?varia_log=...` explains every layer in the console:
 * audiences and verdicts, holdbacks, the variation chosen and why, changes applied or timed out, events.
 * The demo page queues `['log', 'INFO']` before the snippet loads: the URL's level must win over it. The
 * real projects (the homepage, the example) explain themselves from the URL parameter alone.
 */
import { expect, test } from '../support/e2e-fixtures';
import { runtimeConsole } from '../support/varia-page';

const DEMO = '/demo/e2e-qa-log';


const line = (lines: string[], ...parts: string[]) => lines.find((text) => parts.every((part) => text.includes(part)));

test.describe('QA log', () => {
  test('KRN-39 varia_log=INFO explains each layer: audiences, holdback, forced, unallocated, timed-out change, sent event', async ({ page }) => {
    const lines = runtimeConsole(page);
    await page.goto(`${DEMO}?varia_log=INFO&varia_force_variations=var-forced-b`);
    await expect.poll(() => line(lines, 'Change change-missing')).toBeTruthy();
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    await expect.poll(() => line(lines, 'Event buy')).toBeTruthy();

    // The audience layer: each audience with its verdict, the variation with its bucket number, its change applied.
    expect(line(lines, 'Decision for layer layer-audience (Audience layer) on page qa-page:', 'audiences aud-demo matched, aud-shop not matched')).toBeTruthy();
    expect(line(lines, 'Decision for layer layer-audience', 'experiment exp-audience, variation var-audience (New headline), bucket ')).toMatch(/bucket \d{1,4} \(bucketed\)$/);
    expect(line(lines, 'Change change-headline (attribute) of variation var-audience on page qa-page: applied')).toBeTruthy();
    // The forced layer: forced by the parameter, and its change timed out waiting for its element.
    expect(line(lines, 'Decision for layer layer-forced', 'variation var-forced-b (Missing element), forced by the varia_force_variations parameter')).toBeTruthy();
    expect(line(lines, 'Change change-missing (attribute) of variation var-forced-b on page qa-page: timed out (no element matched "#never-on-the-page" in time)')).toBeTruthy();
    // The holdback layer: threshold, bucket, verdict.
    expect(line(lines, 'Decision for layer layer-holdback', 'layer holdback 10000 of 10000, bucket')).toMatch(/bucket \d{1,4}: held back, no changes$/);
    // The unallocated layer: no variation, and the bucket that fell in unallocated traffic.
    expect(line(lines, 'Decision for layer layer-unallocated', 'no variation of experiment exp-unallocated')).toMatch(/bucket \d{1,4} is unallocated traffic$/);
    // The page and the events.
    expect(line(lines, 'Page qa_page activated')).toBeTruthy();
    expect(line(lines, 'Event qa_page (pageview) tracked and queued to send')).toBeTruthy();
    expect(line(lines, 'Event buy (custom) tracked and queued to send')).toBeTruthy();
  });

  test('KRN-39 ruling 11 varia_log=INFO:decision keeps only the decision lines, over the level the page queued', async ({ page }) => {
    const lines = runtimeConsole(page);
    await page.goto(`${DEMO}?varia_log=INFO:decision`);
    await expect.poll(() => line(lines, 'Decision for layer layer-unallocated')).toBeTruthy();
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    await expect.poll(() => lines.filter((text) => text.startsWith('Decision for layer layer-audience')).length).toBe(2);
    // The queued ['log', 'INFO'] would have dropped the filter: page, change and event lines would show.
    expect(lines.length).toBeGreaterThan(4);
    for (const text of lines) expect(text.toLowerCase()).toContain('decision');
    expect(line(lines, 'Page qa_page activated')).toBeUndefined();
  });

  test('KRN-35 ruling 11 a level in the URL wins over the log call the page queued before the snippet', async ({ page }) => {
    const lines: string[] = [];
    page.on('console', (message) => message.type() === 'debug' && lines.push(message.text()));
    await page.goto(`${DEMO}?varia_log=DEBUG`);
    // The queued ['log', 'INFO'] would hide every debug line; unallocated traffic is logged at DEBUG.
    await expect.poll(() => lines.some((text) => text.includes('unallocated traffic of experiment exp-unallocated'))).toBe(true);
  });
  test('KRN-39 DEC-16 the QA log says when a variation is the one stored for the visitor (sticky)', async ({ page }) => {
    await page.goto(`${DEMO}?varia_log=INFO`);
    await page.waitForFunction(() => !Array.isArray((window as unknown as { varia: unknown }).varia));
    const lines = runtimeConsole(page);
    await page.reload();
    await expect
      .poll(() => line(lines, 'Decision for layer layer-audience', 'variation var-audience (New headline), sticky: the variation stored for this visitor'))
      .toBeTruthy();
  });

  test('KRN-39 the real homepage explains itself from the URL alone: decisions, audiences, changes, events, an unknown forced id', async ({ page }) => {
    const lines = runtimeConsole(page);
    await page.goto('/?varia_log=INFO&varia_force_variations=no_such_variation');
    await expect.poll(() => line(lines, 'Decision for layer layer_hp_goals')).toBeTruthy();
    expect(line(lines, 'Page homepage activated')).toBeTruthy();
    expect(line(lines, 'Decision for layer layer_p13n (Homepage personalisation) on page view_home:', 'audiences returning')).toBeTruthy();
    expect(line(lines, 'Decision for layer layer_nav_links', 'experiment exp_nav_links', 'variation ')).toBeTruthy();
    expect(line(lines, 'Change chg_hp_goals_timer (widget) of variation var_hp_goals on page view_home: applied')).toBeTruthy();
    expect(line(lines, 'Event homepage (pageview) tracked and queued to send')).toBeTruthy();
    expect(line(lines, 'Forced variation "no_such_variation" is unknown')).toBeTruthy();
  });

  test('KRN-39 the example project explains itself from the URL alone', async ({ page }) => {
    const lines = runtimeConsole(page);
    await page.goto('/demo/example?varia_log=INFO&varia_force_variations=example_headline_b');
    await expect.poll(() => line(lines, 'Change example_headline_text (attribute) of variation example_headline_b on page example_demo: applied')).toBeTruthy();
    expect(line(lines, 'Decision for layer example_layer (Headline test)', 'variation example_headline_b (Variation #1), forced by the varia_force_variations parameter')).toBeTruthy();
  });
});
