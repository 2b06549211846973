#!/bin/sh
# SPDX-License-Identifier: MIT
# The EXAMPLES of gamestat(1) run: every line of an example block that
# starts with "$ " exits 0 when run in a copy of the source tree's top (the
# examples and formats linked in, the built tools first on PATH).  Commands
# that need GNU parallel are left out where it is not installed.  Where bash is
# installed they run in bash with pipefail on, as after the page's `set -o
# pipefail`; in sh that line is left out.
set -u
srcdir=$(cd "${srcdir:-.}" && pwd)
builddir=$(pwd)
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
ln -s "$srcdir/examples" "$tmp/examples"
ln -s "$srcdir/formats" "$tmp/formats"
have_parallel=no
parallel --version 2> /dev/null | grep -q 'GNU parallel' && have_parallel=yes

sed -n '/^\.Bd -literal/,/^\.Ed/{ s/^\$ //p; }' "$srcdir/man/gamestat.1" |
    sed 's/\\-/-/g; s/\\e/\\/g' > "$tmp/commands"
[ -s "$tmp/commands" ] || { echo "FAIL: no examples found"; exit 1; }
run_sh=sh
command -v bash > /dev/null 2>&1 && run_sh='bash -o pipefail'
fail=0
while IFS= read -r cmd; do
	case $cmd in
	'set -o pipefail') [ "$run_sh" != sh ] || { echo "skip: $cmd"; continue; } ;;
	*parallel*) [ $have_parallel = yes ] || { echo "skip: $cmd"; continue; } ;;
	esac
	if (cd "$tmp" && PATH="$builddir:$PATH" $run_sh -c "$cmd") > "$tmp/out" 2>&1 < /dev/null; then
		printf "ok: %s\n" "$cmd"
	else
		printf "FAIL: %s\n" "$cmd"; head -n 20 "$tmp/out"; fail=1
	fi
done < "$tmp/commands"
exit $fail
