#!/usr/bin/env python3
"""Instructions per proxied call, counted by callgrind (independent of the machine's load).

Usage: python3 bench/callgrind.py BINARY [BASE_URL]

Runs BINARY `serve` under `valgrind --tool=callgrind` twice, driven like an MCP host
(initialize, tools/list, then N sequential `list_doctors` calls, each awaited) with N = 100 and
N = 600, and prints (total(600) - total(100)) / 500: one call without the start-up, and the
start-up (total(100) less 100 calls). BASE_URL
defaults to a running `clinic-mcp api` on port 3000. Build BINARY with symbols to read the
profiles (docs/PERFORMANCE.md, "Where the time goes").
"""
import os
import re
import sys
import tempfile

from mcp_session import Session


def run(binary, base_url, n, out_dir):
    out = os.path.join(out_dir, f"callgrind.{n}.out")
    env = dict(os.environ, SUT_BASE_URL=base_url, MCP_PROFILE="readonly")
    session = Session(binary, env, out)
    session.open("callgrind")
    for i in range(n):
        reply = session.tool(i + 2, "list_doctors", {})
        if "result" not in reply or reply["result"].get("isError"):
            sys.exit(f"call {i} failed: {reply}")
    session.close()
    with open(out) as f:
        for line in f:
            m = re.match(r"^(?:summary|totals): (\d+)", line)
            if m:
                return int(m.group(1))
    sys.exit(f"no totals in {out}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    base_url = sys.argv[2] if len(sys.argv) > 2 else "http://127.0.0.1:3000/api/v1"
    with tempfile.TemporaryDirectory() as out_dir:
        small = run(binary, base_url, 100, out_dir)
        large = run(binary, base_url, 600, out_dir)
    print(f"start-up and 100 calls: {small:,} instructions")
    print(f"start-up and 600 calls: {large:,} instructions")
    per_call = (large - small) / 500
    print(f"per call: {per_call:,.0f} instructions")
    print(f"start-up (initialize and tools/list): {small - 100 * per_call:,.0f} instructions")


if __name__ == "__main__":
    main()
