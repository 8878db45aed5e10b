// Web mode: requests the project the address names (#/p/<id>/...) before the renderer's bundle is
// downloaded and parsed, so the project's content is on its way while the editor starts. The
// renderer takes the answer (model/opening.ts) and asks again itself when there is none. It is the
// last element of <body>: the entry script's download has started by then, and a classic script
// runs before any module script (those run once the document is parsed). Should the renderer ever
// start first, it has asked already (and left `__variaOpening` null), so nothing is asked twice.
// The session token is the one the services put in the page (meta `varia-session`).
(function () {
  const route = /^#\/p\/([a-z0-9_-]{1,64})(?:\/|$)/.exec(window.location.hash);
  const token = document.querySelector('meta[name="varia-session"]');
  if (!route || !token || !/^https?:$/.test(window.location.protocol) || window.__variaOpening !== undefined) return;
  window.__variaOpening = {
    projectId: route[1],
    at: performance.now(),
    response: fetch('/api/editor/projects/' + route[1] + '/open', { headers: { 'X-Varia-Session': token.content } }),
  };
})();
