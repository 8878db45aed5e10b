/**
 * The editor's shortcuts pressed in the page on the canvas (EDT-2, EDT-17), in real Chromium: the
 * agent takes Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y and Ctrl/Cmd+S before the page's handlers and
 * sends them on the channel; undo and redo in the page's own text fields stay the field's; a
 * shortcut message is validated like every other one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, newToken, parseFromAgent, type FromAgent } from '../../../desktop/agent/protocol';
import { forwardShortcuts } from '../../../desktop/agent/shortcuts';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((fn) => fn()));

const press = (target: EventTarget, init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('shortcuts in the page', () => {
  it('EDT-17 EDT-2 undo, redo and save are sent to the editor and kept from the page; other keys pass', () => {
    const sent: FromAgent[] = [];
    cleanups.push(forwardShortcuts(window, (message) => sent.push(message)));
    const pageSaw: string[] = [];
    const onPage = (event: KeyboardEvent) => pageSaw.push(event.key);
    document.body.addEventListener('keydown', onPage);
    cleanups.push(() => document.body.removeEventListener('keydown', onPage));

    const undo = press(document.body, { key: 'z', ctrlKey: true });
    const redo = press(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    press(document.body, { key: 'y', ctrlKey: true });
    const save = press(document.body, { key: 's', metaKey: true });
    press(document.body, { key: 'a', ctrlKey: true });
    press(document.body, { key: 'z' });
    press(document.body, { key: 'z', ctrlKey: true, altKey: true });

    expect(sent).toEqual([
      { type: 'shortcut', key: 'z', ctrl: true, meta: false, shift: false },
      { type: 'shortcut', key: 'z', ctrl: true, meta: false, shift: true },
      { type: 'shortcut', key: 'y', ctrl: true, meta: false, shift: false },
      { type: 'shortcut', key: 's', ctrl: false, meta: true, shift: false },
    ]);
    // The browser's own actions (the "save page" dialog) and the page's handlers see none of them.
    expect([undo.defaultPrevented, redo.defaultPrevented, save.defaultPrevented]).toEqual([true, true, true]);
    expect(pageSaw).toEqual(['a', 'z', 'z']);
  });

  it('EDT-17 EDT-2 in a text field of the page, undo and redo stay the field\'s; save still reaches the editor', () => {
    const sent: FromAgent[] = [];
    cleanups.push(forwardShortcuts(window, (message) => sent.push(message)));
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(input, editable);
    cleanups.push(() => (input.remove(), editable.remove()));

    expect(press(input, { key: 'z', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(editable, { key: 'y', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(input, { key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(sent).toEqual([{ type: 'shortcut', key: 's', ctrl: true, meta: false, shift: false }]);
  });

  it('EDT-17 a shortcut message is checked: its key, its flags and the session token', () => {
    const token = newToken();
    const valid = { type: 'shortcut', key: 'z', ctrl: true, meta: false, shift: true } as const;
    expect(parseFromAgent(envelope(valid, token), token)).toEqual({ ...valid, protocol: 'varia-editor/1', token });
    expect(parseFromAgent(envelope({ ...valid, key: 'q' }, token), token)).toBeUndefined();
    expect(parseFromAgent(envelope({ ...valid, ctrl: 'yes' }, token), token)).toBeUndefined();
    expect(parseFromAgent(envelope({ type: 'shortcut', key: 's' }, token), token)).toBeUndefined();
    expect(parseFromAgent(envelope(valid, newToken()), token)).toBeUndefined();
  });
});
