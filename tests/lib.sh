# SPDX-License-Identifier: MIT
# What the script tests share, sourced after `set -u':
#   . "${srcdir:-.}/tests/lib.sh"
# the built tools first on PATH, the test engines' folder, a scratch
# folder $tmp removed at exit, and ok/ng lines, ng setting $fail, which
# the test ends with (exit $fail); what a terminal shows of a progress
# line (shown).
srcdir=${srcdir:-.}
builddir=$(pwd)
PATH="$builddir:$PATH"
export PATH
engines=$srcdir/tests/engines
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
ng() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }

# finished FILE N: true if gamecheck finds FILE's N records all finished
# (none unfinished, illegal or malformed); $got holds gamecheck's last
# line for the caller's message.
finished() {
	got=$(gamecheck --quiet "$1" 2>&1 | tail -n 1)
	[ "$got" = "gamecheck: $2 records: $2 finished, 0 unfinished, 0 illegal, 0 malformed" ]
}

# shown FILE: the lines a terminal shows for what was written to it (a
# line cleared to nothing is no line).
shown() {
	awk '{
		sub(/\r$/, "")
		n = split($0, part, "\r")
		s = part[n]
		cleared = gsub(/\033\[K/, "", s)
		if (s != "" || !cleared)
			print s
	}' "$1"
}
