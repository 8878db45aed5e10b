/**
 * The editor's keyboard shortcuts as one table (EDT-2, EDT-17): Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes,
 * Ctrl/Cmd+Shift+Z (or Ctrl+Y, not on macOS) redoes; inside a text field the field's own undo and
 * redo apply. Read by the workspace for presses in the editor's window and by the canvas channel for
 * the presses the agent forwards from the page, so a press names the same command wherever it was
 * made, and the open workspace runs it.
 */
import type { ShortcutKey } from '../../../agent/protocol';

/** What a shortcut does. */
export type ShortcutCommand = 'save' | 'undo' | 'redo';

/** A key press, as the window's keydown event or the agent's `shortcut` message describes it. */
export interface KeyPress {
  key: string;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
}

/** One shortcut: Ctrl/Cmd with `key` (and Shift when `shift` says so; either when it is not given). */
interface Shortcut {
  key: ShortcutKey;
  shift?: boolean;
  command: ShortcutCommand;
  /** Also in a text field (undo and redo there belong to the field). */
  inTextField: boolean;
  /** Not on macOS, where Cmd+Y is not redo. */
  notOnMac?: boolean;
}

/** The shortcuts, first match wins. */
export const SHORTCUTS: readonly Shortcut[] = [
  { key: 's', command: 'save', inTextField: true },
  { key: 'z', shift: false, command: 'undo', inTextField: false },
  { key: 'z', shift: true, command: 'redo', inTextField: false },
  { key: 'y', command: 'redo', inTextField: false, notOnMac: true },
];

/** Whether the editor runs on macOS (Cmd is its modifier). */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The command a key press names, if any: `inTextField` when it was pressed in a text field. */
export function commandFor(press: KeyPress, where: { inTextField: boolean; mac?: boolean }): ShortcutCommand | undefined {
  if (!(press.ctrl || press.meta)) return undefined;
  const key = press.key.toLowerCase();
  const mac = where.mac ?? IS_MAC;
  return SHORTCUTS.find(
    (shortcut) =>
      shortcut.key === key &&
      (shortcut.shift === undefined || shortcut.shift === press.shift) &&
      (shortcut.inTextField || !where.inTextField) &&
      !(shortcut.notOnMac && mac),
  )?.command;
}

type Runner = (command: ShortcutCommand) => void;
let runner: Runner | undefined;

/** Makes `run` the one that runs the commands (the open workspace); returns the function that stops it. */
export function runShortcutsWith(run: Runner): () => void {
  runner = run;
  return () => {
    if (runner === run) runner = undefined;
  };
}

/** Runs the command a key press names; whether one ran (the press is then the editor's, not the page's). */
export function runShortcut(press: KeyPress, where: { inTextField: boolean }): boolean {
  const command = commandFor(press, where);
  if (!command || !runner) return false;
  runner(command);
  return true;
}
