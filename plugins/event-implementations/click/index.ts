/**
 * The `click` event implementation: one delegated listener on the document (capture phase, so a page
 * stopping propagation does not hide the click) fires the event when the click lands in an element
 * matching the event's selector (`config.selector` or `eventFilter.selector`). Delegation errors (an
 * invalid selector) are reported as error events, never thrown into the page (runtime-spec §8).
 */
import { definePlugin } from '../../../core';
import type { PluginContext, PluginOf } from '../../../core';

/** Creates the click implementation (a factory: it reports errors through its own kernel). */
export default function click(): PluginOf<'eventImplementation'> {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'eventImplementation',
    name: 'click',
    setup: (context) => void (ctx = context),
    attach(event, fire, win) {
      const selector = event.config?.selector ?? event.eventFilter?.selector;
      const onClick = (click: Event) => {
        try {
          const target = click.target as Element | null;
          // Text nodes and the document have no closest(); their parent element is what was clicked.
          const element = target && 'closest' in target ? target : (target as Node | null)?.parentElement;
          if (selector && element?.closest(selector)) fire();
        } catch (thrown) {
          ctx?.report('PluginError', thrown, { eventId: event.id, selector });
        }
      };
      win.document.addEventListener('click', onClick, { capture: true });
      return () => win.document.removeEventListener('click', onClick, { capture: true });
    },
  });
}
