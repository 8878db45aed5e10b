/**
 * The platform use-case section (homepage-spec §2, §4, §9; WID-33..54; ruling 15): a header, a
 * subheader with a learn-more link, and eight vertical tabs, each showing a title, a description, a
 * primary call to action, a secondary link and an animation with a static-image fallback.
 *
 * - Placed before the first element matching `injectionElement` (WID-48), rendered lazily when that
 *   element comes within 200 px of the viewport, once per element (WID-46, WID-47).
 * - Tab 0 is active at first (WID-38). Clicking an inactive tab activates it (WID-39), fades the
 *   left content in over 50 ms (WID-40) and, 100 ms later, re-renders the right animation with a
 *   20 ms fade (WID-41); a newer click cancels a pending re-render. Clicking the active tab does
 *   nothing (WID-42). Arrow keys, Home and End move between tabs, as a tab list should.
 * - Below 1080 px the tabs are a dropdown (CSS, WID-43); its change activates the matching tab
 *   (WID-44). A resize that changes the width and leaves it below 1080 px resets the section to the
 *   first tab (WID-45); height-only resizes (a mobile address bar) do not.
 * - Animations through the shared loader: static image below 1270 px, or when loading fails (WID-50..53).
 * - An element already carrying the section id is taken out while the section is shown, so ids stay
 *   unique; hide removes the section and its style sheet and puts that element back (WID-2, WID-49).
 *   When the section of another show of this widget is already there, this show renders nothing: the
 *   first show's section stays until that show hides.
 */
import { showAnimation, type AnimationHandle } from '../_shared/animation';
import { joinUrl } from '../_shared/animation-libraries';
import { build } from '../_shared/dom';
import type { Track } from '../_shared/track';
import { waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';
import { leftContent, part, sectionMarkup, type Config } from './render';
import { SCHEMA, TAB_TOPICS } from './schema';
import { STYLES } from './styles';

/** Margin around the viewport within which the section renders (WID-46). */
export const LAZY_MARGIN = '200px';
/** Widths below this show the dropdown (WID-43). */
export const DROPDOWN_BELOW = 1080;
/** Delay before the right animation is re-rendered after a click (WID-41). */
export const RIGHT_DELAY = 100;

/** Restarts a CSS fade: the class is removed, a style read makes the browser forget it, then added back. */
const fade = (el: HTMLElement, cls: string) => {
  el.classList.remove(cls);
  void el.offsetWidth;
  el.classList.add(cls);
};

/** Calls `fn` once, when `el` first comes within the lazy margin of the viewport (WID-46, WID-47). */
const whenNear = (t: Track, el: Element, fn: () => void) => {
  const Observer = t.win.IntersectionObserver;
  if (!Observer) return fn();
  const observer = new Observer(
    t.guard((entries: IntersectionObserverEntry[]) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      fn();
    }),
    // The document as root: its own viewport grows by the margin even when the page is in a frame.
    { root: t.doc, rootMargin: LAZY_MARGIN },
  );
  observer.observe(el);
  t.later(() => observer.disconnect());
};

const render = (config: Config, t: Track, anchor: Element) => {
  const { win, doc } = t;
  const existing = doc.getElementById(config.sectionId);
  // One section per page: another show of this widget got there first (its hide removes it).
  if (existing?.getAttribute('data-varia-widget') == 'use_case_section') return t.log.debug(`Widget "${t.name}": the section is already shown`);
  t.remove(existing);
  const section = t.add(build<HTMLElement>(doc, sectionMarkup(config, win)), anchor, 'before');
  const tabs = [...section.querySelectorAll<HTMLElement>('[role=tab]')];
  const select = section.querySelector('select')!;
  const panel = section.querySelector<HTMLElement>('.vucs-panel')!;
  const left = section.querySelector<HTMLElement>('.vucs-left')!;
  const right = section.querySelector<HTMLElement>('.vucs-right')!;
  let active = 0;
  let animation: AnimationHandle | undefined;
  let cancelRight = () => {};

  const showLeft = () => {
    left.replaceChildren(leftContent(config, TAB_TOPICS[active], win));
  };
  const showRight = () => {
    const topic = TAB_TOPICS[active];
    animation?.destroy();
    right.replaceChildren();
    animation = showAnimation(t, {
      container: right,
      path: part(config, topic, 'animation'),
      fallback: part(config, topic, 'image'),
      alt: part(config, topic, 'header'),
      assetBase: config.assetBase,
      playerUrl: joinUrl(config.libraryBase, config.playerPath),
    });
  };
  const activate = (index: number, focus = false) => {
    if (index == active || !(index in tabs)) return;
    active = index;
    tabs.forEach((tab, at) => {
      tab.setAttribute('aria-selected', String(at == index));
      tab.tabIndex = at == index ? 0 : -1;
    });
    if (focus) tabs[index].focus();
    select.value = String(index);
    panel.setAttribute('aria-labelledby', tabs[index].id);
    showLeft();
    fade(left, 'vucs-fade-left');
    cancelRight();
    cancelRight = t.timer(() => {
      showRight();
      fade(right, 'vucs-fade-right');
    }, RIGHT_DELAY);
  };

  showLeft();
  showRight();
  t.on(section.querySelector('[role=tablist]')!, 'click', (event) => {
    const tab = (event.target as Element).closest?.('[role=tab]');
    if (tab) activate(tabs.indexOf(tab as HTMLElement));
  });
  t.on(section.querySelector('[role=tablist]')!, 'keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    const to = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: tabs.length - 1 }[key];
    if (to === undefined) return;
    event.preventDefault();
    activate((to + tabs.length) % tabs.length, true);
  });
  t.on(select, 'change', () => activate(Number(select.value)));
  let width = win.innerWidth;
  t.on(win, 'resize', () => {
    if (win.innerWidth == width) return;
    width = win.innerWidth;
    if (width < DROPDOWN_BELOW) activate(0);
  });
};

/** The widget factory, registered under `use_case_section`. */
export default defineWidget('use_case_section', SCHEMA, (config, t) => {
  t.css(STYLES);
  waitFor(t, config.injectionElement, (anchor) => whenNear(t, anchor, () => render(config, t, anchor)));
});
