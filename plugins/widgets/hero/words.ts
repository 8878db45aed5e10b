/**
 * The hero's rotating word (WID-65..76). Every 3000 ms the word fades out, is replaced by the next
 * topic 0.3 s later and fades in; after the ninth it wraps to the first. Above 950 px the word box
 * takes the measured text width plus 60 px (it starts at 400 px); its width transition is switched on
 * only after that first measurement, so the first render does not animate. The state (animating flag,
 * current index, timer) lives on the window so that a re-rendered hero continues where the last one
 * was and the animation starts once per page. Failures are ignored: the word is decoration.
 */
import type { Track } from '../_shared/track';
import { LABEL_KEYS } from './schema';

/** The built-in words, in order (WID-66). */
export const WORDS = [
  'Full-Text Search',
  'Transactions',
  'Time Series Data',
  'AI',
  'Streaming Data',
  'Operational Data',
  'Geospatial Data',
  'Graph Data',
  'Vector Search',
];

export const INTERVAL_MS = 3000;
export const SWAP_MS = 300;
export const WIDTH_MIN_VIEWPORT = 950;
export const EXTRA_WIDTH = 60;

/** The animation's state on the window (WID-70). */
export interface WordState {
  animating: boolean;
  index: number;
  timer: unknown;
}

/** Where the state lives on the window. */
export const STATE_KEY = 'variaHeroWords';
export const WORD_ID = 'varia-hero-word';
export const BOX_ID = 'varia-hero-words';

/** The configured labels when the first is non-empty (WID-65), otherwise the built-in words. */
export const wordsOf = (config: Record<string, unknown>): string[] =>
  config[LABEL_KEYS[0]] ? LABEL_KEYS.map((key) => String(config[key] ?? '')) : WORDS;

const stateOf = (win: Window): WordState => {
  const w = win as unknown as Record<string, WordState>;
  return (w[STATE_KEY] ??= { animating: false, index: 0, timer: undefined });
};

/** Sets the box width from the word's measured width above 950 px (WID-73); below, the stylesheet's width applies. */
const fit = (win: Window) => {
  const box = win.document.getElementById(BOX_ID);
  const word = win.document.getElementById(WORD_ID);
  if (!box || !word) return;
  // The visual's chip of the current word is lit.
  box.closest('section')?.querySelectorAll('.vw-chips li').forEach((chip, index) => chip.classList.toggle('vw-on', index == stateOf(win).index));
  if (win.innerWidth > WIDTH_MIN_VIEWPORT) box.style.width = `${Math.ceil(word.getBoundingClientRect().width) + EXTRA_WIDTH}px`;
  else box.style.removeProperty('width');
};

const quietly = (fn: () => void) => {
  try {
    fn();
  } catch {
    // WID-76: a failure of the animated word is ignored; the hero stays as it is.
  }
};

/**
 * Renders the current word into the hero just inserted (first render: width without transition,
 * then smoothing on), and starts the rotation unless it already runs (WID-71). Undo stops it and
 * removes the state.
 */
export const startWords = (t: Track, words: string[]): void =>
  quietly(() => {
    const { win, clock } = t;
    const state = stateOf(win);
    const word = win.document.getElementById(WORD_ID);
    const box = win.document.getElementById(BOX_ID);
    if (!word || !box) return;
    word.textContent = words[state.index % words.length];
    fit(win);
    void box.offsetWidth; // the first width is laid out before smoothing is on (WID-74)
    box.classList.add('vw-smooth');
    if (state.animating) return;
    state.animating = true;
    const next = (): void =>
      quietly(() => {
        win.document.getElementById(WORD_ID)?.classList.add('vw-out');
        state.timer = clock.setTimeout(swap, SWAP_MS);
      });
    const swap = (): void => {
      quietly(() => {
        state.index = (state.index + 1) % words.length;
        const current = win.document.getElementById(WORD_ID);
        if (current) {
          current.textContent = words[state.index];
          current.classList.remove('vw-out');
          fit(win);
        }
      });
      state.timer = clock.setTimeout(next, INTERVAL_MS - SWAP_MS);
    };
    state.timer = clock.setTimeout(next, INTERVAL_MS);
    t.later(() => {
      clock.clearTimeout(state.timer);
      delete (win as unknown as Record<string, unknown>)[STATE_KEY];
    });
  });
