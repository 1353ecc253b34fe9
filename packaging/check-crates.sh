#!/usr/bin/env bash
# `cargo package` for the crates that ship (clinic-mcp, clinic-audit, and the three they need, in
# the order they would be published), then two checks of what was packaged:
#   - each .crate holds only what should ship: its manifest, lock file, sources, build script,
#     the README or AUDIT.md it names, both licence texts and data its sources read (no tests, no
#     fixtures);
#   - the five packaged crates compile on their own: unpacked side by side into a workspace that
#     knows nothing of this one (each internal dependency comes from its packaged crate, as it
#     would from crates.io), `cargo check`ed offline.
# Packaged with --no-verify: cargo's own verification would build each crate's whole dependency
# tree again in debug (minutes on two cores); the `cargo check` above, sharing target/'s
# dependencies, checks the same thing, that the packaged sources compile. The release build
# compiles the very same sources.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
tdir="${CARGO_TARGET_DIR:-$root/target}"
crates=(clinic-policy clinic-tools-macros clinic-standin clinic-mcp clinic-audit)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
args=()
for c in "${crates[@]}"; do args+=(-p "$c"); done
cargo package --locked --no-verify --allow-dirty "${args[@]}" 2>&1 | grep -vE '^warning: ignoring test|Updating crates.io index|Blocking waiting' || true

allowed='Cargo\.toml|Cargo\.toml\.orig|Cargo\.lock|\.cargo_vcs_info\.json|README\.md|LICENSE-MIT|LICENSE-APACHE|AUDIT\.md|build\.rs|hot-functions\.txt|src/.+|ui/[a-z0-9-]+\.html|pins/[a-z0-9-]+\.json'
ws="target/packaging/crates"
rm -rf "$ws"
mkdir -p "$ws"
members=""
for c in "${crates[@]}"; do
  crate="$tdir/package/$c-$version.crate"
  [ -f "$crate" ] || { echo "no $crate" >&2; exit 1; }
  if tar tzf "$crate" | grep -vE "^$c-$version/($allowed)$" | grep -v '/$'; then
    echo "$c: the files above should not ship" >&2; exit 1
  fi
  listing=$(tar tzf "$crate")  # whole: grep -q would stop reading early, and pipefail then fails
  for l in LICENSE-MIT LICENSE-APACHE; do  # the licence the manifest declares, as its text
    grep -qx "$c-$version/$l" <<< "$listing" || { echo "$c: $l does not ship" >&2; exit 1; }
  done
  echo "$c: $(tar tzf "$crate" | wc -l) files, $(wc -c < "$crate") bytes"
  tar xzf "$crate" -C "$ws"
  members+="\"$c-$version\", "
done
{
  echo "[workspace]"
  echo "resolver = \"3\""
  echo "members = [${members%, }]"
  echo "[patch.crates-io]"
  for c in "${crates[@]}"; do echo "$c = { path = \"$c-$version\" }"; done
  # The workspace's profiles, so that dependencies already checked in target/ are reused.
  sed -n '/^\[profile\./,$p' Cargo.toml
} > "$ws/Cargo.toml"
cp Cargo.lock "$ws/Cargo.lock"
(cd "$ws" && cargo check --offline --quiet --all-features --target-dir "$tdir" --workspace)
echo "the packaged crates compile on their own (cargo check --offline, each internal dependency from its .crate)"
