// The pinned runtime's CDN on this machine, for the page benchmark (bench/local_cdn.py starts
// it): HTTP/2 over TLS, as jsDelivr serves, so that the browser fetches the runtime's files side
// by side on one connection instead of one at a time through Playwright's routing.
//
//   node bench/cdn_server.mjs CONFIG.json
//
// CONFIG: {"key": PEM file, "cert": PEM file, "prefixes": {URL path prefix: folder},
//          "types": {".ext": content type}}. Prints the port it listens on (127.0.0.1), then one
// line per request: "<status> <path>".
import fs from "node:fs";
import http2 from "node:http2";
import path from "node:path";

const config = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const prefixes = Object.entries(config.prefixes);

// The headers jsDelivr sends with a versioned file: cacheable for a year, readable cross-origin.
const CDN_HEADERS = {
  "access-control-allow-origin": "*",
  "timing-allow-origin": "*",
  "cache-control": "public, max-age=31536000, immutable",
};

function fileFor(urlPath) {
  for (const [prefix, folder] of prefixes) {
    if (!urlPath.startsWith(prefix)) continue;
    const root = path.resolve(folder);
    const file = path.resolve(root, decodeURIComponent(urlPath.slice(prefix.length)));
    if (file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return file;
    }
  }
  return null;
}

const server = http2.createSecureServer({
  key: fs.readFileSync(config.key),
  cert: fs.readFileSync(config.cert),
});
server.on("stream", (stream, headers) => {
  stream.on("error", () => {}); // the browser cancelled it (a closed page): nothing to serve
  const urlPath = headers[":path"].split("?")[0];
  const file = fileFor(urlPath);
  const status = file ? 200 : 404;
  console.log(`${status} ${urlPath}`);
  if (!file) {
    stream.respond({ ":status": 404, "content-type": "text/plain" });
    stream.end(`${urlPath}: not a file of the pinned runtime\n`);
    return;
  }
  const type = config.types[path.extname(file)] ?? "application/octet-stream";
  stream.respondWithFile(file, { ":status": 200, "content-type": type, ...CDN_HEADERS });
});
server.on("sessionError", () => {}); // a browser closing its connection mid-stream
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
