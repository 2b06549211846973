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
set -u
srcdir=${srcdir:-.}
time=$1
shift
status=0
mkdir -p tests/fuzz/findings
for target in "$@"; do
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
done
exit $status
