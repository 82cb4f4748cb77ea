// Offline play and updates: registers the service worker (sw.js). Filled in by the next commit.
