#!/usr/bin/env python3
"""Write clinic-mcp/hot-functions.txt: the functions a release `clinic-mcp serve` runs.

Usage: python3 bench/hot-functions.py [--check]

Builds the release binary with its symbols twice, with the demo and without it
(`--no-default-features`, whose own functions carry other names), in target/hot-functions (the
names are the release build's: only the final link keeps its symbol table). Starts the stand-in
API from the first, and runs each binary's `serve` under `valgrind --tool=callgrind` twice
(profiles readonly and full, a patient's token): initialize, tools/list, the read-only tools, an
invented tool and bad arguments. Every function of either binary that ran is written to the file,
one mangled name per line, sorted. clinic-mcp/build.rs hands the file to the linker, which places
those functions side by side (names of the other build are not found there, and skipped).

Run it again after a dependency or toolchain upgrade, or a change to the serving path: a stale
file still links, it only lays out less of the code. --check writes nothing and says how much
of the current file still names functions of the binary.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from mcp_session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_DIR = os.path.join(ROOT, "target", "hot-functions")
# Each build is copied out of cargo's output, which the next build overwrites.
BUILDS = {"demo": [], "no-demo": ["--no-default-features"]}
OUT = os.path.join(ROOT, "clinic-mcp", "hot-functions.txt")
HEADER = """\
# Written by bench/hot-functions.py (do not edit): the functions a release `clinic-mcp serve` runs
# from its start to answering calls, placed side by side by the linker (clinic-mcp/build.rs).
"""


def build():
    """Both builds, by name: the path of each binary."""
    env = dict(os.environ, CLINIC_MCP_LINK_ORDER="off")
    binaries = {}
    for name, features in BUILDS.items():
        subprocess.run(
            ["cargo", "rustc", "-p", "clinic-mcp", "--bin", "clinic-mcp", "--release", "--locked",
             "--target-dir", TARGET_DIR, *features, "--", "-C", "strip=none"],
            cwd=ROOT, env=env, check=True)
        binaries[name] = os.path.join(TARGET_DIR, f"clinic-mcp-{name}")
        shutil.copyfile(os.path.join(TARGET_DIR, "release", "clinic-mcp"), binaries[name])
        os.chmod(binaries[name], 0o755)
    return binaries


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


def ran(profile_file):
    names = set()
    with open(profile_file) as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if m:
                names.add(m.group(1))
    return names


def main():
    check = "--check" in sys.argv[1:]
    binaries = build()
    known = {name: functions(binary) for name, binary in binaries.items()}
    if check:
        with open(OUT) as f:
            listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        for name, names in known.items():
            found = sum(1 for n in listed if n in names)
            print(f"{found} of {len(listed)} names in {os.path.relpath(OUT, ROOT)} are "
                  f"functions of the release binary ({name})")
        return
    port = free_port()
    api = subprocess.Popen([binaries["demo"], "api", "--port", str(port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if api.poll() is not None:
                    sys.exit("the stand-in API exited")
                time.sleep(0.1)
        else:
            sys.exit(f"the stand-in API is not listening on port {port}")
        base_url = f"http://127.0.0.1:{port}/api/v1"
        hot = set()
        with tempfile.TemporaryDirectory() as tmp:
            for name, binary in binaries.items():
                for profile in ("readonly", "full"):
                    out = os.path.join(tmp, f"callgrind.{name}.{profile}")
                    drive(binary, base_url, profile, out)
                    hot |= ran(out) & known[name]
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
