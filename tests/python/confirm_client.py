#!/usr/bin/env python3
"""Outside-client elicitation check, using the official MCP Python SDK (`mcp`).

Usage:
    confirm_client.py --answer {accept,accept-false,decline,cancel,none}
                      --tool NAME [--args JSON] [--no-elicitation]
                      [--mode {legacy,modern}] -- SERVER_CMD [SERVER_ARGS...]

Starts SERVER_CMD over stdio (the whole environment is passed through; the
server's stderr goes to ours), initializes, lists tools, calls NAME with the
JSON object ARGS, and prints ONE JSON object on stdout:

    {"protocolVersion": "...", "tools": [names],
     "elicitations": [{"message": ..., "requestedSchema": ..., "mode"?: ...}, ...],
     "result": {"isError": bool, "structuredContent": ..., "text": [text blocks]}}

or, when the call (or the handshake) raised an MCP error:

    {"error": "<message>", "code": <int>, "protocolVersion"?, "tools"?, "elicitations"}

and exits 0 in both cases. Anything else (server failed to start, bad CLI) is a
traceback / usage message on stderr with a non-zero exit.

Elicitation answers (--answer): the callback records the request, then
  accept        -> action "accept", content {<the one boolean property>: true}
  accept-false  -> the same with false
  decline       -> action "decline"
  cancel        -> action "cancel"
  none          -> never answers (sleeps an hour)
An elicitation entry gets "mode" only if the server sent it, and "clientError"
if --answer accept* could not find exactly one boolean property (the request
is then answered with a JSON-RPC error).

--no-elicitation passes no elicitation_callback: mcp's ClientSession declares
the `elicitation` capability only when a callback is given
(ClientSession._build_capabilities), so the client then advertises none.

--mode legacy (default) uses the `initialize` handshake, which this SDK offers
at its newest handshake-era version (2025-11-25). --mode modern uses
`server/discover` and the 2026-07-28 per-request envelope; the SDK's
ClientSession then returns `input_required` results, which this script resolves
(through the same callback) and retries, as mcp.client.Client does. The output
then also has "inputRequiredRounds".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import anyio
import mcp.types as types
from mcp.client._input_required import run_input_required_driver
from mcp.client.session import ClientRequestContext, ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

ANSWERS = ("accept", "accept-false", "decline", "cancel", "none")


def parse_cli(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="confirm_client.py",
        usage="%(prog)s --answer {" + ",".join(ANSWERS) + "} --tool NAME [--args JSON] "
        "[--no-elicitation] [--mode {legacy,modern}] -- SERVER_CMD [SERVER_ARGS...]",
    )
    parser.add_argument("--answer", required=True, choices=ANSWERS)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--args", default="{}", help="tool arguments, a JSON object")
    parser.add_argument("--no-elicitation", action="store_true")
    parser.add_argument("--mode", choices=("legacy", "modern"), default="legacy")
    if "--" not in argv:
        parser.error("missing '-- SERVER_CMD [SERVER_ARGS...]'")
    cut = argv.index("--")
    opts = parser.parse_args(argv[:cut])
    server = argv[cut + 1 :]
    if not server:
        parser.error("missing SERVER_CMD after '--'")
    try:
        opts.args = json.loads(opts.args)
    except json.JSONDecodeError as e:
        parser.error(f"--args is not JSON: {e}")
    if not isinstance(opts.args, dict):
        parser.error("--args must be a JSON object")
    return opts, server


def one_boolean_property(schema: dict[str, Any]) -> str | None:
    props = schema.get("properties") or {}
    names = [k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "boolean"]
    return names[0] if len(names) == 1 else None


def make_elicitation_callback(answer: str, record: list[dict[str, Any]]):
    async def callback(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        wire = params.model_dump(by_alias=True, mode="json", exclude_none=True)
        entry: dict[str, Any] = {"message": wire.get("message"), "requestedSchema": wire.get("requestedSchema")}
        if "mode" in params.model_fields_set:
            entry["mode"] = wire.get("mode")
        if "url" in wire:
            entry["url"] = wire["url"]
        record.append(entry)

        if answer == "none":
            await anyio.sleep(3600)
            return types.ElicitResult(action="cancel")
        if answer in ("decline", "cancel"):
            return types.ElicitResult(action=answer)
        name = one_boolean_property(entry["requestedSchema"] or {})
        if name is None:
            entry["clientError"] = "requestedSchema does not have exactly one boolean property"
            return types.ErrorData(code=types.INVALID_PARAMS, message=entry["clientError"])
        return types.ElicitResult(action="accept", content={name: answer == "accept"})

    return callback


def result_json(result: types.CallToolResult) -> dict[str, Any]:
    return {
        "isError": bool(result.is_error),
        "structuredContent": result.structured_content,
        "text": [block.text for block in result.content if isinstance(block, types.TextContent)],
    }


async def run(opts: argparse.Namespace, server: list[str]) -> dict[str, Any]:
    elicitations: list[dict[str, Any]] = []
    out: dict[str, Any] = {}
    params = StdioServerParameters(command=server[0], args=server[1:], env=dict(os.environ))
    callback = None if opts.no_elicitation else make_elicitation_callback(opts.answer, elicitations)

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=callback) as session:
            try:
                if opts.mode == "legacy":
                    await session.initialize()
                else:
                    await session.discover()
                out["protocolVersion"] = session.protocol_version
                out["tools"] = [t.name for t in (await session.list_tools()).tools]

                rounds = 0

                async def call(responses: types.InputResponses | None, state: str | None):
                    return await session.call_tool(
                        opts.tool,
                        opts.args,
                        input_responses=responses,
                        request_state=state,
                        allow_input_required=True,
                    )

                async def retry(responses: types.InputResponses | None, state: str | None):
                    nonlocal rounds
                    rounds += 1
                    return await call(responses, state)

                async def dispatch(key: str, req: types.InputRequest):
                    ctx = ClientRequestContext(
                        session=session, request_id=key, meta=req.params.meta if req.params else None
                    )
                    return await session.dispatch_input_request(ctx, req)

                result = await call(None, None)
                if isinstance(result, types.InputRequiredResult):
                    result = await run_input_required_driver(result, dispatch=dispatch, retry=retry)
                out["elicitations"] = elicitations
                out["result"] = result_json(result)
                if opts.mode == "modern":
                    out["inputRequiredRounds"] = rounds
            except MCPError as e:
                out = {"error": e.error.message, "code": e.error.code, **out, "elicitations": elicitations}
    return out


def main() -> int:
    opts, server = parse_cli(sys.argv[1:])
    out = anyio.run(run, opts, server)
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
