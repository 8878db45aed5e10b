/**
 * The editor's keyboard shortcuts while the page on the canvas has focus (EDT-2, EDT-17): key
 * presses in a frame or webview never reach the editor's window, so Ctrl/Cmd+Z (undo), Ctrl/Cmd+
 * Shift+Z and Ctrl+Y (redo) and Ctrl/Cmd+S (save) would do nothing there, and Ctrl+S would open the
 * browser's "save page" dialog. The agent takes these presses first (window, capture phase), keeps
 * them from the page, and sends them through the channel; the editor acts on them as on its own.
 * In one of the page's own text fields, undo and redo stay the field's, as they do in the editor.
 */
import type { FromAgent, ShortcutKey } from './protocol';

const KEYS: readonly string[] = ['z', 'y', 's'] satisfies ShortcutKey[];

/** Whether key presses in `el` edit text (where undo and redo belong to the field). */
const isTextField = (el: EventTarget | null): boolean => {
  const element = el as HTMLElement | null;
  if (!element || typeof element.localName !== 'string') return false;
  return element.localName === 'input' || element.localName === 'textarea' || element.localName === 'select' || !!element.isContentEditable;
};

/** Forwards the editor's shortcuts pressed in `win`; returns the function that stops it. */
export const forwardShortcuts = (win: Window, send: (message: FromAgent) => void): (() => void) => {
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (!KEYS.includes(key)) return;
    if (key !== 's' && isTextField(event.composedPath()[0] ?? event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    send({ type: 'shortcut', key: key as ShortcutKey, ctrl: event.ctrlKey, meta: event.metaKey, shift: event.shiftKey });
  };
  win.addEventListener('keydown', onKey, { capture: true });
  return () => win.removeEventListener('keydown', onKey, { capture: true });
};
