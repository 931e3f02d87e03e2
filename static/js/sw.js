// The installed app's service worker. It keeps two things only: the static files
// whose names carry their content's hash (they never change under one name) and
// the offline page. Pages behind a link (/h/ /c/ /w/ /b/ /r/) are never stored:
// a token page in a cache would outlive its game and leak to whoever opens the
// phone. Writes (any non-GET) and the live event streams are left alone.
"use strict";

var CACHE = "scorekeeper-v1";
var OFFLINE_URL = "/offline/";
var HASHED_STATIC = /^\/static\/.+\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.add(new Request(OFFLINE_URL, { cache: "reload" })); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key !== CACHE; }).map(function (key) {
        return caches.delete(key);
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (/\/events\/$/.test(url.pathname) || (request.headers.get("Accept") || "").indexOf("text/event-stream") >= 0) {
    return;
  }
  if (HASHED_STATIC.test(url.pathname)) {
    event.respondWith(
      caches.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
    return;
  }
  if (request.mode === "navigate") {
    // Straight to the network; only when it cannot answer, the offline page.
    event.respondWith(
      fetch(request).catch(function () { return caches.match(OFFLINE_URL); })
    );
  }
});
