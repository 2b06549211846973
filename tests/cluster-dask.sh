#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's Dask recipe, as written there, on a Dask cluster of this
# machine: a dask-scheduler on 127.0.0.1 (a private port) and two
# dask-workers, started here and stopped by their PIDs.  The recipe's
# Python block is taken from README.md, its paths (/shared/...) and the
# scheduler's address replaced by the test's; 8 tasks of gamestat
# --partial --shard K/8 over the Othello set (byte ranges), gathered and
# merged with --expect 8: the summary equals one run's byte for byte.  A
# task that fails (its input gone) makes gather raise: the recipe exits
# non-zero and writes no summary.  Skips (77) where Debian's
# python3-distributed is not installed.
set -u
srcdir=${srcdir:-.}
if [ -z "${CLUSTER_TEST_TIMED:-}" ]; then
	CLUSTER_TEST_TIMED=1 exec timeout -k 30 240 /bin/sh "$0" "$@"
fi
. "$srcdir/tests/cluster-lib.sh"
# The python3 first on PATH may be another than Debian's (pyenv).
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import distributed' 2> /dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: python3 cannot import distributed (Debian: python3-distributed)"
	exit 77
fi
cluster_tmp
cleanup() {
	cluster_stop
}
cluster_traps "$tmp/*.log"

cluster_input

cluster_port 16900 16939
readme=$(cd "$srcdir" && pwd)/README.md
cd "$tmp" || exit 99
"$py" -m distributed.cli.dask_scheduler --host 127.0.0.1 --port "$port" \
    --dashboard-address 127.0.0.1:0 > scheduler.log 2>&1 &
pids="$pids $!"
for w in 1 2; do
	"$py" -m distributed.cli.dask_worker "tcp://127.0.0.1:$port" \
	    --nthreads 1 --no-dashboard --local-directory "$tmp/w$w" \
	    > "worker$w.log" 2>&1 &
	pids="$pids $!"
done
registered() {
	[ "$(grep -c 'Registered to' worker1.log worker2.log |
	    awk -F: '{ s += $2 } END { print s }')" -eq 2 ]
}
wait_until 60 registered || ng "the workers did not register"

# The README's recipe, its paths the test's.
awk '/^\*\*Dask\*\*/ { on = 1 } on && /^```python$/ { inpy = 1; next }
	inpy && /^```$/ { exit } inpy' "$readme" |
    sed -e "s|/shared/bin/gamestat|$gamestat|g" \
	-e "s|/shared/games.csv|$tmp/games.csv|g" \
	-e "s|/shared/summary|$tmp/summary|g" \
	-e "s|scheduler:8786|tcp://127.0.0.1:$port|" > recipe.py
grep -q 'client.gather' recipe.py || ng "no Dask recipe in README.md"
"$py" recipe.py > recipe.log 2>&1 || ng "the recipe failed: $(tail -n 5 recipe.log)"
cmp -s whole summary.yaml && echo "ok: 8 Dask tasks merge to one run" ||
    ng "the Dask recipe's summary differs from one run's"

# A task that fails: gather raises, nothing is written.
rm -f summary.yaml
sed "s|$tmp/games.csv|$tmp/gone.csv|" recipe.py > failing.py
"$py" failing.py > failing.log 2>&1 && ng "a failed task: the recipe exited 0"
[ ! -e summary.yaml ] && [ ! -e summary.tmp ] &&
    echo "ok: a failed task leaves no summary" ||
    ng "a failed task left a summary"
exit $fail
