#!/usr/bin/env bash
# Builds the .mcpb bundle (Claude Desktop) from prebuilt clinic-mcp binaries, with the official
# tool: `mcpb validate` on the manifest, `mcpb pack`, then the bundle's SHA-256 written into a
# server.json's mcpb package (fileSha256). The release workflow calls it with all three platforms;
# .ci/run with the Linux binary it built.
#
#   packaging/build-mcpb.sh --out DIR [--linux BIN] [--darwin BIN] [--win32 BIN.exe] [--server-json FILE]
#
# Prints the bundle's path on the last line. The manifest is packaging/mcpb/manifest.json with
# `compatibility.platforms` (and the platform overrides) cut to the binaries given.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

out="" linux="" darwin="" win32="" server_json=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --linux) linux="$2"; shift 2 ;;
    --darwin) darwin="$2"; shift 2 ;;
    --win32) win32="$2"; shift 2 ;;
    --server-json) server_json="$2"; shift 2 ;;
    *) echo "build-mcpb.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "build-mcpb.sh: --out DIR is required" >&2; exit 2; }
[ -n "$linux$darwin$win32" ] || { echo "build-mcpb.sh: give at least one binary" >&2; exit 2; }

# shellcheck source=packaging/node-tools.sh
source "$root/packaging/node-tools.sh" >&2

version=$(node -p 'require(process.argv[1]).version' "$root/packaging/mcpb/manifest.json")
stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage/server"
platforms=()
put() { mkdir -p "$(dirname "$2")" && cp "$1" "$2" && chmod 0755 "$2"; } # BSD install has no -D
if [ -n "$linux" ]; then put "$linux" "$stage/server/linux/clinic-mcp"; platforms+=(linux); fi
if [ -n "$darwin" ]; then put "$darwin" "$stage/server/darwin/clinic-mcp"; platforms+=(darwin); fi
if [ -n "$win32" ]; then put "$win32" "$stage/server/win32/clinic-mcp.exe"; platforms+=(win32); fi

# The manifest, cut to the platforms present. Linux is the default command; without a Linux
# binary the first platform given becomes the default.
node - "$root/packaging/mcpb/manifest.json" "$stage/manifest.json" "${platforms[@]}" <<'JS'
const fs = require("fs");
const [src, dst, ...present] = process.argv.slice(2);
const m = JSON.parse(fs.readFileSync(src, "utf8"));
const path = { linux: "server/linux/clinic-mcp", darwin: "server/darwin/clinic-mcp", win32: "server/win32/clinic-mcp.exe" };
const main = present.includes("linux") ? "linux" : present[0];
m.compatibility.platforms = m.compatibility.platforms.filter((p) => present.includes(p));
m.server.entry_point = path[main];
m.server.mcp_config.command = "${__dirname}/" + path[main];
const over = m.server.mcp_config.platform_overrides || {};
for (const p of Object.keys(over)) if (!present.includes(p) || p === main) delete over[p];
for (const p of present) if (p !== main) over[p] = { command: "${__dirname}/" + path[p] };
m.server.mcp_config.platform_overrides = over;
fs.writeFileSync(dst, JSON.stringify(m, null, 2) + "\n");
JS

mcpb validate "$stage/manifest.json" >&2
bundle="$out/clinic-mcp-$version.mcpb"
rm -f "$bundle"
mcpb pack "$stage" "$bundle" >&2
mcpb info "$bundle" >&2
sha=$(node -e 'const c=require("crypto");console.log(c.createHash("sha256").update(require("fs").readFileSync(process.argv[1])).digest("hex"))' "$bundle")
echo "bundle: $bundle ($(wc -c < "$bundle" | tr -d ' ') bytes, sha256 $sha, platforms: ${platforms[*]})" >&2

if [ -n "$server_json" ]; then
  node - "$server_json" "$sha" "$version" <<'JS'
const fs = require("fs");
const [file, sha, version] = process.argv.slice(2);
const doc = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = (doc.packages || []).filter((p) => p.registryType === "mcpb");
if (pkgs.length !== 1) { console.error(`${file}: expected one mcpb package, found ${pkgs.length}`); process.exit(1); }
if (pkgs[0].version !== version) { console.error(`${file}: mcpb package version ${pkgs[0].version} is not the bundle's ${version}`); process.exit(1); }
pkgs[0].fileSha256 = sha;
fs.writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
console.error(`${file}: mcpb fileSha256 = ${sha}`);
JS
fi
echo "$bundle"
