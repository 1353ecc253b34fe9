#!/usr/bin/env bash
# Packs a root file system made by rootfs.sh into an OCI image layout with umoci (no daemon, no
# registry, no base image: the same as the Dockerfile's `FROM scratch` stage), with the final
# stage's LABEL, USER, ENTRYPOINT and CMD read from the Dockerfile, so the two cannot drift.
#
#   packaging/image/build-oci.sh LAYOUT_DIR ROOTFS TAG
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
layout="$1" rootfs="$2" tag="$3"
command -v umoci >/dev/null || { echo "build-oci.sh: umoci is not installed" >&2; exit 2; }

# The final stage: everything after the last FROM.
final=$(awk '/^FROM /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' "$root/Dockerfile")
config=(--clear=config.env --clear=config.labels --config.workingdir=/)
while IFS= read -r line; do
  case "$line" in
    LABEL\ *)
      kv="${line#LABEL }"
      key="${kv%%=*}" value="${kv#*=}"
      value="${value#\"}" value="${value%\"}"
      config+=("--config.label=$key=$value") ;;
    USER\ *) config+=("--config.user=${line#USER }") ;;
    ENTRYPOINT\ *)
      while IFS= read -r a; do config+=("--config.entrypoint=$a"); done \
        < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "${line#ENTRYPOINT }") ;;
    CMD\ *)
      while IFS= read -r a; do config+=("--config.cmd=$a"); done \
        < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "${line#CMD }") ;;
  esac
done <<< "$final"

rm -rf "$layout" "$layout.bundle"
umoci init --layout "$layout"
umoci new --image "$layout:$tag"
umoci unpack --image "$layout:$tag" "$layout.bundle" >/dev/null
cp -a "$rootfs/." "$layout.bundle/rootfs/"
umoci repack --image "$layout:$tag" "$layout.bundle"
umoci config --image "$layout:$tag" "${config[@]}"
umoci gc --layout "$layout"
rm -rf "$layout.bundle"
echo "image $layout:$tag: ${#config[@]} config settings from the Dockerfile's final stage" >&2
