#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks the layering of src/ (design.md §4, README's layout) from the
# `#include' lines of its .c, .h and .def files, and fails naming the file
# and the include when
#  (a) a file includes a header of a module of a higher layer (LAYERS
#      below, lowest first; a module is a directory under src/, the files
#      directly in src/ are the mains);
#  (b) the graph of modules (a module includes another's header) has a
#      cycle, which (a) lets through between modules of one layer;
#  (c) the graph of files (file -> header it includes) has a cycle;
#  (d) <yaml.h> is included outside src/report, <pcre2.h> outside
#      src/record or <sodium.h> outside src/secret (style.md: each
#      third-party library in one module).
# A directory under src/ that LAYERS does not name is an error too: give
# it a layer here.  "config.h" and <system> headers are not looked at.
# Everything is keyed on directory names, never on file names, so files
# may come and go inside a module.
#
#   tests/layering.sh              the self-test, then $srcdir/src
#   tests/layering.sh DIR          DIR (a tree laid out as src/) only
#   tests/layering.sh --self-test  the self-test only: fixtures of each
#                                  kind of break, each of which must fail
set -u

# Lowest first; the modules of one line are one layer.  "main" is the
# files directly in src/ (gamecheck.c, gameplay.c, gamestat.c).  corr
# (correspondence time) is pure computation over numbers and includes
# nothing of ours; secret (keys, commitments) stands on diag alone;
# solve (the Othello endgame solver) on the rules core; batch (the
# runs of gamecheck and gamestat over their inputs) under the mains.
LAYERS='
util diag corr
rules stat secret
record draw player solve
referee cli
report
play match batch
main
'

# check DIR: prints one line per break and exits 1 if there is one.
check() {
	dir=$1
	find "$dir" -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) |
	    LC_ALL=C sort | while IFS= read -r f; do
		# One line per include: FILE LINE KIND NAME (KIND q or a).
		awk -v f="${f#"$dir"/}" '
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s)
			print f, FNR, "q", s
		}
		/^[ \t]*#[ \t]*include[ \t]*</ {
			s = $0; sub(/^[^<]*</, "", s); sub(/>.*/, "", s)
			print f, FNR, "a", s
		}' "$f"
	done | awk -v layers="$LAYERS" -v dir="$dir" '
	function module(path,	n, p) {
		n = split(path, p, "/")
		return n == 1 ? "main" : p[1]
	}
	function exists(path,	line) {
		if ((getline line < (dir "/" path)) >= 0) {
			close(dir "/" path)
			return 1
		}
		return 0
	}
	function bad(msg) {
		print msg
		failed = 1
	}
	# Whether module m has a layer; says so once if not.
	function known(m) {
		if (m in layer)
			return 1
		if (!(m in unknown))
			bad("src/" m "/ has no layer: give it one in LAYERS " \
			    "in tests/layering.sh")
		unknown[m] = 1
		return 0
	}
	# Depth-first search for a cycle from node u in graph g ("u v" keys
	# in edge[g]); prints the first one found, as a -> b -> a.
	function dfs(g, u,	k, v, i, path, ee) {
		state[g, u] = 1
		stack[++depth] = u
		for (k in edge) {
			split(k, ee, SUBSEP)
			if (ee[1] != g || ee[2] != u)
				continue
			v = ee[3]
			if (state[g, v] == 1) {
				path = v
				for (i = depth; i >= 1 && stack[i] != v; i--)
					path = stack[i] " -> " path
				bad(g " cycle: " v " -> " path)
				cycles[g]++
				continue
			}
			if (state[g, v] == 0 && cycles[g] == 0)
				dfs(g, v)
		}
		depth--
		state[g, u] = 2
	}
	BEGIN {
		# Each third-party library and the one module that has it.
		owner["yaml.h"] = "report"
		owner["pcre2.h"] = "record"
		owner["sodium.h"] = "secret"
		rank = 0
		nl = split(layers, lines, "\n")
		for (i = 1; i <= nl; i++) {
			if (lines[i] == "")
				continue
			rank++
			m = split(lines[i], w, " ")
			for (j = 1; j <= m; j++)
				layer[w[j]] = rank
		}
	}
	{
		file = $1; line = $2; kind = $3; inc = $4
		where = "src/" file ":" line ": #include "
		from = module(file)
		if (!known(from))
			next
		if (kind == "a") {
			if (inc in owner && from != owner[inc])
				bad(where "<" inc ">: <" inc "> belongs to " \
				    "src/" owner[inc] " alone")
			next
		}
		if (inc == "config.h")
			next
		# "x.h" beside the file, else a path from src/.
		d = file; sub(/[^\/]*$/, "", d)
		if (d != "" && index(inc, "/") == 0 && exists(d inc))
			inc = d inc
		else if (!exists(inc)) {
			bad(where "\"" $4 "\": no such file under src/")
			next
		}
		to = module(inc)
		if (!known(to))
			next
		if (layer[to] > layer[from])
			bad(where "\"" $4 "\": " from " may not include " to \
			    ", a higher layer")
		edge["file", file, inc] = 1
		nodes["file", file] = 1
		if (from != to) {
			edge["module", from, to] = 1
			nodes["module", from] = 1
		}
	}
	END {
		for (k in nodes) {
			split(k, e, SUBSEP)
			if (state[e[1], e[2]] == 0 && cycles[e[1]] == 0)
				dfs(e[1], e[2])
		}
		exit failed
	}'
}

