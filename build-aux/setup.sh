#!/bin/sh
# SPDX-License-Identifier: MIT
# Sets arbiter up on a fresh Debian machine: installs the Debian packages
# it needs (with apt-get when run as root; otherwise prints the apt-get line
# and stops), bootstraps, configures, builds, and checks the examples.
# Arguments are passed to ./configure.
set -e
cd "$(dirname "$0")/.."

packages="gcc make autoconf automake pkg-config libyaml-dev libpcre2-dev check
    zlib1g-dev libbz2-dev liblzma-dev libzstd-dev libsodium-dev"
missing=
for p in $packages; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
	    grep -q '^install ok installed$'; then
		missing="$missing $p"
	fi
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup: missing Debian packages; install them with:" >&2
		echo "  sudo apt-get install -y$missing" >&2
		exit 1
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $missing
fi

autoreconf -fi
./configure "$@"
make -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"

echo
echo "== gamecheck examples/reversi-passes.pgn (one YAML report per record)"
./gamecheck examples/reversi-passes.pgn
echo
echo "== gamecheck --quiet examples/*  (errors.pgn holds mistakes on purpose)"
# Exit status 1 means some record is illegal, as errors.pgn's are meant to
# be; 2 or 3 would be a real failure.
status=0
./gamecheck --quiet examples/* || status=$?
[ "$status" -le 1 ]
