#!/bin/sh
# foreign-libcrypto.sh DEBARCH - prints the folder holding Debian's libcrypto.so.3 for
# DEBARCH (arm64, armhf, ppc64el), fetching it first if this tree has none yet.
#
# The package is downloaded with `apt-get download` (no root, nothing installed:
# multiarch libssl3 must match the host's version, which a machine that is behind
# or ahead of the archive cannot satisfy) and unpacked under build/foreign/DEBARCH.
# The cross builds' library tests load it with -variant openssl under qemu-user
# (LD_LIBRARY_PATH) or -lib NAME=PATH.  Exits 1, saying why, when it cannot be had.
set -eu
cd "$(dirname "$0")/.."
arch=${1:?usage: foreign-libcrypto.sh DEBARCH}
case $arch in
arm64) triple=aarch64-linux-gnu ;;
armhf) triple=arm-linux-gnueabihf ;;
ppc64el) triple=powerpc64le-linux-gnu ;;
*) echo "foreign-libcrypto.sh: no Debian libssl3 for '$arch'; give arm64, armhf or ppc64el" >&2
   exit 1 ;;
esac
dest=build/foreign/$arch
dir=$dest/usr/lib/$triple
if [ ! -f "$dir/libcrypto.so.3" ]; then
    mkdir -p "$dest"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    if ! (cd "$tmp" && apt-get download "libssl3:$arch" >/dev/null 2>&1); then
        echo "foreign-libcrypto.sh: apt-get download libssl3:$arch failed (is $arch a dpkg" \
             "architecture here? run: dpkg --add-architecture $arch && apt-get update)" >&2
        exit 1
    fi
    dpkg-deb -x "$tmp"/libssl3_*.deb "$dest"
fi
[ -f "$dir/libcrypto.so.3" ] || { echo "foreign-libcrypto.sh: no libcrypto.so.3 in the $arch package" >&2; exit 1; }
echo "$dir"
