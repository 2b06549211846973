#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/fuzz/smoke.sh (make fuzz-smoke, make fuzz-long) with a stand-in for
# a libFuzzer target, so that it runs without clang: the time handed on,
# the figures reported, a failing target failing the run, the work
# directory emptied for a smoke run and kept with FUZZ_KEEP=1, targets
# run side by side (FUZZ_JOBS) each reported, one failure failing all.
set -u
srcdir=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$tmp" || exit 99
mkdir -p tests/fuzz
# The stand-in adds one input to its corpus directory (the first argument
# not an option), notes the time it was given, and prints libFuzzer's
# final lines; FAKE_RC is its exit status.
cat > tests/fuzz/fuzz_fake <<'EOF'
#!/bin/sh
for arg; do
	case $arg in
	-max_total_time=*) echo "${arg#*=}" > time.given ;;
	-*) ;;
	*) [ -n "${work:-}" ] || work=$arg ;;
	esac
done
: > "$work/input-$(ls "$work" | wc -l | tr -d ' ')"
echo "#5	DONE   cov: 3 ft: 4 corp: 1/1b"
echo "stat::number_of_executed_units: 5"
echo "stat::average_exec_per_sec:     2"
exit "${FAKE_RC:-0}"
EOF
chmod +x tests/fuzz/fuzz_fake

check() {	# what, condition...
	what=$1
	shift
	if "$@"; then
		echo "ok: $what"
	else
		echo "FAIL: $what"
		fail=1
	fi
}
smoke() {	# seconds, VAR=value...
	seconds=$1
	shift
	env srcdir="$srcdir" "$@" sh "$srcdir/tests/fuzz/smoke.sh" "$seconds" \
	    tests/fuzz/fuzz_fake > out 2>&1
}

smoke 7
rc=$?
check "a smoke run passes" [ "$rc" = 0 ]
check "the time is handed on" [ "$(cat time.given)" = 7 ]
check "the figures are reported" grep -qx \
    'ok: fuzz_fake: 5 runs, 2/s, cov: 3 ft: 4, corpus 1 files' out
smoke 7
check "a smoke run starts from an empty work directory" \
    [ "$(ls tests/fuzz/work-fake | wc -l)" -eq 1 ]

smoke 9 FUZZ_KEEP=1
smoke 9 FUZZ_KEEP=1
check "a long run keeps its new inputs for the next" \
    [ "$(ls tests/fuzz/long-fake 2>/dev/null | wc -l)" -eq 2 ]
check "a long run leaves the smoke run's directory alone" \
    [ "$(ls tests/fuzz/work-fake | wc -l)" -eq 1 ]

smoke 7 FAKE_RC=1
rc=$?
check "a finding fails the run" [ "$rc" = 1 ]
check "a finding is named" grep -q '^FAIL: fuzz_fake: exit status 1' out

# Three targets, two at a time: the failing one in the middle.
sed 's/exit "${FAKE_RC:-0}"/exit 3/' tests/fuzz/fuzz_fake > tests/fuzz/fuzz_bad
cp tests/fuzz/fuzz_fake tests/fuzz/fuzz_good
chmod +x tests/fuzz/fuzz_bad tests/fuzz/fuzz_good
env srcdir="$srcdir" FUZZ_JOBS=2 sh "$srcdir/tests/fuzz/smoke.sh" 5 \
    tests/fuzz/fuzz_fake tests/fuzz/fuzz_bad tests/fuzz/fuzz_good \
    > out 2>&1
rc=$?
check "side by side, a finding fails the run" [ "$rc" = 1 ]
check "side by side, the finding is named" \
    grep -q '^FAIL: fuzz_bad: exit status 3' out
check "side by side, every other target is reported" \
    [ "$(grep -c '^ok: fuzz_\(fake\|good\): 5 runs' out)" = 2 ]
exit $fail
