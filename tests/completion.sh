#!/bin/sh
# SPDX-License-Identifier: MIT
# The bash completion (src/cli/completion.bash) loaded in bash, as
# bash-completion would load it, offers gameplay's commands, the tools'
# options, the games and an option's listed values.  Skips (77) without
# bash.
set -u
srcdir=${srcdir:-.}
command -v bash > /dev/null 2>&1 || { echo "SKIP: no bash"; exit 77; }

PATH="$(pwd):$PATH" bash -c '
	source "$1/src/cli/completion.bash" || exit 1
	fail=0
	c() {	# want, then the words; the last one is being completed
		local want=$1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_arbiter
		if [[ "${COMPREPLY[*]}" == "$want" ]]; then
			echo "ok: $* -> $want"
		else
			echo "FAIL: $*: got \"${COMPREPLY[*]}\", want \"$want\""
			fail=1
		fi
	}
	[[ $(complete -p gameplay) == *_arbiter* ]] ||
	    { echo "FAIL: gameplay has no completion"; fail=1; }
	c "move match" gameplay m
	c "show status solve selfplay" gameplay s
	c "--quiet" gamecheck --qu
	c "--in-place" gameplay move --in
	c "resign rekey reveal" gameplay re
	c "--key-fd --key-file --keys" gameplay rekey --ke
	c "queue" gameplay q
	c "--cancel" gameplay queue --ca
	c "--list" gameplay queue --l
	c "black" gameplay queue --as b
	c "white" gameplay queue --as=w
	c "reversi rive" gamecheck -g r
	c "stones" gamecheck --game=s
	c "prefix position" gamecheck --dedupe p
	c "exact" gamecheck --dedupe=e
	c "tsv" gamecheck --table t
	c "oust" gameplay new o
	c "reversi rive" gameplay new -s 8 r
	c "auto report pgn transcript csv wthor ggf sgf" gamestat --format ""
	c "report" gamestat -f r
	c "auto pgn transcript csv wthor ggf sgf" gamecheck --format ""
	c "ggf" gamecheck --format g
	c "pgn transcript csv ggf sgf wthor" gamecheck --write ""
	c "sgf" gamecheck --write=s
	c "reversi rive" gamestat -g r
	c "herd" gamestat --game h
	c "" gamecheck -o ""
	c "auto always never" gamecheck --color ""
	c "always" gamestat --color=al
	c "never" gameplay --color=n
	exit $fail
' sh "$srcdir"
