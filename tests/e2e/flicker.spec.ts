/**
 * Flicker-free changes on a page that paints slowly (services/routes/flicker.ts, project
 * tests/fixtures/projects/e2e-flicker): an init script looks at every frame Chromium renders (requestAnimationFrame
 * runs right before each paint) and records any frame in which a changed element was visible with
 * its original content. None may exist; and once the selector timeout has passed, nothing may stay
 * hidden.
 */
import { expect, test } from '../support/e2e-fixtures';

interface FrameLog {
  frames: number;
  /** Frames showing a changed element's original content: `<selector>: <text>`. */
  flashes: string[];
  /** Frames in which the changed content was visible. */
  changedFrames: number;
  /** Frames in which the gated element (pre-hidden, never changed) was hidden. */
  gatedHidden: number;
}

/** Runs in the page before anything else: watches every frame. */
function watchFrames(): void {
  const log: FrameLog = { frames: 0, flashes: [], changedFrames: 0, gatedHidden: 0 };
  (window as unknown as { __frames: FrameLog }).__frames = log;
  const shown = (el: Element) => getComputedStyle(el).visibility !== 'hidden' && getComputedStyle(el).display !== 'none';
  const frame = () => {
    log.frames++;
    for (const el of document.querySelectorAll('.hero, .item, .late')) {
      if (!shown(el)) continue;
      if (/Original/.test(el.textContent ?? '')) log.flashes.push(`${el.className}: ${el.textContent}`);
      else log.changedFrames++;
    }
    const gated = document.querySelector('.gated');
    if (gated && !shown(gated)) log.gatedHidden++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

test.describe('flicker-free changes', () => {
  test('CHG-18 CHG-19 CHG-20 CHG-22 no frame ever shows the original content of a changed element, and nothing stays hidden after the timeout', async ({
    page,
    pageProblems,
  }) => {
    test.setTimeout(15_000);
    await page.addInitScript(watchFrames);
    await page.goto('/flicker?delay=250');
    await expect(page.locator('.hero')).toHaveText('Changed headline');
    await expect(page.locator('.item')).toHaveText(['Changed item', 'Changed item']);
    await expect(page.locator('.late')).toHaveText('Changed late text');
    await expect(page.locator('.cta')).toHaveText('Added');

    // Past the selector timeout (2000 ms after DOM ready): the pending change let go of its element.
    await page.waitForTimeout(2600);
    const log = await page.evaluate(() => (window as unknown as { __frames: FrameLog }).__frames);
    expect(log.flashes).toEqual([]);
    expect(log.frames).toBeGreaterThan(20);
    expect(log.changedFrames).toBeGreaterThan(0);
    expect(log.gatedHidden).toBeGreaterThan(0);

    const hidden = await page.evaluate(() => ({
      elements: [...document.body.querySelectorAll('*')]
        .filter((el) => getComputedStyle(el).visibility === 'hidden')
        .map((el) => el.outerHTML),
      rules: document.adoptedStyleSheets.reduce((n, sheet) => n + sheet.cssRules.length, 0),
      inline: document.querySelectorAll('[style]').length,
    }));
    expect(hidden).toEqual({ elements: [], rules: 0, inline: 0 });
    await expect(page.locator('.gated')).toHaveText('Gated original');

    expect(pageProblems.pageErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
  });

  test('control: the frame watcher does see original content when the snippet is blocked', async ({ page }) => {
    await page.route('**/snippets/e2e-flicker.js', (route) => route.fulfill({ contentType: 'application/javascript', body: '' }));
    await page.addInitScript(watchFrames);
    await page.goto('/flicker?delay=100');
    await expect(page.locator('.late')).toHaveText('Original late text');
    const log = await page.evaluate(() => (window as unknown as { __frames: FrameLog }).__frames);
    expect(log.flashes.length).toBeGreaterThan(0);
  });
});
