# SPDX-License-Identifier: MIT
# What the script tests share, sourced after `set -u':
#   . "${srcdir:-.}/tests/lib.sh"
# the built tools first on PATH, the test engines' folder, a scratch
# folder $tmp removed at exit, and ok/ng lines, ng setting $fail, which
# the test ends with (exit $fail); a command's exit status checked
# (exits, said); what a terminal shows of a progress line (shown).
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

# exits WANT WHAT CMD...: CMD, reading nothing, must exit WANT, else ng
# with what it said.  Its output is left in $tmp/out and its errors in
# $tmp/err, and both are kept as $tmp/kept/N.out and N.err for the Nth
# call ($runs), for a test that looks through every output at the end.
runs=0
exits() {
	want=$1 what=$2
	shift 2
	runs=$((runs + 1))
	"$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
	got=$?
	mkdir -p "$tmp/kept"
	cp "$tmp/out" "$tmp/kept/$runs.out"
	cp "$tmp/err" "$tmp/kept/$runs.err"
	[ "$got" = "$want" ] ||
	    ng "$what: exit $got, not $want: $(cat "$tmp/err")"
}

# said TEXT WHAT: the last command of exits said TEXT, else ng.
said() {
	grep -q -- "$1" "$tmp/err" || ng "$2: says $(cat "$tmp/err"), not $1"
}

# finished FILE N: true if gamecheck finds FILE's N records all finished
# (none unfinished, illegal or malformed); $got holds gamecheck's last
# line for the caller's message.
finished() {
	got=$(gamecheck --quiet "$1" 2>&1 | tail -n 1)
	[ "$got" = "gamecheck: $2 records: $2 finished, 0 unfinished, 0 illegal, 0 malformed" ]
}

# race CMD...: runs CMD twice at once, as two referees would, the first's
# stderr into $tmp/a.err and the second's into $tmp/b.err, their exit
# statuses into $ra and $rb; true when one succeeded and the other
# failed with status 1.
race() {
	"$@" > /dev/null 2> "$tmp/a.err" &
	pa=$!
	"$@" > /dev/null 2> "$tmp/b.err" &
	pb=$!
	wait $pa
	ra=$?
	wait $pb
	rb=$?
	[ $((ra + rb)) = 1 ] && [ $((ra * rb)) = 0 ]
}

# counts_alike FILE: gamestat of gamecheck's reports of FILE counts as
# gamestat of FILE, and the partial summaries of two shards of FILE
# (left in $tmp/p1.yaml, $tmp/p2.yaml) merge to that summary.
counts_alike() {
	gamestat "$1" > "$tmp/whole.yaml" || ng "gamestat exits $?"
	gamecheck "$1" > "$tmp/reports.yaml" 2> /dev/null
	gamestat "$tmp/reports.yaml" > "$tmp/from-reports.yaml" ||
	    ng "gamestat of the reports exits $?"
	sed 1,3d "$tmp/whole.yaml" > "$tmp/a"
	sed 1,3d "$tmp/from-reports.yaml" > "$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" && ok "the reports count as the records" ||
	    ng "the reports count otherwise: $(diff "$tmp/a" "$tmp/b")"
	# By records, so that each shard's games are known to the test
	# (tests/stat-shard-bytes.sh tries byte ranges).
	gamestat --partial --shard 1/2 --shard-by records "$1" \
	    > "$tmp/p1.yaml" &&
	    gamestat --partial --shard 2/2 --shard-by records "$1" \
	    > "$tmp/p2.yaml" ||
	    ng "gamestat --partial exits $?"
	gamestat --merge "$tmp/p1.yaml" "$tmp/p2.yaml" > "$tmp/merged.yaml" ||
	    ng "gamestat --merge exits $?"
	cmp -s "$tmp/whole.yaml" "$tmp/merged.yaml" &&
	    ok "two shards merge to the whole" ||
	    ng "the merge differs: $(diff "$tmp/whole.yaml" "$tmp/merged.yaml")"
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