# A fixture for each kind of break, run through check(): each must fail
# with its message, and a good tree must pass.
self_test() {
	tmp=$(mktemp -d) || exit 99
	trap 'rm -rf "$tmp"' EXIT
	st=0
	# fixture NAME WANT FILE TEXT [FILE TEXT ...]: a tree of the files
	# (each TEXT one line) that must fail with a line matching WANT, or
	# pass where WANT is "".
	fixture() {
		name=$1 want=$2
		shift 2
		rm -rf "$tmp/src"
		while [ $# -ge 2 ]; do
			mkdir -p "$(dirname "$tmp/src/$1")"
			printf '%s\n' "$2" >"$tmp/src/$1"
			shift 2
		done
		out=$(check "$tmp/src")
		rc=$?
		if [ -z "$want" ]; then
			if [ $rc -ne 0 ]; then
				echo "FAIL: self-test $name: a good tree failed:"
				echo "$out"
				st=1
			fi
		elif [ $rc -eq 0 ] || ! echo "$out" | grep -q -- "$want"; then
			echo "FAIL: self-test $name: wanted \"$want\", got:"
			echo "$out"
			st=1
		else
			echo "ok: self-test $name: $out" | head -n 1
		fi
	}
	fixture good '' \
	    rules/rules.h '#include "util/util.h"' \
	    rules/board.c '#include "rules/rules.h"' \
	    record/reader.c '#include "rules/rules.h"' \
	    record/syntax.c '#include <pcre2.h>' \
	    report/emit.c '#include <yaml.h>' \
	    secret/secret.c '#include <sodium.h>' \
	    cli/cli.c '#include "config.h"' \
	    util/util.h '#include <stdio.h>' \
	    gamecheck.c '#include "record/syntax.h"' \
	    record/syntax.h '#include "syntax2.h"' \
	    record/syntax2.h '/**/'
	fixture upward 'src/rules/board.c:1: #include "record/record.h": rules may not include record' \
	    rules/board.c '#include "record/record.h"' \
	    record/record.h '/**/'
	fixture main-upward 'src/util/grow.c:1: #include "gameplay.h": util may not include main' \
	    util/grow.c '#include "gameplay.h"' \
	    gameplay.h '/**/'
	fixture module-cycle 'module cycle: ' \
	    rules/rules.h '#include "stat/stat.h"' \
	    stat/stat.h '#include "rules/rules.h"'
	fixture file-cycle 'file cycle: ' \
	    record/a.h '#include "record/b.h"' \
	    record/b.h '#include "a.h"'
	fixture yaml '<yaml.h> belongs to src/report alone' \
	    record/x.c '#include <yaml.h>'
	fixture pcre2 '<pcre2.h> belongs to src/record alone' \
	    cli/x.c '#include <pcre2.h>'
	fixture sodium '<sodium.h> belongs to src/secret alone' \
	    play/x.c '#include <sodium.h>'
	fixture unknown 'src/newmod/ has no layer' \
	    newmod/x.c '#include "rules/rules.h"' \
	    rules/rules.h '/**/'
	fixture missing 'no such file under src/' \
	    rules/x.c '#include "rules/gone.h"'
	rm -rf "$tmp"
	trap - EXIT
	return $st
}

case ${1-} in
--self-test)
	self_test
	exit $?
	;;
"")
	self_test || exit 1
	out=$(check "${srcdir:-.}/src")
	rc=$?
	;;
*)
	out=$(check "$1")
	rc=$?
	;;
esac
if [ $rc -ne 0 ]; then
	echo "$out"
	echo "FAIL: the layering of src/ is broken (tests/layering.sh)"
	exit 1
fi
echo "ok: src/ keeps its layers, has no include cycle, and each" \
    "third-party header stays in its module"
