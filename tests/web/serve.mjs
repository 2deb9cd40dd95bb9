// Serves the page (index.html and dist/) on loopback: `node serve.mjs [PORT]` (default 8080),
// then open http://127.0.0.1:PORT/?api=http://127.0.0.1:50051 after `arbiter up --cors-origin
// http://127.0.0.1:PORT`. Imported by browser-test.mjs.

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".map": "application/json" };

/** Start serving on 127.0.0.1:`port`; resolves to the server once it listens. */
export function serve(port) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const file = path === "/" ? "index.html" : normalize(path).replace(/^[/\\]+/, "");
    // Only the page and its bundle: nothing else of the repository is served.
    if (file !== "index.html" && !file.startsWith("dist/")) {
      res.writeHead(404).end("not found");
      return;
    }
    try {
      const body = await readFile(join(root, file));
      res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8080);
  await serve(port);
  console.log(`serving the Arbiter page on http://127.0.0.1:${port}/ (add ?api=ORCHESTRATOR_URL)`);
}
