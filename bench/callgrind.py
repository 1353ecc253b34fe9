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
import json
import os
import re
import subprocess
import sys
import tempfile


def run(binary, base_url, n, out_dir):
    out = os.path.join(out_dir, f"callgrind.{n}.out")
    env = dict(os.environ, SUT_BASE_URL=base_url, MCP_PROFILE="readonly")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "serve"]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env)

    def send(message):
        p.stdin.write((json.dumps(message) + "\n").encode())
        p.stdin.flush()

    def answer():
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("the server closed its stdout")
            message = json.loads(line)
            if "id" in message:
                return message

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
          "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                     "clientInfo": {"name": "callgrind", "version": "1"}}})
    answer()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}})
    answer()
    for i in range(n):
        send({"jsonrpc": "2.0", "id": i + 2, "method": "tools/call",
              "params": {"name": "list_doctors", "arguments": {}}})
        reply = answer()
        if "result" not in reply or reply["result"].get("isError"):
            sys.exit(f"call {i} failed: {reply}")
    p.stdin.close()
    p.wait()
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
