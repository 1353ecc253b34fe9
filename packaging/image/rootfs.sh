#!/usr/bin/env bash
# Lays out the container image's whole root file system in DEST: the clinic-mcp binary, a CA
# bundle, a numeric non-root user (65532, as distroless's "nonroot"), /etc/hosts and
# /etc/nsswitch.conf so that `localhost` resolves from files, and an empty /tmp. No shell, no
# package manager. The Dockerfile's build stage runs it and copies DEST into `FROM scratch`;
# .ci/run runs it on the binary it built and packs DEST into an OCI image with umoci.
#
#   packaging/image/rootfs.sh DEST BINARY [CA_BUNDLE]
#
# A binary that is not statically linked gets the shared libraries `ldd` names, and their loader,
# copied next to it (what distroless/cc ships); the script says so on stderr.
set -euo pipefail
dest="$1" bin="$2" ca="${3:-/etc/ssl/certs/ca-certificates.crt}"
[ -f "$bin" ] || { echo "rootfs.sh: no binary at $bin" >&2; exit 2; }
[ -f "$ca" ] || { echo "rootfs.sh: no CA bundle at $ca" >&2; exit 2; }

rm -rf "$dest"
install -d -m 0755 "$dest" "$dest/etc" "$dest/etc/ssl" "$dest/etc/ssl/certs" "$dest/usr" \
  "$dest/usr/local" "$dest/usr/local/bin"
install -d -m 1777 "$dest/tmp"
install -d -m 0700 -o 65532 -g 65532 "$dest/home" "$dest/home/nonroot" 2>/dev/null \
  || install -d -m 0700 "$dest/home" "$dest/home/nonroot"
chmod 0755 "$dest/home"
install -m 0755 "$bin" "$dest/usr/local/bin/clinic-mcp"
install -m 0644 "$ca" "$dest/etc/ssl/certs/ca-certificates.crt"
printf '%s\n' 'root:x:0:0:root:/root:/sbin/nologin' \
  'nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin' > "$dest/etc/passwd"
printf '%s\n' 'root:x:0:' 'nonroot:x:65532:' > "$dest/etc/group"
printf '%s\n' '127.0.0.1 localhost' '::1 localhost ip6-localhost ip6-loopback' > "$dest/etc/hosts"
printf '%s\n' 'hosts: files dns' > "$dest/etc/nsswitch.conf"
chmod 0644 "$dest/etc/passwd" "$dest/etc/group" "$dest/etc/hosts" "$dest/etc/nsswitch.conf"

if readelf -lW "$bin" | grep -q 'Requesting program interpreter'; then
  echo "rootfs.sh: $bin is dynamically linked: copying the libraries it needs" >&2
  ldd "$bin" | grep -oE '/[^ ]+' | sort -u | while read -r lib; do
    install -D -m 0755 "$lib" "$dest$lib"
    echo "  $lib" >&2
  done
fi
