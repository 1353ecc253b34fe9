// The browser tests' harness (issue 31): the stand-in API and the real server over stdio, a
// static server for the test host page and the ext-apps SDK's modules on 127.0.0.1, and headless
// Chromium (Debian's) driven by playwright-core.
//
// The path of one request from the view: the view (clinic-mcp/ui/slot-picker.html, served by the
// server's resources/read, in a sandboxed srcdoc iframe) → postMessage → the SDK's AppBridge in
// host.html → window.__mcp (a playwright binding) → this file's MCP client (the official SDK's
// Client over StdioClientTransport) → target/debug/clinic-mcp serve → the stand-in API.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "../..");
export const target = path.resolve(repo, process.env.CARGO_TARGET_DIR || "target");
const bin = (name) => path.join(target, "debug", name);
export const VIEW_URI = "ui://clinic-mcp/slot-picker";
export const MIME = "text/html;profile=mcp-app";

// ---- the stand-in API and the server ------------------------------------------------------

/** Starts the stand-in (tests/src/bin/browser-standin.rs): `{ baseUrl, tokens, close }`. */
export async function startStandin({ now, doctorNames = {} } = {}) {
  const args = [];
  if (now) args.push("--now", now);
  for (const [id, name] of Object.entries(doctorNames)) args.push("--doctor-name", `${id}=${name}`);
  const child = spawn(bin("browser-standin"), args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const seen = {};
  for await (const line of lines) {
    const [key, value] = line.split(" ");
    seen[key] = value;
    if (seen.listening && seen.patient && seen.patient2) break;
  }
  if (!seen.listening) throw new Error("browser-standin did not start");
  return {
    baseUrl: seen.listening,
    tokens: { patient: seen.patient, patient2: seen.patient2 },
    async close() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}

/** The real server over stdio, as a host that renders MCP Apps: the SDK's Client. `capabilities`
 * replaces the client's declared capabilities (the spec test's clients with and without the
 * extension); `client.received` holds every message the server sent, as parsed JSON, before the
 * SDK's schemas read it. */
export async function startServer(standin, {
  capabilities = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [MIME] } } },
} = {}) {
  const transport = new StdioClientTransport({
    command: bin("clinic-mcp"),
    args: ["serve", "--profile", "booking"],
    env: {
      PATH: process.env.PATH ?? "",
      SUT_BASE_URL: standin.baseUrl,
      SUT_ACCESS_TOKEN: standin.tokens.patient,
      MCP_SESSION_ROLE: "patient",
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => { stderr += d; });
  // `connect` sets `onmessage`, then starts the transport: every message is seen from the first
  const received = [];
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const inner = transport.onmessage;
    transport.onmessage = (message, extra) => { received.push(message); inner?.(message, extra); };
    return start();
  };
  const client = new Client({ name: "clinic-mcp-browser-tests", version: "1" }, { capabilities });
  client.received = received;
  try {
    await client.connect(transport);
  } catch (e) {
    throw new Error(`the server did not start: ${e.message}\n${stderr}`);
  }
  client.stderrText = () => stderr;
  return client;
}

/** A request to the stand-in API as `who` ("patient", "patient2"); a body is sent as JSON with
 * an `Idempotency-Key` of its own (what `POST /appointments` requires). */
export async function api(standin, method, route, who = "patient", body) {
  const headers = { authorization: `Bearer ${standin.tokens[who]}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(standin.baseUrl + route, {
    method,
    headers: body !== undefined
      ? { ...headers, "idempotency-key": `browser-test-${Math.random().toString(36).slice(2)}` }
      : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: await r.json() };
}

// ---- the test host page and the SDK's modules, served without a bundler --------------------

const modules = path.join(here, "node_modules");

/** The import map for the SDK's AppBridge: every bare specifier reachable from its ESM entry,
 * resolved as a browser would be given it (`exports` with the `browser`, `import`, `default`
 * conditions). Relative imports resolve by URL, as files under /node_modules/. */
function importMap() {
  const imports = {};
  const seen = new Set();
  const pick = (e) => {
    if (typeof e === "string") return e;
    if (!e || typeof e !== "object") return null;
    for (const c of ["browser", "import", "module", "default"]) {
      if (e[c]) { const r = pick(e[c]); if (r) return r; }
    }
    return null;
  };
  const resolve = (spec) => {
    const parts = spec.split("/");
    const n = spec.startsWith("@") ? 2 : 1;
    const name = parts.slice(0, n).join("/");
    const sub = parts.slice(n).join("/");
    const dir = path.join(modules, name);
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    const rel = pick(pkg.exports?.[sub ? `./${sub}` : "."]) ?? (sub || pkg.module || pkg.main);
    return path.join(dir, rel);
  };
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    // static imports and re-exports: `from "x"`, `import "x"`
    for (const m of src.matchAll(/(?:\bfrom|\bimport)\s*["']([^"'\s]+)["']/g)) {
      const spec = m[1];
      let file2;
      if (spec.startsWith(".")) file2 = path.resolve(path.dirname(file), spec);
      else {
        try { file2 = resolve(spec); } catch { continue; } // a name in a comment's example
        imports[spec] = "/node_modules/" + path.relative(modules, file2).split(path.sep).join("/");
      }
      try { if (statSync(file2).isFile()) visit(file2); } catch { /* not a file */ }
    }
  };
  const entry = "@modelcontextprotocol/ext-apps/app-bridge";
  const file = resolve(entry);
  imports[entry] = "/node_modules/" + path.relative(modules, file).split(path.sep).join("/");
  visit(file);
  return { imports };
}

/** Serves host.html (with its import map) and files under node_modules on 127.0.0.1. */
export async function startStatic() {
  const map = JSON.stringify(importMap());
  const host = readFileSync(path.join(here, "host.html"), "utf8")
    .replace("<!-- IMPORT MAP -->", `<script type="importmap">${map}</script>`);
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname === "/host.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(host);
      return;
    }
    if (url.pathname.startsWith("/node_modules/")) {
      const file = path.resolve(modules, decodeURIComponent(url.pathname.slice("/node_modules/".length)));
      if (file.startsWith(modules + path.sep) && /\.(m?js)$/.test(file)) {
        try {
          const body = readFileSync(file);
          res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
          res.end(body);
          return;
        } catch { /* 404 below */ }
      }
    }
    res.writeHead(404);
    res.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

// ---- Chromium ---------------------------------------------------------------------------

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Debian's Chromium in a fresh profile. The browser's own zone is Asia/Kolkata (UTC+5:30, no
 * daylight saving time) so a time rendered in the browser's zone instead of the clinic's shows. */
export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), "clinic-mcp-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    timezoneId: "Asia/Kolkata",
    locale: "en-US",
    viewport: { width: 960, height: 720 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the host page with `client` behind it; the view shows the result of
 * `find_available_slots(args)`. Resolves once the view has rendered that result. */
export async function openView(browser, stat, client, { args, theme = "light" }) {
  const page = await browser.context.newPage();
  page.on("pageerror", (e) => { page.errors.push(String(e)); });
  page.errors = [];
  // every request the page makes (the host page, the SDK's modules and nothing else expected)
  page.requests = [];
  page.on("request", (r) => { page.requests.push(r.url()); });
  await page.emulateMedia({ colorScheme: theme });
  await page.exposeFunction("__mcp", async (method, params) => {
    if (method === "tools/call") return client.callTool(params);
    if (method === "resources/read") return client.readResource(params);
    throw new Error(`the test host relays no ${method}`);
  });
  const q = new URLSearchParams({ theme, args: JSON.stringify(args) });
  await page.goto(`${stat.origin}/host.html?${q}`);
  await page.waitForFunction(() => window.__host && (window.__host.shown || window.__host.error));
  const error = await page.evaluate(() => window.__host.error);
  if (error) throw new Error(`the host page failed: ${error}`);
  const frame = page.frame({ name: "view" });
  await frame.waitForFunction(() => document.querySelector("#sub").textContent.startsWith("Times are"));
  return { page, frame, view: page.frameLocator("#view") };
}
