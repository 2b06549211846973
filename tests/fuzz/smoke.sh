#!/bin/sh
# SPDX-License-Identifier: MIT
# make fuzz-smoke and make fuzz-long: runs each libFuzzer target for a
# bounded time from its seed corpus (tests/fuzz/corpus/NAME, only read, so
# the source tree is never written) and fails on any finding: a crash, a
# sanitizer report, a leak, a broken invariant, a timeout or running out of
# memory.  Prints each target's executions, executions per second and
# coverage.
#   smoke.sh SECONDS TARGET...
# Findings are kept as tests/fuzz/findings/NAME-* in the build directory;
# FUZZ_ARGS adds libFuzzer options (e.g. -jobs=4).  New inputs go to
# tests/fuzz/work-NAME, emptied first; with FUZZ_KEEP=1 (make fuzz-long) to
# tests/fuzz/long-NAME, kept, so that a long run resumes from the last.
# FUZZ_JOBS targets run at once (the number of processors by default).
set -u
srcdir=${srcdir:-.}
time=$1
shift
jobs=${FUZZ_JOBS:-$(nproc 2> /dev/null || echo 1)}
mkdir -p tests/fuzz/findings

# One target's run: its line of figures, or FAIL and the findings, on
# standard output; status 1 on a finding.
run() {	# target
	target=$1
	status=0
	name=$(basename "$target" | sed 's/^fuzz_//')
	seeds=$srcdir/tests/fuzz/corpus/$name
	log=tests/fuzz/$name.log
	if [ "${FUZZ_KEEP:-0}" = 1 ]; then
		work=tests/fuzz/long-$name
	else
		work=tests/fuzz/work-$name
		rm -rf "$work"
	fi
	mkdir -p "$work"
	dict=
	# The rules target reads bytes as choices, not as notation.
	[ "$name" = rules ] || dict=-dict=$srcdir/tests/fuzz/notation.dict
	# shellcheck disable=SC2086
	"./$target" -max_total_time="$time" -timeout=20 -rss_limit_mb=2048 \
	    -max_len=8192 -print_final_stats=1 -detect_leaks=1 $dict \
	    -artifact_prefix=tests/fuzz/findings/"$name"- ${FUZZ_ARGS:-} \
	    "$work" "$seeds" > "$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" != 0 ]; then
		echo "FAIL: fuzz_$name: exit status $rc; see $log"
		grep -E 'ERROR|invariant|SUMMARY|Test unit written' "$log" |
		    head -n 20
		status=1
	else
		echo "ok: fuzz_$name: ${execs:-?} runs, ${rate:-?}/s," \
		    "${cov:-no coverage figure}," \
		    "corpus $(ls "$work" | wc -l) files"
	fi
	return $status
}

# Worker w of $jobs: the targets w, w + jobs, ...; its report in
# tests/fuzz/smoke.W, its status in tests/fuzz/smoke.W.status.
worker() {	# w target...
	w=$1 i=0 st=0
	shift
	for t in "$@"; do
		i=$((i + 1))
		[ $(((i - 1) % jobs)) = "$w" ] || continue
		run "$t" || st=1
	done > "tests/fuzz/smoke.$w"
	echo "$st" > "tests/fuzz/smoke.$w.status"
}

w=0
while [ "$w" -lt "$jobs" ]; do
	rm -f "tests/fuzz/smoke.$w.status"
	worker "$w" "$@" &
	w=$((w + 1))
done
wait
status=0
w=0
while [ "$w" -lt "$jobs" ]; do
	cat "tests/fuzz/smoke.$w"
	[ "$(cat "tests/fuzz/smoke.$w.status" 2> /dev/null)" = 0 ] || status=1
	w=$((w + 1))
done
exit $status
