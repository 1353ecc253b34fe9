#!/usr/bin/env bash
# Checks the OCI image build-oci.sh made, unpacked the way a runtime unpacks it (umoci unpack: its
# root file system and its runtime configuration):
#   - its configuration: a numeric non-root user, the entry point, the labels the registry reads;
#   - its root holds nothing but what rootfs.sh lays out (no shell), and the binary is static;
#   - the binary runs in that root alone (chroot, empty environment) as the image's user:
#     `--version`, `tools --demo`, and a call to a stand-in API reached by the name `localhost`
#     through the image's own /etc/hosts (and, as a control, not without it);
# Not with podman: Debian's podman installs here, but its runtime (crun) cannot start a container
# in this VM (`setrlimit RLIMIT_NOFILE`/`RLIMIT_NPROC`: operation not permitted); chroot stands in.
# Prints the image's size (compressed layers, and unpacked).
#
#   packaging/image/check.sh LAYOUT_DIR TAG
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
layout="$1" tag="$2"
cd "$root"
work="$layout.check"
rm -rf "$work"
mkdir -p "$work"
fail() { echo "image check FAILED: $*" >&2; exit 1; }

umoci unpack --image "$layout:$tag" "$work/bundle" >/dev/null
rootfs="$work/bundle/rootfs"

# The image's configuration (the config blob the index points at) and the runtime's view of it.
node - "$layout" "$work/bundle/config.json" "$tag" <<'JS' || fail "configuration"
const fs = require("fs"), path = require("path");
const [layout, runtimePath, tag] = process.argv.slice(2);
const blob = (d) => JSON.parse(fs.readFileSync(path.join(layout, "blobs", ...d.split(":")), "utf8"));
const index = JSON.parse(fs.readFileSync(path.join(layout, "index.json"), "utf8"));
const entry = index.manifests.find((m) => m.annotations?.["org.opencontainers.image.ref.name"] === tag);
const manifest = blob(entry.digest);
const config = blob(manifest.config.digest).config;
const runtime = JSON.parse(fs.readFileSync(runtimePath, "utf8"));
const problems = [];
const uid = runtime.process.user.uid, gid = runtime.process.user.gid;
if (!(uid > 0) || !(gid > 0)) problems.push(`runs as ${uid}:${gid}`);
if (!/^\d+:\d+$/.test(config.User)) problems.push(`User ${config.User} is not numeric uid:gid`);
const args = runtime.process.args.join(" ");
if (args !== "/usr/local/bin/clinic-mcp serve") problems.push(`runs "${args}"`);
const labels = config.Labels || {};
for (const l of ["io.modelcontextprotocol.server.name", "org.opencontainers.image.source",
  "org.opencontainers.image.version", "org.opencontainers.image.licenses"]) {
  if (!labels[l]) problems.push(`no label ${l}`);
}
const server = JSON.parse(fs.readFileSync("server.json", "utf8"));
if (labels["io.modelcontextprotocol.server.name"] !== server.name) problems.push("the server name label is not server.json's name");
const layers = manifest.layers.reduce((n, l) => n + l.size, 0);
console.log(`config: user ${config.User} (runtime uid ${uid}, gid ${gid}), entry point "${args}", ${Object.keys(labels).length} labels, io.modelcontextprotocol.server.name=${labels["io.modelcontextprotocol.server.name"]}`);
console.log(`size: ${manifest.layers.length} layer(s), ${layers} bytes compressed (${(layers / 1048576).toFixed(1)} MiB)`);
if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
JS
echo "size: $(du -sb "$rootfs" | cut -f1) bytes unpacked ($(du -sh "$rootfs" | cut -f1))"

# Nothing but the layout of rootfs.sh.
listing=$(cd "$rootfs" && find . -mindepth 1 | sort | tr '\n' ' ')
expected="./etc ./etc/group ./etc/hosts ./etc/nsswitch.conf ./etc/passwd ./etc/ssl ./etc/ssl/certs ./etc/ssl/certs/ca-certificates.crt ./home ./home/nonroot ./tmp ./usr ./usr/local ./usr/local/bin ./usr/local/bin/clinic-mcp "
[ "$listing" = "$expected" ] || fail "the root holds: $listing"
echo "root: $(echo "$listing" | wc -w) entries, no shell"
if readelf -lW "$rootfs/usr/local/bin/clinic-mcp" | grep -q 'Requesting program interpreter'; then
  fail "the binary asks for a dynamic loader"
fi
echo "binary: static (no program interpreter)"

# In the image's root alone, as its user, with an empty environment.
uid=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1])).process.user.uid' "$work/bundle/config.json")
gid=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1])).process.user.gid' "$work/bundle/config.json")
chroot_bin=$(command -v chroot)
inimage() { env -i "$chroot_bin" --userspec="$uid:$gid" "$rootfs" /usr/local/bin/clinic-mcp "$@"; }
[ "$(env -i "$chroot_bin" --userspec="$uid:$gid" "$rootfs" /usr/local/bin/clinic-mcp --version)" = "clinic-mcp $(node -p 'require("./server.json").version')" ] \
  || fail "--version"
echo "chroot as $uid:$gid: $(inimage --version)"
tools=$(inimage tools --demo 2>/dev/null) || fail "tools --demo"
echo "chroot as $uid:$gid: tools --demo lists $(printf '%s' "$tools" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log((v.tools||v).length)})') tools"

# A stand-in API on the host's loopback (the same binary, outside the image), reached from inside
# by the name localhost: the lookup is the static glibc's, through the image's own /etc/hosts.
api_log="$work/api.log"
"$rootfs/usr/local/bin/clinic-mcp" api --port 0 > "$api_log" 2>&1 &
api_pid=$!
trap 'kill "$api_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q 'listening on' "$api_log" && break; sleep 0.1; done
port=$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+' "$api_log" | grep -oE '[0-9]+$') || fail "the stand-in API did not start: $(cat "$api_log")"
out=$(inimage --base-url "http://localhost:$port/api/v1" --role none call list_doctors 2>&1) \
  || fail "call list_doctors through http://localhost:$port from the image: $out"
printf '%s' "$out" | grep -q '"doctors"' || fail "list_doctors answered: $out"
echo "chroot as $uid:$gid: list_doctors from http://localhost:$port/api/v1 (the image's /etc/hosts) answered"
cp "$rootfs/etc/hosts" "$work/hosts" && : > "$rootfs/etc/hosts"
if inimage --base-url "http://localhost:$port/api/v1" --role none call list_doctors >/dev/null 2>&1; then
  cp "$work/hosts" "$rootfs/etc/hosts"
  fail "localhost resolved without the image's /etc/hosts: the lookup did not go through it"
fi
cp "$work/hosts" "$rootfs/etc/hosts"
echo "control: with the image's /etc/hosts emptied the same call fails"
kill "$api_pid" 2>/dev/null || true
trap - EXIT

rm -rf "$work"
