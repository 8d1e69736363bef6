/* The service worker (issue 22): a phone opens its matches with no network at all, where the deployment is a
   secure context (https, localhost). Served by the /sw.js route (scorekeeper/web/app_shell.py), which puts
   self.SCOREKEEPER_SHELL before this file: the shell's fingerprinted URLs, the offline page, the timeout and the
   bounds, and a version made of them, so each deployment installs a worker of its own.

   - Static files asked for by their fingerprint (?v=) never change: cache-first, kept at install.
   - The pages of the phone's matches (/m/<token>…, /v/<token>…) and the home page: network-first, but nothing waits
     on the Wi-Fi: after PAGE_TIMEOUT the saved copy is shown. A saved copy is marked (<html data-saved-at>, which
     static/install.js turns into a "Saved copy from HH:MM" banner) and its idempotency keys are new: two hands
     typed offline from one saved entry page must not clash as "already saved" (issue 22).
   - Only 200 HTML answers to GET are saved: never a POST's answer, the API's JSON, a PDF or an error page.
     Bounded: the last MATCHES matches, PAGES_PER_MATCH pages each.
   - A match's offline state (/m/<token>/offline.json: what "Play offline on this phone" previews the next hand
     with) is network-first and kept, the last MATCHES of them, so the preview works on the phone with the Wi-Fi
     gone; the server revalidates it (ETag), so a kept copy is never older than the last answer seen.
   - Any other page that cannot be reached shows the offline page instead of the browser's error page.
   The outbox lives in localStorage (static/outbox.js, static/outbox_confirm.js on the countersign page); the saved
   pages hold their scripts, kept here (every static file is in the shell, scorekeeper/web/app_shell.py). */
