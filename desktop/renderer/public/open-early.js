// Web mode: requests the project the address names (#/p/<id>/...) before the renderer's bundle is
// downloaded and parsed, so the project's content is on its way while the editor starts. The
// renderer takes the answer (model/opening.ts) and asks again itself when there is none.
(function () {
  var route = /^#\/p\/([a-z0-9_-]+)/.exec(window.location.hash);
  if (!route || !/^https?:$/.test(window.location.protocol)) return;
  window.__variaOpening = {
    projectId: route[1],
    at: performance.now(),
    response: fetch('/api/editor/projects/' + route[1] + '/open'),
  };
})();
