#!/bin/sh
# ensure-deps.sh [--cross] - makes sure the Debian packages `make check` needs are
# installed: installs them with apt-get when run as root, otherwise prints the exact
# commands and fails.
#
# --cross adds what scripts/check-cross.sh needs: qemu-user, the cross compilers,
# llvm-19 (llvm-mca, for the ARMv8 loop check), and cmocka for arm64, armhf and
# ppc64el from Debian multiarch (which also brings those architectures' loader and
# libc, so qemu-user runs the dynamically linked test programs without -L).  Big-endian ppc64 is not a Debian release
# architecture, so there is no cmocka for it; check-cross runs no cmocka program
# there.
set -u
# libssl3 and android-libboringssl: real libcrypto builds the library tests load.
pkgs="libcmocka-dev python3-cryptography-vectors clang libssl3 android-libboringssl"
pkgs="$pkgs chromium" # tests/plot_browser.sh renders plot's SVG in it
pkgs="$pkgs debhelper lintian dpkg-dev fakeroot" # tests/deb.sh builds and checks the .deb
pkgs="$pkgs lava-common" # tests/lava.sh validates scripts/lava/ with its schemas
pkgs="$pkgs openssl" # scripts/kat-openssl.sh encrypts with `openssl enc` to compare
pkgs="$pkgs qemu-user" # check-cli runs the x86-64 build on older CPU models (qemu-x86_64)
pkgs="$pkgs valgrind" # check-ct runs the constant-time tests under its memcheck
foreign=""
if [ "${1:-}" = "--cross" ]; then
    pkgs="$pkgs gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf \
gcc-powerpc64-linux-gnu gcc-powerpc64le-linux-gnu llvm-19 \
libcmocka-dev:arm64 libcmocka-dev:armhf libcmocka-dev:ppc64el"
    foreign="arm64 armhf ppc64el"
fi

missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0

# Foreign architectures dpkg does not know yet (only needed for :arch packages).
add_arch=""
case "$missing" in *:*)
    known=" $(dpkg --print-architecture) $(dpkg --print-foreign-architectures | tr '\n' ' ') "
    for a in $foreign; do
        case "$known" in *" $a "*) ;; *) add_arch="$add_arch $a" ;; esac
    done ;;
esac

if [ "$(id -u)" -ne 0 ]; then
    echo "make check needs these Debian packages:$missing" >&2
    echo "install them with:" >&2
    for a in $add_arch; do echo "  sudo dpkg --add-architecture $a" >&2; done
    echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi

echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
for a in $add_arch; do dpkg --add-architecture "$a" || exit 1; done
# Another apt may hold the lock (wait for it); a mirror caught mid-sync fails one
# index file, so try the update again before installing from what was fetched.
apt="apt-get -o DPkg::Lock::Timeout=600 -qq"
for try in 1 2 3; do
    $apt update && break
    echo "apt-get update failed (try $try of 3)" >&2
    sleep 10
done
# shellcheck disable=SC2086
$apt install -y $missing >/dev/null || exit 1
