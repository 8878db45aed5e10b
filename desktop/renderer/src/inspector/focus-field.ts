/**
 * Focus on the inspector field a problem names (issue 36: review's problem link goes to the very rule).
 * Fields say where their value is stored (`fieldPath`); selecting an entity renders its form later (the
 * inspector may still be loading), so the request waits for the field to mount and claim it. A request
 * nobody claims soon is dropped, so a later form never steals the focus.
 */
const PENDING_MS = 15_000;
let pending: { path: string; until: number } | undefined;

/** Asks for the field stored at `path` to take the focus when it is on screen. */
export function focusField(path: string): void {
  pending = { path, until: Date.now() + PENDING_MS };
  // The field may be on screen already (the same entity was selected).
  const field = document.querySelector<HTMLElement>(`.inspector [data-field-path="${CSS.escape(path)}"]`);
  if (field && claimFocus(path)) show(field);
}

/** Called by a field as it mounts: whether it should take the focus now. */
export function claimFocus(path: string | undefined): boolean {
  if (!path || !pending || pending.path !== path || Date.now() > pending.until) return false;
  pending = undefined;
  return true;
}

/** Scrolls a field into view and focuses it. */
export function show(field: HTMLElement): void {
  field.scrollIntoView({ block: 'center' });
  field.focus();
}
