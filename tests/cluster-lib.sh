# SPDX-License-Identifier: MIT
# What the cluster tests (tests/cluster-slurm.sh, cluster-ssh.sh, cluster-dask.sh)
# share, sourced by them: a fatal ng, the input, private ports,
# stopping the daemons a test started, by PID, its logs on failure and
# its traps.  Expects $srcdir; the functions but cluster_scratch and
# cluster_tmp expect $tmp.

# cluster_scratch: skips (77) unless root, which the daemons run as;
# then cluster_tmp.
cluster_scratch() {
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: the daemons of this test run as root"
		exit 77
	fi
	cluster_tmp
}

# cluster_tmp: $gamestat the built gamestat by its absolute path, $tmp a
# new scratch folder, no daemon started yet ($pids) and no check failed
# ($fail).
cluster_tmp() {
	gamestat=$(pwd)/gamestat
	[ -x "$gamestat" ] || { echo "FAIL: no $gamestat"; exit 99; }
	tmp=$(mktemp -d) || exit 99
	pids=
	fail=0
}

# A failed check ends the test: what follows builds on it.
ng() {
	echo "FAIL: $*"
	fail=1
	exit 1
}

# cluster_short_refused PARTIAL...: 7 of the 8 partials of
# $tmp/games.csv, merged with --expect 8, are refused (exit 1), nothing
# written, the missing shard and the count said.
cluster_short_refused() {
	"$gamestat" --merge --expect 8 "$@" > "$tmp/short" 2> "$tmp/short.err"
	status=$?
	[ "$status" = 1 ] || ng "7 of the 8 partials merged with exit $status"
	[ ! -s "$tmp/short" ] || ng "7 of the 8 partials merged to a summary"
	grep -q -x -F "gamestat: shard 8/8 of $tmp/games.csv missing" \
	    "$tmp/short.err" &&
	    grep -q -x -F \
	    "gamestat: --expect 8, but the partial summaries hold 7 shards" \
	    "$tmp/short.err" ||
	    ng "the refusal does not say what is missing: $(cat "$tmp/short.err")"
	echo "ok: 7 of the 8 partials refused, nothing written"
}

# The input every task reads whole: the Othello data set when it is
# present, otherwise the examples' CSV archive repeated, written to
# $tmp/games.csv (one header line); and in $tmp/whole the summary of one
# gamestat run over it, which the tasks' merge must equal.
cluster_input() {
	data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
	csv="$srcdir/examples/archive.csv"
	copies=1000
	if [ -r "$data" ]; then
		csv=$data
		copies=1
	fi
	awk -v k="$copies" 'NR == 1 { print; next } { row[n++] = $0 }
	    END { for (i = 0; i < k; i++) for (r = 0; r < n; r++) print row[r] }' \
	    "$csv" > "$tmp/games.csv"
	"$gamestat" "$tmp/games.csv" > "$tmp/whole" ||
	    ng "gamestat over the whole"
}

# cluster_port LOW HIGH: one free port of LOW-HIGH (free_ports) in $port.
cluster_port() {
	port=$(free_ports 1 "$1" "$2") || ng "no free port in $1-$2"
	port=${port% }
}

# free_ports N LOW HIGH: N TCP ports of LOW-HIGH that no socket uses,
# from a start that varies by process, so that two runs rarely pick the
# same.  Each test has a range of its own, so that the tests never pick
# the same port when make check runs them side by side.
free_ports() {
	awk -v want="$1" -v lo="$2" -v hi="$3" -v start="$$" '
		FNR > 1 { split($2, a, ":"); used[a[2]] = 1; next }
		END {
			n = hi - lo + 1
			for (i = 0; i < n && want > 0; i++) {
				p = lo + (start + i) % n
				if (!(sprintf("%04X", p) in used)) {
					printf "%d ", p; want--
				}
			}
			if (want > 0) exit 1
		}' /proc/net/tcp /proc/net/tcp6 /dev/null 2> /dev/null
}

# stop_pid PID: SIGTERM, up to 10 s for it to end, then SIGKILL; reaped
# with wait (PID is a child of the test's shell).
stop_pid() {
	kill "$1" 2> /dev/null || { wait "$1" 2> /dev/null; return 0; }
	i=0
	while kill -0 "$1" 2> /dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -9 "$1" 2> /dev/null
	wait "$1" 2> /dev/null
	return 0
}

# cluster_stop: stops the daemons the test started ($pids), in the order
# they started.
cluster_stop() {
	for p in $pids; do
		stop_pid "$p"
	done
}

# cluster_logs FILE...: when a check failed, the last 15 lines of each
# FILE that exists, under its name, to show why.
cluster_logs() {
	[ "$fail" != 0 ] || return 0
	for f in "$@"; do
		[ -f "$f" ] || continue
		echo "== $f"
		tail -n 15 "$f"
	done
}

# cluster_traps LOG...: at exit, the test's cleanup function (which
# stops what it started), the logs (patterns, expanded then) shown where a
# check failed (cluster_logs), and $tmp removed; an interrupted test ends
# failed (99) the same way.
cluster_traps() {
	cluster_logs_kept=$*
	trap 'cleanup; cluster_logs $cluster_logs_kept; rm -rf "$tmp"' EXIT
	trap 'fail=1; exit 99' INT TERM HUP
}

# wait_until SECONDS COMMAND...: runs COMMAND every 0.2 s until it
# succeeds (0) or SECONDS have passed (1).
wait_until() {
	deadline=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$deadline" ] || return 1
		sleep 0.2
	done
}
