#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the EXAMPLES of man/gamecheck.1 and checks their exit statuses.
#
# In the EXAMPLES section of the page, every line that starts with "$ " is
# a command, and the command is followed (before the next command) by the
# lines "$ echo $?" and its exit status, as a terminal would show them:
#
#   $ gamecheck -q examples/reversi-games.pgn
#   gamecheck: 3 records: 3 finished, 0 unfinished, 0 illegal, 0 malformed
#   $ echo $?
#   0
#
# Each command runs with sh from the top of the source tree, the built tools
# first on PATH and standard input empty; the output shown in the page is
# for the reader and is not compared.  A command without a stated status
# fails the test, and so does a page without examples.
set -u

srcdir=${srcdir:-.}
builddir=$(pwd)
page="$srcdir/man/gamecheck.1"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

[ -r "$page" ] || { echo "$page: cannot read it"; exit 99; }

# One "status<TAB>command" line per example, roff escapes undone.
awk -v page="$page" '
	function unroff(s) {
		gsub(/\\&/, "", s)
		gsub(/\\-/, "-", s)
		gsub(/\\\(aq/, "\047", s)
		gsub(/\\e/, "\\", s)
		return s
	}
	/^\.Sh / { inex = $2 == "EXAMPLES"; next }
	!inex { next }
	want { print $0 "\t" cmd; cmd = ""; want = 0; next }
	$0 == "$ echo $?" {
		if (cmd == "") {
			printf "%s:%d: \"$ echo $?\" without a command\n", \
			    page, NR > "/dev/stderr"
			bad = 1
		}
		want = 1
		next
	}
	/^\$ / {
		if (cmd != "") {
			printf "%s: no exit status for: %s\n", page, cmd \
			    > "/dev/stderr"
			bad = 1
		}
		cmd = unroff(substr($0, 3))
		next
	}
	END {
		if (cmd != "") {
			printf "%s: no exit status for: %s\n", page, cmd \
			    > "/dev/stderr"
			bad = 1
		}
		exit bad
	}
' "$page" > "$tmp/examples" || exit 1

if [ ! -s "$tmp/examples" ]; then
	echo "$page: no examples found in EXAMPLES"
	exit 1
fi

status=0
n=0
tab=$(printf '\t')
while IFS="$tab" read -r want cmd; do
	n=$((n + 1))
	case $want in
	''|*[!0-9]*)
		echo "FAIL: $cmd: the page states the status '$want'"
		status=1
		continue
		;;
	esac
	(cd "$srcdir" && PATH="$builddir:$PATH" NO_COLOR=1 LC_ALL=C \
	    sh -c "$cmd" < /dev/null > "$tmp/out" 2> "$tmp/err")
	got=$?
	if [ "$got" -eq "$want" ]; then
		echo "ok: $cmd (exit $got)"
	else
		echo "FAIL: $cmd: exit $got, the page says $want"
		sed 's/^/  stderr: /' "$tmp/err"
		status=1
	fi
done < "$tmp/examples"
echo "$n examples"
exit $status
