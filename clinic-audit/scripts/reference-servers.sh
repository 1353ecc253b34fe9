#!/usr/bin/env bash
# Audit the published reference MCP servers with clinic-audit, for docs/AUDIT.md.
#
#   bash clinic-audit/scripts/reference-servers.sh [WORKDIR]
#
# Needs Node (npm) and Python 3 (venv, pip), and the package registries; CI does not run it.
# Installs, into WORKDIR (default: a new temporary directory):
#   npm:  @modelcontextprotocol/server-everything, @modelcontextprotocol/server-filesystem
#   PyPI: mcp-server-time, mcp-server-fetch (in a virtual environment)
# then runs `clinic-audit run` (plain, then --strict) on each, prints the text report and writes
# WORKDIR/<server>.json (plain, JSON), WORKDIR/<server>.sarif and WORKDIR/<server>.pin.json.
# Exit code: 0 when every server could be audited (whatever it found).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
cd "$work"

echo "== installing into $work"
npm install --silent --no-audit --no-fund \
  @modelcontextprotocol/server-everything @modelcontextprotocol/server-filesystem >/dev/null
python3 -m venv venv
venv/bin/pip install --quiet mcp-server-time mcp-server-fetch
mkdir -p sandbox
npm ls --depth=0 2>/dev/null | grep -E 'server-(everything|filesystem)' || true
venv/bin/pip list 2>/dev/null | grep -E '^mcp-server-(time|fetch) ' || true

cargo build --quiet --manifest-path "$root/Cargo.toml" -p clinic-audit --bin clinic-audit
audit="$root/target/debug/clinic-audit"

declare -A servers=(
  [everything]="node $work/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio"
  [filesystem]="node $work/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js $work/sandbox"
  [time]="$work/venv/bin/mcp-server-time --local-timezone UTC"
  [fetch]="$work/venv/bin/mcp-server-fetch"
)
failed=0
for name in everything filesystem time fetch; do
  # shellcheck disable=SC2086 # the command is split into words on purpose
  set -- ${servers[$name]}
  echo
  echo "== $name: $*"
  code=0
  "$audit" run --pin "$name.pin.json" -- "$@" || code=$?
  echo "-- exit $code (plain)"
  [ "$code" -le 1 ] || failed=1
  "$audit" run --format json -- "$@" >"$name.json" || true
  "$audit" run --format sarif -- "$@" >"$name.sarif" || true
  code=0
  "$audit" run --strict -- "$@" >"$name.strict.txt" || code=$?
  echo "-- exit $code (--strict): $(tail -n 1 "$name.strict.txt")"
done
exit "$failed"
