#!/usr/bin/env bash
# The slot picker's browser tests (issue 31): Debian's Chromium (installed if missing), the pinned
# npm packages (package-lock.json: playwright-core, the ext-apps SDK, the MCP SDK, axe-core), the
# two binaries the tests start (the server, and the stand-in API with the tests' clock and names),
# then `node --test`. Prints its time. Screenshots go to target/browser/ (the reviewed ones are
# docs/slot-picker-*.png).
set -euo pipefail
cd "$(dirname "$0")"
t=$SECONDS
bash install.sh
echo "(chromium: $((SECONDS - t)) s)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || { echo "node $(node --version): 20 or newer needed"; exit 1; }
# npm ci only when the lock file changed since the last install here
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
echo "(npm: $((SECONDS - t)) s)"
(cd ../.. && cargo build -j"${CARGO_BUILD_JOBS:-2}" --locked -q -p clinic-mcp --bin clinic-mcp -p clinic-mcp-tests --bin browser-standin)
echo "(build: $((SECONDS - t)) s)"
node --test --test-concurrency=1 test/
echo "(browser tests: $((SECONDS - t)) s)"
