// The slot picker's MCP Apps surface checked against what the ext-apps specification's package
// publishes (issue 31: "checked against its published JSON schema or types"): the real server
// over stdio (the official MCP SDK's client), its answers as sent, validated with
// `@modelcontextprotocol/ext-apps`'s own schema objects and constants, never copies of them:
// its JSON Schema (`schema.json`, draft 2020-12, read with Ajv), its zod schemas (each value must
// parse and come back unchanged: a member zod would strip is one the specification does not
// define), `RESOURCE_MIME_TYPE`, `EXTENSION_ID`, `RESOURCE_URI_META_KEY` and `getUiCapability`.
// The MCP SDK's own result schemas read the whole answers. No browser here.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { McpUiResourceMetaSchema, McpUiToolMetaSchema } from "@modelcontextprotocol/ext-apps";
import {
  EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, getUiCapability,
} from "@modelcontextprotocol/ext-apps/server";
import {
  InitializeResultSchema, ListResourcesResultSchema, ListToolsResultSchema, ReadResourceResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
// Ajv: the JSON Schema validator the MCP SDK itself depends on (installed with it, pinned by
// package-lock.json)
import Ajv2020 from "ajv/dist/2020.js";
import { VIEW_URI, repo, startServer, startStandin } from "../harness.mjs";

const require = createRequire(import.meta.url);
const SCHEMA = require("@modelcontextprotocol/ext-apps/schema.json");
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(SCHEMA);
/** The validator of one definition of the published schema, by name (`McpUiToolMeta`…). */
const def = (name) => {
  const v = ajv.getSchema(`${SCHEMA.$id}#/$defs/${name}`);
  assert.ok(v, `schema.json defines ${name}`);
  return v;
};

/** `value` is valid by the published JSON Schema's `name` and by the package's zod schema, which
 * gives it back whole (nothing stripped: no member the specification does not define). */
function conforms(value, name, zod) {
  const validate = def(name);
  assert.ok(validate(value), `${name}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value)}`);
  const parsed = zod.safeParse(value);
  assert.ok(parsed.success, `${name} (zod): ${parsed.error}`);
  assert.deepEqual(parsed.data, value, `${name} (zod) keeps every member`);
}

const VIEW_FILE = path.join(repo, "clinic-mcp/ui/slot-picker.html");
const VIEWED_TOOL = "find_available_slots";
/** A host that renders MCP Apps, declared as the specification says: the extension's settings
 * under `EXTENSION_ID`, with `RESOURCE_MIME_TYPE`. */
const RENDERS = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } };

let standin;
const clients = [];
before(async () => { standin = await startStandin(); });
after(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await standin?.close();
});
async function connect(capabilities) {
  const client = await startServer(standin, { capabilities });
  clients.push(client);
  return client;
}
/** The raw `result` of the answer to the request the SDK sent with `method` (the last one). */
function rawResult(client, id) {
  const m = client.received.find((x) => x.id === id && ("result" in x || "error" in x));
  assert.ok(m, `an answer with id ${id}`);
  return m.result;
}
/** Sends `method` through the client and returns its raw result, as the server wrote it. */
async function raw(client, method, params = {}) {
  const before = client.received.length;
  const schema = { "tools/list": ListToolsResultSchema, "resources/list": ListResourcesResultSchema,
    "resources/read": ReadResourceResultSchema }[method];
  await client.request({ method, params }, schema);
  const answers = client.received.slice(before).filter((x) => "result" in x || "error" in x);
  assert.equal(answers.length, 1, `one answer to ${method}`);
  return rawResult(client, answers[0].id);
}

