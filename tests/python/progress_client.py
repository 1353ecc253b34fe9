#!/usr/bin/env python3
"""Outside-client progress check, using the official MCP Python SDK (`mcp`).

Usage:
    progress_client.py --tool NAME [--args JSON] -- SERVER_CMD [SERVER_ARGS...]

Starts SERVER_CMD over stdio (the whole environment is passed through; the
server's stderr goes to ours), initializes, and calls NAME with the JSON object
ARGS twice: first with a `progress_callback` (the SDK then puts a progressToken
in the request's `_meta`), then without one (no token). Prints ONE JSON object
on stdout:

    {"withToken": {"result": {...}, "progress": [[progress, total, message], ...]},
     "withoutToken": {"result": {...}, "progress": [...]}}

where "progress" of the first call is what its callback got, in order, and of
the second every `notifications/progress` the session's message handler saw
while that call ran (there should be none). Exits 0; anything else (server
failed to start, bad CLI, an MCP error) is a traceback on stderr with a
non-zero exit.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import anyio
import mcp.types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def parse_cli(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="progress_client.py",
        usage="%(prog)s --tool NAME [--args JSON] -- SERVER_CMD [SERVER_ARGS...]",
    )
    parser.add_argument("--tool", required=True)
    parser.add_argument("--args", default="{}", help="tool arguments, a JSON object")
    if "--" not in argv:
        parser.error("missing '-- SERVER_CMD [SERVER_ARGS...]'")
    cut = argv.index("--")
    opts = parser.parse_args(argv[:cut])
    server = argv[cut + 1 :]
    if not server:
        parser.error("missing SERVER_CMD after '--'")
    opts.args = json.loads(opts.args)
    if not isinstance(opts.args, dict):
        parser.error("--args must be a JSON object")
    return opts, server


def result_json(result: types.CallToolResult) -> dict[str, Any]:
    return {"isError": bool(result.is_error), "structuredContent": result.structured_content}


async def run(opts: argparse.Namespace, server: list[str]) -> dict[str, Any]:
    params = StdioServerParameters(command=server[0], args=server[1:], env=dict(os.environ))
    # Every progress notification the session reads, whoever it is for.
    unsolicited: list[list[Any]] = []

    async def message_handler(message: Any) -> None:
        root = getattr(message, "root", message)
        if isinstance(root, types.ProgressNotification):
            p = root.params
            unsolicited.append([p.progress, p.total, p.message])
        await anyio.lowlevel.checkpoint()

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, message_handler=message_handler) as session:
            await session.initialize()
            seen: list[list[Any]] = []

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                seen.append([progress, total, message])

            with_token = await session.call_tool(opts.tool, opts.args, progress_callback=on_progress)
            # The last notification is written before the answer, but a callback may run after
            # the answer is read: give the session a moment to deliver what it holds.
            with anyio.move_on_after(5):
                while not seen or seen[-1][0] != seen[-1][1]:
                    await anyio.sleep(0.01)
            before = len(unsolicited)
            without_token = await session.call_tool(opts.tool, opts.args)
            return {
                "withToken": {"result": result_json(with_token), "progress": seen},
                "withoutToken": {"result": result_json(without_token), "progress": unsolicited[before:]},
            }


def main() -> int:
    opts, server = parse_cli(sys.argv[1:])
    out = anyio.run(run, opts, server)
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
