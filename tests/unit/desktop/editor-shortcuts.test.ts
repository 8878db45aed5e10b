/**
 * The editor's shortcut table (EDT-2, EDT-17): one table names the command of a key press, whether
 * it was made in the editor's window or forwarded by the agent from the page on the canvas, and the
 * open workspace runs it.
 */
import { describe, expect, it } from 'vitest';
import { commandFor, runShortcut, runShortcutsWith, type ShortcutCommand } from '../../../desktop/renderer/src/session/shortcuts';

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) => ({ key, ctrl: false, meta: false, shift: false, ...mods });
const outside = { inTextField: false, mac: false };

describe('shortcut table', () => {
  it('EDT-2 Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z redoes, Ctrl+Y redoes off macOS', () => {
    expect(commandFor(press('s', { ctrl: true }), outside)).toBe('save');
    expect(commandFor(press('S', { meta: true, shift: true }), outside)).toBe('save');
    expect(commandFor(press('z', { ctrl: true }), outside)).toBe('undo');
    expect(commandFor(press('Z', { ctrl: true, shift: true }), outside)).toBe('redo');
    expect(commandFor(press('z', { meta: true, shift: true }), { inTextField: false, mac: true })).toBe('redo');
    expect(commandFor(press('y', { ctrl: true }), outside)).toBe('redo');
    expect(commandFor(press('y', { meta: true }), { inTextField: false, mac: true })).toBeUndefined();
  });

  it('EDT-2 no modifier, another key, or undo and redo in a text field name no command; save does', () => {
    expect(commandFor(press('z'), outside)).toBeUndefined();
    expect(commandFor(press('x', { ctrl: true }), outside)).toBeUndefined();
    expect(commandFor(press('z', { ctrl: true }), { inTextField: true, mac: false })).toBeUndefined();
    expect(commandFor(press('y', { ctrl: true }), { inTextField: true, mac: false })).toBeUndefined();
    expect(commandFor(press('s', { ctrl: true }), { inTextField: true, mac: false })).toBe('save');
  });

  it('EDT-17 a press runs its command on the open workspace only, and is the editor\'s only when one ran', () => {
    const ran: ShortcutCommand[] = [];
    expect(runShortcut(press('z', { ctrl: true }), { inTextField: false })).toBe(false);
    const stop = runShortcutsWith((command) => ran.push(command));
    expect(runShortcut(press('z', { ctrl: true }), { inTextField: false })).toBe(true);
    expect(runShortcut(press('s', { meta: true }), { inTextField: false })).toBe(true);
    expect(runShortcut(press('q', { ctrl: true }), { inTextField: false })).toBe(false);
    // A workspace closed after another opened leaves the newer one running the commands.
    const stopNewer = runShortcutsWith((command) => ran.push(command));
    stop();
    expect(runShortcut(press('z', { ctrl: true, shift: true }), { inTextField: false })).toBe(true);
    stopNewer();
    expect(runShortcut(press('z', { ctrl: true }), { inTextField: false })).toBe(false);
    expect(ran).toEqual(['undo', 'save', 'redo']);
  });
});