describe("a host that declares the MCP Apps extension", () => {
  let client;
  before(async () => { client = await connect(RENDERS); });

  test("our declaration is the specification's: McpUiClientCapabilities, read by getUiCapability", () => {
    conforms(RENDERS.extensions[EXTENSION_ID], "McpUiClientCapabilities",
      { safeParse: (v) => ({ success: true, data: v }) }); // no zod schema for it is exported
    assert.ok(getUiCapability(RENDERS)?.mimeTypes?.includes(RESOURCE_MIME_TYPE));
  });

  test("initialize declares resources and the extension under EXTENSION_ID", () => {
    const init = client.received.find((m) => m.result?.protocolVersion).result;
    InitializeResultSchema.parse(init);
    const ext = init.capabilities.extensions?.[EXTENSION_ID];
    assert.ok(ext && typeof ext === "object" && !Array.isArray(ext), JSON.stringify(init.capabilities));
    assert.ok(init.capabilities.resources, "the resources capability");
    assert.deepEqual(Object.keys(init.capabilities.extensions), [EXTENSION_ID]);
  });

  let tools, resources;
  test("tools/list: find_available_slots's _meta.ui is a McpUiToolMeta pointing at a ui:// resource; no other tool has one", async () => {
    tools = (await raw(client, "tools/list")).tools;
    const viewed = tools.find((t) => t.name === VIEWED_TOOL);
    assert.ok(viewed, `${VIEWED_TOOL} is listed`);
    assert.deepEqual(Object.keys(viewed._meta), ["ui"], "only _meta.ui (no legacy key)");
    conforms(viewed._meta.ui, "McpUiToolMeta", McpUiToolMetaSchema);
    assert.match(viewed._meta.ui.resourceUri, /^ui:\/\//);
    // the visibility the specification defaults to (model and app): not narrowed
    assert.equal(viewed._meta.ui.visibility, undefined);
    for (const t of tools.filter((x) => x.name !== VIEWED_TOOL)) {
      assert.equal(t._meta?.ui, undefined, t.name);
      assert.equal(t._meta?.[RESOURCE_URI_META_KEY], undefined, t.name);
    }
  });

  test("resources/list: the view the tool points at, with RESOURCE_MIME_TYPE and a McpUiResourceMeta of an empty CSP", async () => {
    resources = (await raw(client, "resources/list")).resources;
    const uri = tools.find((t) => t.name === VIEWED_TOOL)._meta.ui.resourceUri;
    assert.deepEqual(resources.map((r) => r.uri), [uri]);
    const [view] = resources;
    assert.equal(view.mimeType, RESOURCE_MIME_TYPE);
    conforms(view._meta.ui, "McpUiResourceMeta", McpUiResourceMetaSchema);
    conforms(view._meta.ui.csp, "McpUiResourceCsp", McpUiResourceMetaSchema.shape.csp.unwrap());
    assert.deepEqual(view._meta.ui.csp, { connectDomains: [], resourceDomains: [] });
  });

  test("resources/read: the file's exact text, with RESOURCE_MIME_TYPE and the same McpUiResourceMeta", async () => {
    const [view] = resources;
    const read = await raw(client, "resources/read", { uri: view.uri });
    assert.equal(read.contents.length, 1);
    const [c] = read.contents;
    assert.equal(c.uri, view.uri);
    assert.equal(c.mimeType, RESOURCE_MIME_TYPE);
    assert.equal(typeof c.text, "string");
    assert.equal(c.blob, undefined);
    assert.ok(Buffer.from(c.text, "utf8").equals(readFileSync(VIEW_FILE)), "the bytes of slot-picker.html");
    conforms(c._meta.ui, "McpUiResourceMeta", McpUiResourceMetaSchema);
    assert.deepEqual(c._meta.ui, view._meta.ui);
  });
});

describe("a client that does not declare it sees no ui resource", () => {
  for (const [who, capabilities] of [
    ["no extensions", {}],
    // the extension without the MIME type: getUiCapability finds it, but it renders no MCP App
    ["the extension without RESOURCE_MIME_TYPE", { extensions: { [EXTENSION_ID]: { mimeTypes: ["text/html"] } } }],
  ]) {
    test(who, async () => {
      if (capabilities.extensions) {
        assert.ok(getUiCapability(capabilities));
        assert.ok(!getUiCapability(capabilities).mimeTypes.includes(RESOURCE_MIME_TYPE));
      } else {
        assert.equal(getUiCapability(capabilities), undefined);
      }
      const client = await connect(capabilities);
      const init = client.received.find((m) => m.result?.protocolVersion).result;
      assert.equal(init.capabilities.extensions?.[EXTENSION_ID], undefined);
      assert.equal(init.capabilities.resources, undefined);
      const { tools } = await raw(client, "tools/list");
      assert.ok(tools.some((t) => t.name === VIEWED_TOOL));
      for (const t of tools) {
        assert.equal(t._meta?.ui, undefined, t.name);
        assert.equal(t._meta?.[RESOURCE_URI_META_KEY], undefined, t.name);
      }
      for (const [method, params] of [["resources/list", {}], ["resources/read", { uri: VIEW_URI }]]) {
        await assert.rejects(client.request({ method, params }, ReadResourceResultSchema),
          (e) => e.code === -32601, `${method} is not served`);
      }
    });
  }
});