(function (scope) {
  "use strict";
  var S = scope.SCOREKEEPER_SHELL || { shell: [], offline: "/offline", statics: "/s/", timeout: 2500, matches: 20,
                                       pagesPerMatch: 8, version: "dev" };
  var SHELL = "sk-shell-" + S.version, PAGES = "sk-pages", SCORER = "sk-scorer", SHELL_PREFIX = "sk-shell-";
  var STATES = "sk-offline-states";
  var MATCH_PAGE = /^\/[mv]\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;
  var JUST_KEPT = 30000;
  var KEY_INPUT = /<input\b[^>]*\bname="(?:save_key|rematch_key)"[^>]*>/g;

  /* ---- pure parts (tests/js/sw.test.js) ---- */

  /** The match a page belongs to ("" for the home page), or null for a page that is not kept. */
  function groupOf(path) {
    if (path === "/") { return ""; }
    if (/\.(pdf|json)$/.test(path)) { return null; }
    var m = MATCH_PAGE.exec(path);
    return m ? m[1] : null;
  }

  /** Whether a path is one of the offline scorer's files (scorekeeper/web/offline.py): Pyodide's, under a
      versioned path, the rules core's zip and a language's phrasebook (issue 23), named by their digests. None
      ever changes, so they are kept
      cache-first, in a cache of their own that a new deployment does not empty: a phone that chose "Play offline
      on this phone" keeps its 6 MB scorer until the server serves another version. */
  function scorerFile(path) {
    return /^\/offline\/pyodide\/[0-9][0-9A-Za-z.]*\/[A-Za-z0-9_.-]+$/.test(path) ||
      /^\/offline\/core-[0-9a-f]{6,64}\.zip$/.test(path) ||
      /^\/offline\/words-[a-z]{2,3}-[0-9a-f]{6,64}\.json$/.test(path);
  }

  /** Whether a path is a match's offline state (scorekeeper/web/entry/preview.py offline_state). */
  function offlineState(path) {
    return /^\/m\/[A-Za-z0-9_-]{1,64}\/offline\.json$/.test(path);
  }

  /** A saved page as it is shown: marked with when it was saved, with a new key in each key field. */
  function savedCopy(html, savedAt, newKey) {
    var at = String(savedAt || "").replace(/[^0-9A-Za-z:.+-]/g, "");
    var marked = html.replace(/<html\b/i, '<html data-saved-at="' + at + '"');
    return marked.replace(KEY_INPUT, function (tag) {
      return tag.replace(/\bvalue="[^"]*"/, 'value="' + newKey() + '"');
    });
  }

  /** Of the saved pages' URLs, oldest first, those to drop: all but the last `matches` matches (the home page
      is kept), and all but the last `perMatch` pages of each. */
  function overflow(urls, matches, perMatch) {
    var groups = {}, order = [];
    urls.forEach(function (url) {
      var group = groupOf(new URL(url, "http://x").pathname);
      if (group === null) { return; }
      if (!groups.hasOwnProperty(group)) { groups[group] = []; }
      order = order.filter(function (g) { return g !== group; });
      order.push(group);
      groups[group].push(url);
    });
    var dropped = [], matchesSeen = 0;
    for (var i = order.length - 1; i >= 0; i--) {
      var group = order[i], pages = groups[group];
      if (group !== "" && ++matchesSeen > matches) { dropped = dropped.concat(pages); continue; }
      dropped = dropped.concat(pages.slice(0, Math.max(0, pages.length - perMatch)));
    }
    return dropped;
  }

  /** The static URLs (under `statics`) a saved page uses: kept across deployments while the page is. */
  function referenced(html, statics) {
    var prefix = statics.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    var found = [], re = new RegExp('\\b(?:src|href)="(' + prefix + '[^"]+)"', "g"), m;
    while ((m = re.exec(html))) { found.push(m[1].replace(/&amp;/g, "&")); }
    return found;
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { groupOf: groupOf, savedCopy: savedCopy, overflow: overflow, referenced: referenced,
                       scorerFile: scorerFile, offlineState: offlineState };
  }
  if (typeof scope.addEventListener !== "function" || typeof scope.caches === "undefined") { return; }

  /* ---- the worker ---- */

  var fetched = {};            // url -> when this worker last passed a page of it on (lost when the worker sleeps)
  function noop() {}
  function newKey() {
    if (scope.crypto && scope.crypto.randomUUID) { return scope.crypto.randomUUID(); }
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function storable(res) {
    return res && res.status === 200 && res.type === "basic" && !res.redirected &&
      (res.headers.get("Content-Type") || "").indexOf("text/html") === 0;
  }

  function keep(url, res) {
    var headers = new Headers(res.headers);
    // the body is stored decoded; Vary would make a later match depend on headers a navigation does not expose
    ["Content-Encoding", "Content-Length", "Transfer-Encoding", "Vary", "Set-Cookie"].forEach(function (h) {
      headers.delete(h);
    });
    headers.set("X-Saved-At", new Date().toISOString());
    var key = url.split("#")[0];
    return res.blob().then(function (body) {
      return caches.open(PAGES).then(function (cache) {
        // deleted first, so that the keys' order is the order the pages were last saved in
        return cache.delete(key).then(function () {
          return cache.put(key, new Response(body, { status: 200, headers: headers }));
        }).then(function () { return cache.keys(); }).then(function (requests) {
          var gone = overflow(requests.map(function (r) { return r.url; }), S.matches, S.pagesPerMatch);
          return Promise.all(gone.map(function (u) { return cache.delete(u); }));
        });
      });
    });
  }

  function savedCopyOf(url) {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(url).then(function (r) { return r || cache.match(url, { ignoreSearch: true }); });
    }).then(function (res) {
      if (!res) { return null; }
      return res.text().then(function (html) {
        return new Response(savedCopy(html, res.headers.get("X-Saved-At"), newKey),
                            { status: 200, headers: res.headers });
      });
    }).catch(function () { return null; });
  }

  function offlinePage() {
    return caches.match(S.offline).then(function (res) {
      return res || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
    });
  }

  function networkFirst(event) {
    var url = event.request.url;
    var answer = fetch(event.request).then(function (res) {
      if (storable(res)) { fetched[url.split("#")[0]] = Date.now(); }
      return { res: res, copy: storable(res) ? res.clone() : null };
    });
    event.waitUntil(answer.then(function (a) { return a.copy && keep(url, a.copy); }).catch(noop));
    return new Promise(function (resolve) {
      var done = false;
      function give(res) { if (!done && res) { done = true; resolve(res); } }
      var timer = setTimeout(function () { savedCopyOf(url).then(give); }, S.timeout);
      answer.then(function (a) { clearTimeout(timer); give(a.res); }, function () {
        clearTimeout(timer);
        savedCopyOf(url).then(function (res) { return res || offlinePage(); }).then(give);
      });
    });
  }

  /* The match's offline state: the server's answer when there is one (kept, the oldest beyond MATCHES dropped),
     else the kept copy; never an HTML page in its place, so the preview says "not updated" rather than guess. */
  function stateNetworkFirst(event) {
    var request = event.request;
    return fetch(request).then(function (res) {
      if (res.status === 200 && res.type === "basic") {
        var copy = res.clone();
        event.waitUntil(caches.open(STATES).then(function (cache) {
          return cache.delete(request.url).then(function () { return cache.put(request.url, copy); })
            .then(function () { return cache.keys(); }).then(function (keys) {
              return Promise.all(keys.slice(0, Math.max(0, keys.length - S.matches)).map(function (r) {
                return cache.delete(r);
              }));
            });
        }).catch(noop));
      }
      return res;
    }, function (error) {
      return caches.open(STATES).then(function (cache) { return cache.match(request.url); }).then(function (kept) {
        if (kept) { return kept; }
        throw error;
      });
    });
  }

  function cacheFirst(request, name) {
    return caches.match(request).then(function (res) {
      return res || fetch(request).then(function (fresh) {
        if (fresh.ok && fresh.type === "basic") {
          var copy = fresh.clone();
          caches.open(name || SHELL).then(function (cache) { return cache.put(request, copy); }).catch(noop);
        }
        return fresh;
      });
    });
  }

  scope.addEventListener("install", function (event) {
    event.waitUntil(caches.open(SHELL).then(function (cache) {
      // one by one: a file that fails to come is fetched when first asked for, and does not stop the install
      return Promise.all(S.shell.concat([S.offline]).map(function (url) {
        return fetch(url, { credentials: "same-origin" }).then(function (res) {
          return res.ok ? cache.put(url, res) : null;
        }).catch(noop);
      }));
    }).then(function () { return scope.skipWaiting(); }));
  });

  scope.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
      var old = names.filter(function (n) { return n.indexOf(SHELL_PREFIX) === 0 && n !== SHELL; });
      if (!old.length) { return null; }
      // an older deployment's static files stay as long as a saved page uses them
      return caches.open(PAGES).then(function (pages) { return pages.keys().then(function (requests) {
        return Promise.all(requests.map(function (r) {
          return pages.match(r).then(function (res) { return res.text(); }).then(function (html) {
            return referenced(html, S.statics);
          });
        }));
      }); }).then(function (lists) {
        var used = {};
        lists.forEach(function (l) { l.forEach(function (u) { used[new URL(u, scope.location.href).href] = 1; }); });
        return caches.open(SHELL).then(function (shell) {
          return Promise.all(old.map(function (name) {
            return caches.open(name).then(function (cache) { return cache.keys().then(function (requests) {
              return Promise.all(requests.filter(function (r) { return used[r.url]; }).map(function (r) {
                return shell.match(r).then(function (have) {
                  return have || cache.match(r).then(function (res) { return shell.put(r, res); });
                });
              }));
            }); }).then(function () { return caches.delete(name); });
          }));
        });
      });
    }).catch(noop).then(function () { return scope.clients.claim(); }));
  });

  scope.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") { return; }
    var url = new URL(request.url);
    if (url.origin !== scope.location.origin) { return; }
    if (url.pathname.indexOf(S.statics) === 0 && url.searchParams.has("v")) {
      event.respondWith(cacheFirst(request));
    } else if (scorerFile(url.pathname)) {
      event.respondWith(cacheFirst(request, SCORER));
    } else if (url.pathname === "/offline/worker.js") {
      event.respondWith(fetch(request).then(function (res) {
        if (res.ok) { var copy = res.clone(); caches.open(SCORER).then(function (c) { return c.put(request, copy); }); }
        return res;
      }).catch(function () {
        return caches.open(SCORER).then(function (c) { return c.match(request); }).then(function (res) {
          return res || Response.error();
        });
      }));
    } else if (offlineState(url.pathname)) {
      event.respondWith(stateNetworkFirst(event));
    } else if (request.mode === "navigate" && groupOf(url.pathname) !== null) {
      event.respondWith(networkFirst(event));
    } else if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(offlinePage));
    }
  });

  // Each page asks to be kept: one loaded before this worker controlled it (the first visit, or the page a
  // post's redirect led to) was not seen here.
  scope.addEventListener("message", function (event) {
    var data = event.data || {};
    if (typeof data.keep !== "string") { return; }
    var url;
    try { url = new URL(data.keep, scope.location.href); } catch (e) { return; }
    if (url.origin !== scope.location.origin || groupOf(url.pathname) === null) { return; }
    var href = url.href.split("#")[0];
    event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.match(href); }).then(function (had) {
      // kept on its way through this worker a moment ago: asking the server again would only cost a round trip
      var last = Math.max(fetched[href] || 0, had ? Date.parse(had.headers.get("X-Saved-At")) || 0 : 0);
      if (Date.now() - last < JUST_KEPT) { return null; }
      return fetch(href, { credentials: "same-origin" }).then(function (res) {
        return storable(res) ? keep(href, res) : null;
      });
    }).catch(noop));
  });
}(typeof self !== "undefined" ? self : globalThis));
