/**
 * The script of the cross-domain storage page (served by services/routes/client-storage.ts, and by a
 * CDN in production). Plain ES5 text: the page is served under a strict CSP, so it is a served file,
 * never inline code. It reads its account and allowed origins from `<html data-account data-origins>`,
 * keeps values under `varia_xds_<accountId>_`, checks `event.origin` against the allowed origins on every
 * message (a foreign origin gets no answer at all), and answers each request to its sender's origin only.
 *
 * Which storage: today's browsers block or partition a third-party frame's storage. The page asks the
 * Storage Access API first: where access is granted (`hasStorageAccess()`, as with third-party cookies
 * allowed, or a permission given earlier), `requestStorageAccess({ localStorage: true })` hands it the
 * unpartitioned localStorage shared by every site of the account. Where it is not granted (a hidden frame
 * cannot ask the visitor: that needs a gesture), its storage is blocked or partitioned by the top-level
 * site, so it would share nothing across sites: it answers every request with `ERROR` and the code
 * `NO_ACCESS`, and the runtime goes on with first-party storage (a debug line, no error). Browsers without
 * the API use plain localStorage. Requests that arrive while it decides wait. Not part of the snippet.
 */

/** The storage page's script: origin check on every message, answers to the sender's origin only. */
export const CLIENT_STORAGE_SCRIPT = `(function () {
  var root = document.documentElement;
  var MARK = 'varia_xds';
  var origins = JSON.parse(root.getAttribute('data-origins') || '[]');
  var prefix = 'varia_xds_' + root.getAttribute('data-account') + '_';
  var store = null;
  var denied = false;
  var waiting = [];
  var read = function (key) {
    var text = store.getItem(prefix + key);
    try { return text === null ? null : JSON.parse(text); } catch (e) { return null; }
  };
  var keys = function () {
    var found = [];
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i);
      if (key && key.indexOf(prefix) === 0) found.push(key.slice(prefix.length));
    }
    return found;
  };
  var all = function () {
    var values = {};
    keys().forEach(function (key) { values[key] = read(key); });
    return values;
  };
  var handle = function (event) {
    var m = event.data;
    var reply = function (answer) {
      answer[MARK] = 1;
      answer.id = m.id;
      event.source.postMessage(answer, event.origin);
    };
    if (denied) return reply({ type: 'ERROR', code: 'NO_ACCESS', message: 'No storage access: third-party storage is blocked or partitioned' });
    try {
      if (m.type === 'PUT') {
        if (typeof m.key !== 'string') throw new Error('PUT needs a key');
        if (m.value === null || m.value === undefined) store.removeItem(prefix + m.key);
        else store.setItem(prefix + m.key, JSON.stringify(m.value));
        reply({ type: 'SYNC', key: m.key, value: read(m.key) });
      } else if (m.type === 'GET') {
        reply({ type: 'SYNC', key: m.key, value: read(m.key) });
      } else if (m.type === 'GETALL') {
        reply({ type: 'SYNC', key: null, value: all() });
      } else if (m.type === 'DELETE') {
        keys().forEach(function (key) {
          var value = read(key) || {};
          if (key === m.key || (m.visitorId && (value.randomId === m.visitorId || value.id === m.visitorId))) store.removeItem(prefix + key);
        });
        reply({ type: 'SYNC', key: null, value: all() });
      } else {
        reply({ type: 'ERROR', message: 'Unknown message type' });
      }
    } catch (error) {
      reply({ type: 'ERROR', message: String((error && error.message) || error) });
    }
  };
  var ready = function (found) {
    if (found) store = found;
    else denied = true;
    waiting.splice(0).forEach(handle);
  };
  var plain = function () {
    try { return window.localStorage; } catch (e) { return null; }
  };
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || m[MARK] !== 1) return;
    if (origins.indexOf(event.origin) < 0 || !event.source) return;
    if (store || denied) handle(event);
    else waiting.push(event);
  });
  if (typeof document.hasStorageAccess !== 'function' || typeof document.requestStorageAccess !== 'function') return ready(plain());
  document.hasStorageAccess().then(function (granted) {
    if (!granted) return ready(null);
    // Access is granted already (no prompt): the handle's localStorage is the unpartitioned one.
    return document.requestStorageAccess({ localStorage: true }).then(function (access) {
      ready((access && access.localStorage) || plain());
    }, function () { ready(plain()); });
  }).catch(function () { ready(null); });
})();
`;

