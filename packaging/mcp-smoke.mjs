// Starts the server the way a client installs an unpacked .mcpb: the manifest's command, args and
// env for this platform, `${__dirname}` and `${user_config.*}` replaced (a value given here, else
// the manifest's default, else empty), then speaks MCP over its stdio: initialize,
// notifications/initialized, tools/list and, if asked, one tools/call. Exits non-zero on any
// failure, with the server's stderr.
//
//   node packaging/mcp-smoke.mjs --bundle DIR [--config '{"base_url": "..."}'] [--call TOOL '{"arg": 1}'] [--expect-tool NAME]...
//   node packaging/mcp-smoke.mjs [--call ...] [--expect-tool NAME]... -- COMMAND ARG...   (any stdio server, with this environment)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const argv = process.argv.slice(2);
const expected = [];
let bundle, configArg = "{}", callTool, callArgs = "{}", direct;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--") { direct = argv.slice(i + 1); break; }
  else if (a === "--bundle") bundle = argv[++i];
  else if (a === "--config") configArg = argv[++i];
  else if (a === "--call") { callTool = argv[++i]; callArgs = argv[++i]; }
  else if (a === "--expect-tool") expected.push(argv[++i]);
  else { console.error(`smoke.mjs: unknown argument ${a}`); process.exit(2); }
}

let stderr = "";
function fail(msg) {
  console.error(`smoke: ${msg}`);
  if (stderr) console.error(`server stderr:\n${stderr}`);
  process.exit(1);
}

let command, args, env;
if (direct) {
  [command, ...args] = direct;
  env = process.env;
} else {
  const dir = resolve(bundle);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const values = JSON.parse(configArg);
  const cfg = { ...manifest.server.mcp_config, ...(manifest.server.mcp_config.platform_overrides?.[process.platform] ?? {}) };
  const fill = (s) =>
    s.replaceAll("${__dirname}", dir).replace(/\$\{user_config\.([A-Za-z0-9_]+)\}/g, (_, k) => {
      if (k in values) return String(values[k]);
      const def = manifest.user_config?.[k]?.default;
      if (def !== undefined) return String(def);
      if (manifest.user_config?.[k]?.required) fail(`user_config.${k} is required and has no value`);
      return "";
    });
  command = fill(cfg.command);
  args = (cfg.args ?? []).map(fill);
  const set = Object.fromEntries(Object.entries(cfg.env ?? {}).map(([k, v]) => [k, fill(v)]));
  console.log(`env: ${Object.keys(set).map((k) => (/TOKEN/.test(k) ? `${k}=<${set[k].length} chars>` : `${k}=${set[k]}`)).join(" ")}`);
  // Only the manifest's variables and PATH: the bundle must not lean on the caller's environment.
  env = { PATH: process.env.PATH, ...set };
}
console.log(`command: ${command} ${args.join(" ")}`);

const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
child.stderr.on("data", (d) => (stderr += d));
child.on("error", (e) => fail(`cannot start ${command}: ${e.message}`));
const timer = setTimeout(() => fail("no complete answer within 20 s"), 20_000);

let buffer = "";
const waiting = new Map();
child.stdout.on("data", (d) => {
  buffer += d;
  let nl;
  while ((nl = buffer.indexOf("\n")) !== -1) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (!line.trim()) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      fail(`stdout carried a line that is not JSON: ${line.slice(0, 200)}`);
    }
    if (msg.id !== undefined && waiting.has(msg.id)) {
      waiting.get(msg.id)(msg);
      waiting.delete(msg.id);
    }
  }
});
let nextId = 1;
const request = (method, params) =>
  new Promise((res) => {
    const id = nextId++;
    waiting.set(id, res);
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
  });

const init = await request("initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "mcpb-smoke", version: "0" },
});
if (init.error) fail(`initialize: ${JSON.stringify(init.error)}`);
console.log(`initialize: ${init.result.serverInfo.name} ${init.result.serverInfo.version}, protocol ${init.result.protocolVersion}`);
child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");

const list = await request("tools/list", {});
if (list.error) fail(`tools/list: ${JSON.stringify(list.error)}`);
const names = list.result.tools.map((t) => t.name);
console.log(`tools/list: ${names.length} tools: ${names.join(", ")}`);
if (names.length === 0) fail("tools/list is empty");
for (const n of expected) if (!names.includes(n)) fail(`tools/list lacks ${n}`);

if (callTool) {
  const call = await request("tools/call", { name: callTool, arguments: JSON.parse(callArgs) });
  if (call.error) fail(`tools/call ${callTool}: ${JSON.stringify(call.error)}`);
  if (call.result.isError) fail(`tools/call ${callTool} answered a tool error: ${JSON.stringify(call.result.content).slice(0, 400)}`);
  console.log(`tools/call ${callTool}: ok, ${JSON.stringify(call.result.structuredContent ?? call.result.content).slice(0, 160)}…`);
}

child.stdin.end();
const code = await new Promise((res) => child.on("exit", (c, s) => res(c ?? s)));
clearTimeout(timer);
if (code !== 0) fail(`the server exited ${code} after stdin closed`);
console.log("server exited 0 after stdin closed");
