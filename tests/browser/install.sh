#!/usr/bin/env bash
# Installs Debian's headless Chromium for the slot picker's browser tests (issue 31), if missing.
# Runs as root (CI) or with sudo; the machine reaches only the Debian, npm, PyPI and crates.io
# registries, which is all this needs.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  /usr/bin/chromium --version
  exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
