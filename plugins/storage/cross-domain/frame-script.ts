/**
 * The script of the cross-domain storage page (served by services/routes/client-storage.ts, and by a
 * CDN in production). Plain ES5 text: the page is served under a strict CSP, so it is a served file,
 * never inline code. It reads its account and allowed origins from `<html data-account data-origins>`,
 * keeps values in its own localStorage under `varia_xds_<accountId>_`, checks `event.origin` against
 * the allowed origins on every message (a foreign origin gets no answer at all), and answers each
 * request to its sender's origin only. Not part of the snippet (the plugin's index does not import it).
 */

/** The storage page's script: origin check on every message, answers to the sender's origin only. */
export const CLIENT_STORAGE_SCRIPT = `(function () {
  var root = document.documentElement;
  var MARK = 'varia_xds';
  var origins = JSON.parse(root.getAttribute('data-origins') || '[]');
  var prefix = 'varia_xds_' + root.getAttribute('data-account') + '_';
  var read = function (key) {
    var text = localStorage.getItem(prefix + key);
    try { return text === null ? null : JSON.parse(text); } catch (e) { return null; }
  };
  var keys = function () {
    var found = [];
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key && key.indexOf(prefix) === 0) found.push(key.slice(prefix.length));
    }
    return found;
  };
  var all = function () {
    var values = {};
    keys().forEach(function (key) { values[key] = read(key); });
    return values;
  };
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || m[MARK] !== 1) return;
    if (origins.indexOf(event.origin) < 0 || !event.source) return;
    var reply = function (answer) {
      answer[MARK] = 1;
      answer.id = m.id;
      event.source.postMessage(answer, event.origin);
    };
    try {
      if (m.type === 'PUT') {
        if (typeof m.key !== 'string') throw new Error('PUT needs a key');
        if (m.value === null || m.value === undefined) localStorage.removeItem(prefix + m.key);
        else localStorage.setItem(prefix + m.key, JSON.stringify(m.value));
        reply({ type: 'SYNC', key: m.key, value: read(m.key) });
      } else if (m.type === 'GET') {
        reply({ type: 'SYNC', key: m.key, value: read(m.key) });
      } else if (m.type === 'GETALL') {
        reply({ type: 'SYNC', key: null, value: all() });
      } else if (m.type === 'DELETE') {
        keys().forEach(function (key) {
          var value = read(key) || {};
          if (key === m.key || (m.visitorId && (value.randomId === m.visitorId || value.id === m.visitorId))) localStorage.removeItem(prefix + key);
        });
        reply({ type: 'SYNC', key: null, value: all() });
      } else {
        reply({ type: 'ERROR', message: 'Unknown message type' });
      }
    } catch (error) {
      reply({ type: 'ERROR', message: String((error && error.message) || error) });
    }
  });
})();
`;

