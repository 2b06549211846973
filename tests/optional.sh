# SPDX-License-Identifier: MIT
# What the tests of optional programs share, sourced after `set -u':
#   . "${srcdir:-.}/tests/optional.sh"
# need_program NAME PACKAGE: NAME must be on PATH, or the test skips (77)
# naming the Debian package to install.  The tests look on PATH alone, so
# that a PATH without them (tests/hide-optional.sh) is a machine without
# them; where Debian puts NAME in a folder off PATH (/usr/sbin, /usr/games)
# the skip says to add that folder to PATH, as .ci/run does.
need_program() {
	command -v "$1" > /dev/null 2>&1 && return 0
	for d in /usr/sbin /sbin /usr/games; do
		if [ -x "$d/$1" ]; then
			echo "SKIP: $1 is in $d, which is not on PATH"
			exit 77
		fi
	done
	echo "SKIP: $1 is not installed (Debian: $2)"
	exit 77
}

# need_gnu_parallel: GNU parallel (moreutils' parallel has the name and
# other options), or the test skips (77).
need_gnu_parallel() {
	parallel --version 2> /dev/null | grep -q 'GNU parallel' && return 0
	echo "SKIP: GNU parallel is not installed (Debian: parallel)"
	exit 77
}

# need_dataset: the Othello data set (design.md §5) in $data, where
# ARBITER_DATASET names another copy, or the test skips (77).
need_dataset() {
	data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
	[ -r "$data" ] && return 0
	echo "SKIP: no data set at $data"
	exit 77
}
