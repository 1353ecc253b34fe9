#!/usr/bin/env bash
# Install the Python MCP SDK (tests/python/requirements.txt) into
# target/python-venv, for the outside-client tests (confirm_client.py).
#
# Idempotent: when the venv exists, its stamp matches the requirements file and
# the pinned mcp is installed, nothing is done (~0.1 s; the stamp is written only
# after a full `import mcp` succeeded, so the fast path skips that 0.7 s import). Progress goes to
# stderr; the last (and only) line on stdout is the venv's python, so callers can
# do:  PY="$(bash tests/python/install.sh | tail -n1)"
#
# Environment: PYTHON picks the interpreter for a new venv (default: python3.11
# if present, else python3; it must be CPython >= 3.10).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$(pwd -P)"
VENV="$ROOT/target/python-venv"
REQ="$ROOT/tests/python/requirements.txt"
STAMP="$VENV/.requirements.sha256"
PY="$VENV/bin/python"

log() { printf 'install.sh: %s\n' "$*" >&2; }

want_hash="$(sha256sum "$REQ" | cut -d' ' -f1)"
want_mcp="$(sed -n 's/^mcp==\([^[:space:]#]*\).*/\1/p' "$REQ" | head -n1)"
[ -n "$want_mcp" ] || { log "no 'mcp==X.Y.Z' pin in $REQ"; exit 1; }

is_current() {
    [ -x "$PY" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want_hash" ] &&
        "$PY" -c 'import sys, importlib.util as u, importlib.metadata as m
sys.exit(u.find_spec("mcp") is None or m.version("mcp") != sys.argv[1])' "$want_mcp" 2>/dev/null
}

if is_current; then
    printf '%s\n' "$PY"
    exit 0
fi

mkdir -p "$ROOT/target"
# Serialise concurrent installs (e.g. several tests calling this at once).
if command -v flock >/dev/null 2>&1; then
    exec 9>"$ROOT/target/python-venv.lock"
    flock 9
    if is_current; then # another process finished it while we waited
        printf '%s\n' "$PY"
        exit 0
    fi
fi

# A venv whose interpreter no longer runs (e.g. the base python moved) is rebuilt.
if [ -e "$VENV" ] && ! "$PY" -c 'import sys' >/dev/null 2>&1; then
    log "removing broken venv $VENV"
    rm -rf "$VENV"
fi

if [ ! -x "$PY" ]; then
    base="${PYTHON:-}"
    if [ -z "$base" ]; then
        if command -v python3.11 >/dev/null 2>&1; then base=python3.11; else base=python3; fi
    fi
    "$base" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
        { log "$base is older than Python 3.10 (mcp needs >= 3.10)"; exit 1; }
    log "creating venv $VENV with $base"
    "$base" -m venv "$VENV"
fi

log "installing $REQ (mcp==$want_mcp)"
rm -f "$STAMP"
"$PY" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQ" >&2
"$PY" -c 'import sys, importlib.metadata as m, mcp
v = m.version("mcp")
sys.exit(0 if v == sys.argv[1] else "installed mcp %s, wanted %s" % (v, sys.argv[1]))' "$want_mcp"
printf '%s\n' "$want_hash" >"$STAMP"
printf '%s\n' "$PY"
