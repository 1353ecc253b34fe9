#!/usr/bin/env bash
# Installs what .ci/run's packaging steps need and this machine lacks, each from its own registry:
# umoci (Debian) and cargo-deny (crates.io, built with --locked, into CARGO_HOME/bin).
#
#   packaging/install-tools.sh umoci|cargo-deny...
set -euo pipefail
CARGO_DENY_VERSION=0.20.2
apt_updated=""
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "install-tools.sh: $1 is missing and only root can install it" >&2; return 1; fi
  [ -n "$apt_updated" ] || { apt-get update -qq >/dev/null; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
for tool in "$@"; do
  case "$tool" in
    umoci) command -v umoci >/dev/null || apt_install umoci ;;
    cargo-deny)
      if [ "$(cargo deny --version 2>/dev/null)" != "cargo-deny $CARGO_DENY_VERSION" ]; then
        cargo install --locked --quiet "cargo-deny@$CARGO_DENY_VERSION"
      fi ;;
    *) echo "install-tools.sh: unknown tool $tool" >&2; exit 2 ;;
  esac
done
