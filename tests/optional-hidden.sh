#!/bin/sh
# SPDX-License-Identifier: MIT
# A fresh machine has none of the optional programs (GNU parallel, Slurm,
# sshd, GRhino, Chromium, groff, valgrind, clang): the tests that use them
# must then skip (77) or pass without them, never fail.  Each is run here
# with a PATH that hides them all (tests/hide-optional.sh), whether this
# machine has them or not.  The README's examples must pass: a pipeline
# through parallel in the middle is skipped, not run and failed.
set -u
. "${srcdir:-.}/tests/lib.sh"
sh "$srcdir/tests/hide-optional.sh" "$tmp/bin" || exit 99
tests="readme-examples stat-parallel stat-man-examples cluster-ssh
    cluster-slurm gameplay-grhino gameplay-analyze browser man-groff
    valgrind-cases"

# Every test whose commands name an optional program is in the list (the
# list cannot fall behind a new test): .ci/run relies on it and runs the
# whole suite once, with the programs there.
optional='gtp-rhino|grhino|chromium|groff|nroff|valgrind|clang|sbatch|srun'
optional="$optional|slurmctld|slurmd|munged|sshd|ssh|parallel|need_program"
for f in "$srcdir"/tests/*.sh; do
	t=$(basename "$f" .sh)
	case " $(echo $tests) hide-optional optional-hidden optional " in
	*" $t "*) continue ;;
	esac
	grep -v '^[[:space:]]*#' "$f" | grep -E -w -q "$optional" &&
	    ng "$t names an optional program: add it to this test's list"
done

for t in $tests; do
	PATH="$tmp/bin" sh "$srcdir/tests/$t.sh" > "$tmp/out" 2>&1
	got=$?
	case $got in
	0 | 77) ok "$t without the optional programs: exit $got" ;;
	*)
		ng "$t without the optional programs: exit $got"
		sed 's/^/  | /' "$tmp/out" | tail -n 15
		;;
	esac
	grep -i 'not found' "$tmp/out" | head -n 3 | sed 's/^/  | /' |
	    grep . && ng "$t ran a program that is not there"
done
exit $fail
