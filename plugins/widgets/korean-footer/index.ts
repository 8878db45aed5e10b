/**
 * The Korean footer (`korean_footer`, homepage-spec §1, WID-115): the business registration details a
 * Korean-language page must show (company, business registration number, business address), added at
 * the end of the site footer. The spec states that a number and an address exist but gives neither:
 * the defaults are marked placeholders (ruling 18), never values presented as real.
 */
import { build, esc } from '../_shared/dom';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const KOREAN_FOOTER_ID = 'varia-korean-footer';

export const KOREAN_FOOTER_SCHEMA = {
  /** The footer the details are added to (page contract). */
  selector: region('insert', 'footer.site-footer'),
  companyLabel: str('상호'),
  companyName: str('[placeholder: company name]'),
  registrationNumberLabel: str('사업자등록번호'),
  registrationNumber: str('[placeholder: business registration number]'),
  addressLabel: str('주소'),
  address: str('[placeholder: business address]'),
};

const CSS = `
#${KOREAN_FOOTER_ID},#${KOREAN_FOOTER_ID} *{box-sizing:border-box}
#${KOREAN_FOOTER_ID}{max-width:1416px;margin:1.5rem auto 0;padding-top:1.25rem;border-top:1px solid rgba(255,255,255,.12);font-size:.8rem;line-height:1.6;color:inherit;opacity:.85}
#${KOREAN_FOOTER_ID} dl{margin:0;display:flex;flex-wrap:wrap;gap:.25rem 1.75rem}
#${KOREAN_FOOTER_ID} div{display:flex;gap:.5rem}
#${KOREAN_FOOTER_ID} dt{font-weight:700}
#${KOREAN_FOOTER_ID} dd{margin:0}
@media (max-width:767px){#${KOREAN_FOOTER_ID} dl{flex-direction:column}}
`;

const show = (c: ConfigOf<typeof KOREAN_FOOTER_SCHEMA>, t: Track) =>
  waitFor(t, c.selector, (footer) => {
    if (t.doc.getElementById(KOREAN_FOOTER_ID)) return;
    t.css(CSS);
    const item = (label: string, value: string) => (value ? `<div><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>` : '');
    const details = build(
      t.doc,
      `<section id="${KOREAN_FOOTER_ID}" lang="ko" aria-label="${esc(c.registrationNumberLabel)}"><dl>${item(c.companyLabel, c.companyName)}${item(c.registrationNumberLabel, c.registrationNumber)}${item(c.addressLabel, c.address)}</dl></section>`,
    );
    t.add(details, footer, 'into');
  });

export default defineWidget('korean_footer', KOREAN_FOOTER_SCHEMA, show);
