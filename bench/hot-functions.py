#!/usr/bin/env python3
"""Write clinic-mcp/hot-functions.txt: the functions a release `clinic-mcp serve` runs.

Usage:
  python3 bench/hot-functions.py [--binary PATH]   write the file
  python3 bench/hot-functions.py --check-map MAP   check the file against a release link's map

The names are the shipped build's: the release binary as .ci/run and the release workflow build
it (x86_64-unknown-linux-gnu, glibc linked statically, default features), with its symbols kept
(`-C strip=none` on the final crate only, which leaves every crate's symbol names as they are).
--binary uses such a binary instead of building one. The stand-in API is started from it, and its
`serve` runs under `valgrind --tool=callgrind` twice (profiles readonly and full, a patient's
token): initialize, tools/list, the read-only tools, an invented tool and bad arguments; then
`serve --http --demo --demo-without-auth` the same way over Streamable HTTP (the demo's own
stand-in left out). Every function that ran is written to the file, one mangled name per line, sorted. clinic-mcp/build.rs
hands the file to the linker, which places those functions side by side.

A dependency's features or version, a toolchain or a build flag renames symbols, and a stale file
still links, laying out less. So build.rs also has the linker write a map of the release link,
and --check-map (run by .ci/run after its release build) fails when fewer than 90 % of the names
are in it: run this script again then.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from mcp_session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = "x86_64-unknown-linux-gnu"
BUILT = os.path.join(ROOT, "target", "hot-functions")
MIN_FOUND = 0.9
OUT = os.path.join(ROOT, "clinic-mcp", "hot-functions.txt")
HEADER = """\
# Written by bench/hot-functions.py (do not edit): the functions a release `clinic-mcp serve` runs
# from its start to answering calls, placed side by side by the linker (clinic-mcp/build.rs).
"""


def build():
    """The shipped build with its symbols, copied out of cargo's output: its path."""
    env = dict(os.environ, CLINIC_MCP_LINK_ORDER="off",
               RUSTFLAGS="-C target-feature=+crt-static")
    subprocess.run(
        ["cargo", "rustc", "-p", "clinic-mcp", "--bin", "clinic-mcp", "--release", "--locked",
         "--target", TARGET, "--", "-C", "strip=none"],
        cwd=ROOT, env=env, check=True)
    os.makedirs(BUILT, exist_ok=True)
    binary = os.path.join(BUILT, "clinic-mcp")
    shutil.copyfile(os.path.join(ROOT, "target", TARGET, "release", "clinic-mcp"), binary)
    os.chmod(binary, 0o755)
    return binary


def listed():
    with open(OUT) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def check_map(path):
    """How many listed names the release link placed. Its map names every input section, a Rust
    function's by its mangled name (`.text._ZN…`, `.text.unlikely._R…`), and every symbol, a C
    function's as it is (Rust's demangled, so only the section names carry their hashes)."""
    placed = set()
    with open(path, errors="replace") as f:
        for token in re.split(r"[\s():]+", f.read()):
            placed.add(token)
            m = re.search(r"\.(_ZN.*|_R.*)$", token)
            if m:
                placed.add(m.group(1))
    names = listed()
    found = sum(1 for n in names if n in placed)
    print(f"{found} of {len(names)} names in {os.path.relpath(OUT, ROOT)} are functions of the "
          f"release link ({path})")
    if found < MIN_FOUND * len(names):
        sys.exit(f"the release layout is stale (under {MIN_FOUND:.0%}): run "
                 "python3 bench/hot-functions.py and commit clinic-mcp/hot-functions.txt")


