#!/usr/bin/env bash
# Makes one release archive: clinic-mcp-VERSION-TARGET/ with clinic-mcp and clinic-audit, the
# pins clinic-audit/pins/ holds for this release's server (so a user can
# `clinic-audit run --verify-pin` the server they installed), the README, docs/AUDIT.md and both
# licence texts; as .tar.gz (.zip for Windows targets), with a .sha256 file beside it. The release
# workflow runs it for every target; .ci/run for the host's, and checks it. The layout is the one
# [package.metadata.binstall] in clinic-mcp/Cargo.toml points at.
#
#   packaging/archive.sh --target TARGET --bin-dir DIR --out DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="" bin_dir="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target="$2"; shift 2 ;;
    --bin-dir) bin_dir="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "archive.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$target" ] && [ -n "$bin_dir" ] && [ -n "$out" ] \
  || { echo "usage: archive.sh --target TARGET --bin-dir DIR --out DIR" >&2; exit 2; }

mkdir -p "$out"
out="$(cd "$out" && pwd)"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
ext=""
case "$target" in *windows*) ext=".exe" ;; esac
name="clinic-mcp-$version-$target"
stage="$out/$name"
rm -rf "$stage"
mkdir -p "$stage/pins"
for bin in clinic-mcp clinic-audit; do
  install -m 0755 "$bin_dir/$bin$ext" "$stage/$bin$ext"
done
install -m 0644 "$root"/clinic-audit/pins/*.json "$stage/pins/"
install -m 0644 "$root/README.md" "$stage/README.md"
install -m 0644 "$root/docs/AUDIT.md" "$stage/AUDIT.md"
install -m 0644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"

cd "$out"
if [ -n "$ext" ]; then
  archive="$name.zip"
  rm -f "$archive"
  if command -v 7z >/dev/null; then 7z a -tzip -bd "$archive" "$name" >/dev/null; else zip -qr "$archive" "$name"; fi
else
  archive="$name.tar.gz"
  # Reproducible given the same files: sorted names, no owners, the commit's time.
  mtime="@${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}"
  tar_cmd=tar
  command -v gtar >/dev/null && tar_cmd=gtar # macOS: GNU tar for --sort
  "$tar_cmd" --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -cf - "$name" \
    | gzip -n -9 > "$archive"
fi
if command -v sha256sum >/dev/null; then sha256sum "$archive"; else shasum -a 256 "$archive"; fi \
  > "$archive.sha256"
rm -rf "$stage"
echo "$out/$archive"
