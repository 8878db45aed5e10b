/**
 * No visitor reads a placeholder (ruling 26): on the homepage and every locale, with each experiment's
 * variations forced in turn (the original, then every other variation of every experiment at once),
 * the page's visible text holds neither the word "placeholder" nor a bracketed stand-in such as
 * "[Hero eyebrow]". The values the spec does not give stay listed as stand-ins in the project data
 * (config/homepage/placeholders.ts, `STAND_INS`).
 */
import project from '../../config/homepage/project';
import { LOCALES } from '../../config/homepage/page-contract';
import { expect, test } from '../support/e2e-fixtures';
import { openHomepage } from './homepage-helpers';

/** Every variation of the homepage project that is not the first (original) of its experiment. */
const forcedVariations = (project.data.layers ?? [])
  .flatMap((layer) => layer.experiments)
  .flatMap((experiment) => experiment.variations.slice(1).map((variation) => variation.id));

for (const locale of LOCALES) {
  test(`HPC-48 WID-117 ruling 26: the visible text of /${locale} holds no placeholder, original and with every variation forced`, async ({ page }) => {
    for (const query of ['', `?varia_force_variations=${forcedVariations.join(',')}`]) {
      await openHomepage(page, `/${locale}`, query);
      const text = await page.evaluate(() => document.body.innerText);
      expect(text, `/${locale}${query}`).not.toMatch(/placeholder/i);
      expect(text.match(/\[[^\]\n]{1,80}\]/g) ?? [], `/${locale}${query}`).toEqual([]);
    }
  });
}
