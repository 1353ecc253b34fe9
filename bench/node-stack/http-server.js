// Node.js reference stack over Streamable HTTP: the official TypeScript SDK's stateless server, as
// its example simpleStatelessStreamableHttp.ts builds it (createMcpExpressApp: Host validation on
// loopback, express.json; a new McpServer and a new transport with sessionIdGenerator undefined
// per POST), serving the three tools of server.js against SUT_BASE_URL. No auth: the SDK's
// stateless example has none. Answers are plain JSON (enableJsonResponse), as clinic-mcp's are;
// MCP_JSON_RESPONSE=0 answers with an SSE stream, as the example does.
//   PORT=8080 SUT_BASE_URL=http://127.0.0.1:3000/api/v1 node http-server.js
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
const BASE = process.env.SUT_BASE_URL || 'http://127.0.0.1:3000';
const TOKEN = process.env.SUT_ACCESS_TOKEN || '';
const PORT = Number(process.env.PORT || 0);
const JSON_RESPONSE = process.env.MCP_JSON_RESPONSE !== '0';
async function get(path, withAuth) {
  const r = await fetch(BASE + path, { headers: withAuth ? { Authorization: `Bearer ${TOKEN}` } : {} });
  const body = await r.json();
  if (!r.ok) throw new Error(`upstream ${r.status}: ${JSON.stringify(body)}`);
  return body;
}
const text = (v) => ({ content: [{ type: 'text', text: JSON.stringify(v) }] });
const getServer = () => {
  const server = new McpServer({ name: 'standin-clinic-mcp', version: '0.0.0' });
  server.registerTool('list_doctors', { description: 'List doctors', inputSchema: {} }, async () => text(await get('/doctors')));
  server.registerTool('list_specialties', { description: 'List distinct specialties', inputSchema: {} },
    async () => text([...new Set((await get('/doctors')).map((d) => d.specialty))].sort()));
  server.registerTool('list_my_appointments', { description: "Caller's appointments", inputSchema: {} },
    async () => text(await get('/appointments/my', true)));
  return server;
};
const app = createMcpExpressApp();
app.post('/mcp', async (req, res) => {
  const server = getServer();
  try {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: JSON_RESPONSE });
    res.on('close', () => { transport.close(); server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});
const notAllowed = (req, res) => res.writeHead(405).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
app.get('/mcp', notAllowed);
app.delete('/mcp', notAllowed);
const listener = app.listen(PORT, '127.0.0.1', (error) => {
  if (error) { console.error('Failed to start server:', error); process.exit(1); }
  console.error(`standin MCP server (Streamable HTTP, stateless) on http://127.0.0.1:${listener.address().port}/mcp`);
});
