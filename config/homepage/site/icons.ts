/** Inline icons of the feature cards (inline SVG is markup, which the strict CSP allows). */
const icon = (paths: string) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;

/** Documents, search, streams, globe: one per feature card, in order. */
export const ICONS = [
  icon('<path d="M7 3h7l5 5v13H7z"/><path d="M14 3v5h5"/><path d="M10 13h6M10 17h6"/>'),
  icon('<circle cx="11" cy="11" r="6"/><path d="M20 20l-4.5-4.5"/>'),
  icon('<path d="M3 8c3-3 6 3 9 0s6 3 9 0"/><path d="M3 14c3-3 6 3 9 0s6 3 9 0"/><path d="M3 20c3-3 6 3 9 0"/>'),
  icon('<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>'),
];
