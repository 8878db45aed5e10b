/*
 * The stand-in homepage's own script (not part of the snippet): the mobile menu toggle, the
 * registration form and chat launcher, and a simulated framework hydration. Hydration re-renders the
 * hero's trust blocks and counters from the serialised state in #site-data, then marks <html> with
 * data-hydrated and dispatches `site:hydrated` on window (config/homepage/page-contract.ts), the way
 * a React site settles: a change made to those blocks before hydration is overwritten.
 */
(function () {
  'use strict';
  const doc = document;

  function setupMenu() {
    const toggle = doc.querySelector('nav.top-nav button.nav-menu-toggle');
    const nav = doc.querySelector('nav.top-nav');
    if (!toggle || !nav) return;
    const label = toggle.querySelector('.nav-menu-label');
    toggle.addEventListener('click', function () {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      nav.classList.toggle('is-open', open);
      doc.documentElement.classList.toggle('menu-open', open);
      if (label) label.textContent = toggle.getAttribute(open ? 'data-close-label' : 'data-open-label');
    });
  }

  function setupForm() {
    const form = doc.getElementById('registration-form');
    if (!form) return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      const thanks = form.querySelector('.form-thanks');
      if (thanks) thanks.hidden = false;
      form.classList.add('is-submitted');
      form.dispatchEvent(new CustomEvent('site:registered', { bubbles: true }));
    });
  }

  function setupChat() {
    const launcher = doc.querySelector('button.chatbot-launcher');
    if (!launcher) return;
    launcher.addEventListener('click', function () {
      launcher.setAttribute('aria-expanded', String(launcher.getAttribute('aria-expanded') !== 'true'));
    });
  }

  function element(tag, className, text) {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function hydrate() {
    let data;
    try {
      data = JSON.parse((doc.getElementById('site-data') || {}).textContent || '{}');
    } catch {
      data = {};
    }
    const trust = doc.querySelector('section.hero .hero-trust');
    if (trust && data.blocks) {
      trust.replaceChildren.apply(trust, data.blocks.map(function (block) {
        const link = element('a', 'hero-trust-block');
        link.href = block.link;
        link.append(element('span', 'hero-trust-title', block.title), element('span', 'hero-trust-text', block.description));
        return link;
      }));
    }
    const counters = doc.querySelector('section.hero .hero-counters');
    if (counters && data.counters) {
      counters.replaceChildren.apply(counters, data.counters.map(function (text) { return element('li', '', text); }));
    }
    doc.documentElement.setAttribute('data-hydrated', '');
    window.dispatchEvent(new Event('site:hydrated'));
  }

  setupMenu();
  setupForm();
  setupChat();
  // A framework hydrates once its bundle has run, after the document has loaded.
  const later = function () { setTimeout(hydrate, 60); };
  if (doc.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
})();
