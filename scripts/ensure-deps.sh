#!/bin/sh
# ensure-deps.sh [--cross] - makes sure the Debian packages `make check` needs are
# installed: installs them with apt-get when run as root, otherwise prints the exact
# command and fails.
set -u
pkgs="libcmocka-dev python3-cryptography-vectors"
if [ "${1:-}" = "--cross" ]; then
    pkgs="$pkgs qemu-user gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf \
gcc-powerpc64-linux-gnu gcc-powerpc64le-linux-gnu"
fi
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "make check needs these Debian packages:$missing" >&2
    echo "install them with:  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || exit 1
# shellcheck disable=SC2086
apt-get install -y -qq $missing >/dev/null || exit 1