def functions(binary):
    """Every function in the binary's symbol table (mangled)."""
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True,
                         check=True).stdout
    return {parts[2] for parts in (line.split() for line in out.splitlines())
            if len(parts) == 3 and parts[1] in "tTwW"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(process, port, seconds, what):
    """Until `process` listens on `port` (10 tries a second), or exit naming `what`."""
    for _ in range(seconds * 10):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None:
                sys.exit(f"{what} exited")
            time.sleep(0.1)
    sys.exit(f"{what} is not listening on port {port}")


def patient_token():
    with open(os.path.join(ROOT, "clinic-standin", "src", "data.rs")) as f:
        m = re.search(r'pub const PATIENT_TOKEN: &str = "([^"]+)"', f.read())
    if not m:
        sys.exit("no PATIENT_TOKEN in clinic-standin/src/data.rs")
    return m.group(1)


def drive(binary, base_url, profile, out):
    env = dict(os.environ, SUT_BASE_URL=base_url, MCP_PROFILE=profile,
               SUT_ACCESS_TOKEN=patient_token())
    session = Session(binary, env, out, ["--demangle=no"])
    session.open("hot-functions")
    calls = [
        ("list_doctors", {}),
        ("list_doctors", {"specialty": "Cardiology"}),
        ("list_specialties", {}),
        ("find_available_slots", {"specialty": "Cardiology"}),
        ("find_available_slots", {"doctor_id": 1, "limit": 3}),
        ("list_my_appointments", {}),
        ("get_appointment", {"appointment_id": 1}),
        ("no_such_tool", {}),
        ("list_doctors", {"specialty": 7}),
    ]
    for i, (name, arguments) in enumerate(calls * 3):
        session.tool(i + 2, name, arguments)
    if session.close() != 0:
        sys.exit(f"valgrind or the server failed, profile {profile}")


def drive_http(binary, out):
    """`serve --http --demo --demo-without-auth` under callgrind: the Streamable HTTP path a
    remote call takes (axum, hyper's server, the transport, the same tools), ended by SIGTERM so
    that it drains and writes its profile."""
    port = free_port()
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--demangle=no",
         binary, "serve", "--http", f"127.0.0.1:{port}", "--demo", "--demo-without-auth"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(server, port, 60, "serve --http under valgrind")
        calls = [
            ("list_doctors", {}),
            ("list_doctors", {"specialty": "Cardiology"}),
            ("list_specialties", {}),
            ("find_available_slots", {"doctor_id": 1, "limit": 3}),
            ("no_such_tool", {}),
            ("list_doctors", {"specialty": 7}),
        ]
        requests = [("tools/list", {})] + [("tools/call", {"name": n, "arguments": a})
                                           for n, a in calls * 3]
        for i, (method, params) in enumerate(requests):
            body = json.dumps({"jsonrpc": "2.0", "id": i + 1, "method": method,
                               "params": params}).encode()
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/mcp", data=body, method="POST",
                headers={"content-type": "application/json",
                         "accept": "application/json, text/event-stream",
                         "mcp-protocol-version": "2025-06-18"})
            with urllib.request.urlopen(request, timeout=120) as answer:
                answer.read()
    finally:
        server.send_signal(signal.SIGTERM)
        if server.wait(timeout=300) != 0:
            sys.exit("serve --http failed under valgrind")


def ran(profile_file):
    names = set()
    with open(profile_file) as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if m:
                names.add(m.group(1))
    return names


def main():
    args = sys.argv[1:]
    if args[:1] == ["--check-map"] and len(args) == 2:
        check_map(args[1])
        return
    binary = args[1] if args[:1] == ["--binary"] and len(args) == 2 else build()
    known = functions(binary)
    port = free_port()
    api = subprocess.Popen([binary, "api", "--port", str(port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(api, port, 10, "the stand-in API")
        base_url = f"http://127.0.0.1:{port}/api/v1"
        hot = set()
        with tempfile.TemporaryDirectory() as tmp:
            for profile in ("readonly", "full"):
                out = os.path.join(tmp, f"callgrind.{profile}")
                drive(binary, base_url, profile, out)
                hot |= ran(out) & known
            # (the demo's in-process stand-in API and authorization server are not the server's
            # path: left to the linker)
            out = os.path.join(tmp, "callgrind.http")
            drive_http(binary, out)
            hot |= {n for n in ran(out) & known if "clinic_standin" not in n}
    finally:
        api.terminate()
        api.wait()
    with open(OUT, "w") as f:
        f.write(HEADER)
        for name in sorted(hot):
            f.write(name + "\n")
    print(f"{len(hot)} functions written to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
