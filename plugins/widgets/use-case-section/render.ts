/**
 * The use-case section's markup: header, subheader with its learn-more link (WID-35), the side tabs
 * and the dropdown that replaces them on narrow screens (WID-43), and one tab's left content
 * (title, description, primary call to action, secondary link: WID-37). Every configured value is
 * escaped; site paths keep the page's locale prefix (WID-9).
 */
import { build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import type { ConfigOf } from '../_shared/schema';
import { TAB_TOPICS, type Part, type Topic } from './schema';
import type { SCHEMA } from './schema';

export type Config = ConfigOf<typeof SCHEMA>;

/** A topic's configured value of one part. */
export const part = (config: Config, topic: Topic, name: Part): string => String(config[`${topic}_${name}`] ?? '');

/** The whole section, with the tabs and the (empty) panel. */
export const sectionMarkup = (config: Config, win: Window): string => {
  const id = esc(config.sectionId);
  const tabs = TAB_TOPICS.map(
    (topic, index) =>
      `<button type="button" role="tab" class="vucs-tab" id="${id}-tab-${index}" aria-controls="${id}-panel" aria-selected="${index == 0}" tabindex="${index == 0 ? 0 : -1}" data-index="${index}">${esc(part(config, topic, 'label'))}</button>`,
  ).join('');
  const options = TAB_TOPICS.map((topic, index) => `<option value="${index}">${esc(part(config, topic, 'label'))}</option>`).join('');
  const learn = config.ddp_learn_text
    ? ` <a class="vucs-learn" href="${esc(localize(win, config.ddp_learn_url))}">${esc(config.ddp_learn_text)}</a>`
    : '';
  return `<section id="${id}" class="vucs" data-varia-widget="use_case_section">
<div class="vucs-inner">
<div class="vucs-head"><h2>${esc(config.ddp_header)}</h2><p class="vucs-sub">${esc(config.ddp_subheader)}${learn}</p></div>
<div class="vucs-body">
<div class="vucs-tabs" role="tablist" aria-orientation="vertical" aria-label="${esc(config.ddp_header)}">${tabs}</div>
<div class="vucs-select"><select aria-label="${esc(config.ddp_header)}" aria-controls="${id}-panel">${options}</select></div>
<div class="vucs-panel" id="${id}-panel" role="tabpanel" aria-labelledby="${id}-tab-0"><div class="vucs-left"></div><div class="vucs-right"></div></div>
</div>
</div>
</section>`;
};

/** The left content of one tab. */
export const leftContent = (config: Config, topic: Topic, win: Window): DocumentFragment => {
  const link = (name: 'cta' | 'secondary', cls: string) => {
    const text = part(config, topic, `${name}_text`);
    return text ? `<a class="${cls}" href="${esc(localize(win, part(config, topic, `${name}_url`)))}">${esc(text)}</a>` : '';
  };
  const box = build<HTMLElement>(
    win.document,
    `<div><h3>${esc(part(config, topic, 'header'))}</h3><p>${esc(part(config, topic, 'copy'))}</p><div class="vucs-actions">${link('cta', 'vucs-cta')}${link('secondary', 'vucs-more')}</div></div>`,
  );
  const fragment = win.document.createDocumentFragment();
  fragment.append(...box.childNodes);
  return fragment;
};
