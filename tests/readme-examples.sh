#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the examples of README.md as a reader would: every line of a ```sh
# block that starts with "$ " is a command, run with sh, in order, in one
# scratch directory holding a copy of examples/ and formats/ (the names
# file formats/openings.txt), the built tools first on
# PATH (README: "the tools on PATH") and standard input empty.
#
# A command must exit 0, unless its comment says otherwise ("# ...: exit
# 1"); the lines shown under it, up to the next command, must each appear
# in what it printed (standard output and error together), in that order,
# so that the README shows what the tools really print.  A block without
# "$ " lines (a recipe for a system the tests do not have) is not run, and
# neither is a command any program of whose pipeline is not installed (GNU
# parallel, in the middle of a pipeline too).  Where bash is installed the
# commands run in bash with pipefail on, as after the README's `set -o
# pipefail`, so that a pipeline fails where any stage does; in sh that
# line is left out.
set -u

srcdir=${srcdir:-.}
builddir=$(cd "$(dirname "$0")/.." 2>/dev/null && pwd)
[ -x "$builddir/gamecheck" ] || builddir=$(pwd)
readme="$srcdir/README.md"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

[ -r "$readme" ] || { echo "$readme: cannot read it"; exit 99; }
mkdir "$tmp/run" && cp -R "$srcdir/examples" "$srcdir/formats" "$tmp/run/" ||
    exit 99

# One file per command: cmd.N holds the command, want.N the lines shown.
awk -v dir="$tmp" '
	/^```sh$/ { insh = 1; cmd = 0; next }
	/^```/ { insh = 0; next }
	!insh { next }
	/^\$ / {
		n++
		cmd = 1
		line = substr($0, 3)
		# A line that ends in a backslash goes on on the next one.
		while (line ~ /\\$/ && (getline more) > 0)
			line = line "\n" more
		print line > (dir "/cmd." n)
		printf "" > (dir "/want." n)
		next
	}
	cmd { print > (dir "/want." n) }
	END { print n + 0 > (dir "/count") }
' "$readme"

# A block with #SBATCH lines is a batch script, given to sbatch as
# copied: its first line is its #! line (sbatch refuses anything else).
bad=$(awk '/^```sh$/ { insh = 1; first = ""; sb = 0; next }
	insh && /^```/ { if (sb && first !~ /^#!/) print first; insh = 0; next }
	insh && first == "" { first = $0 }
	insh && /^#SBATCH/ { sb = 1 }' "$readme")
if [ -n "$bad" ]; then
	echo "$readme: a batch script opens with '$bad', not #!"
	exit 1
fi

n=$(cat "$tmp/count")
if [ "$n" -eq 0 ]; then
	echo "$readme: no examples"
	exit 1
fi

# missing_program CMD: prints the first program of CMD's pipeline that
# is not installed, and succeeds, or fails when every one is; each stage
# of a pipeline counts (gamecheck ... | parallel ... | gamestat), and
# parallel must be GNU's (moreutils' has the name and other options).
missing_program() {
	for prog in $(printf '%s\n' "$1" | sed 's/#.*//; s/\\$//' |
	    tr '\n|' ' \n' | awk '{ print $1 }'); do
		if [ "$prog" = parallel ]; then
			parallel --version 2> /dev/null |
			    grep -q 'GNU parallel' && continue
		elif command -v "$prog" > /dev/null 2>&1 ||
		    [ -x "$builddir/$prog" ]; then
			continue
		fi
		printf '%s\n' "$prog"
		return 0
	done
	return 1
}

run_sh=sh
command -v bash > /dev/null 2>&1 && run_sh='bash -o pipefail'

status=0
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	cmd=$(cat "$tmp/cmd.$i")
	want=0
	case $cmd in
	*'#'*exit\ [0-9]*)
		want=$(printf '%s\n' "$cmd" |
		    sed -n 's/.*#.*exit \([0-9]\).*/\1/p' | tail -n 1)
		;;
	esac
	if [ "$cmd" = 'set -o pipefail' ] && [ "$run_sh" = sh ]; then
		printf 'skip: %s (sh has no pipefail)\n' "$cmd"
		continue
	fi
	if missing=$(missing_program "$cmd"); then
		printf 'skip: %s (%s is not installed)\n' "$cmd" "$missing"
		continue
	fi
	(cd "$tmp/run" && PATH="$builddir:$PATH" NO_COLOR=1 LC_ALL=C \
	    timeout 300 $run_sh -c "$cmd" < /dev/null > "$tmp/out" 2>&1)
	got=$?
	if [ "$got" -ne "$want" ]; then
		printf 'FAIL: %s: exit %s, the README says %s\n' "$cmd" "$got" \
		    "$want"
		sed 's/^/  | /' "$tmp/out" | head -n 20
		status=1
		continue
	fi
	# Each shown line in the output, in order.
	if ! awk -v out="$tmp/out" '
		{ want[++w] = $0 }
		END {
			k = 1
			while (k <= w && (getline line < out) > 0)
				if (line == want[k])
					k++
			if (k <= w) {
				print "  not printed: " want[k]
				exit 1
			}
		}' "$tmp/want.$i"; then
		printf 'FAIL: %s: the README shows what it does not print\n' \
		    "$cmd"
		sed 's/^/  | /' "$tmp/out" | head -n 20
		status=1
		continue
	fi
	printf 'ok: %s (exit %s)\n' "$cmd" "$got"
done
echo "$n examples"
exit $status
