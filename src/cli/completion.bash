# SPDX-License-Identifier: MIT
# Bash completion for arbiter's tools: gamecheck, gameplay and gamestat.
#
# Everything offered is read from the tools' own --help at the moment of
# completing, so it is always what the installed tools accept: gameplay's
# commands, each command's long options, the games (the "Games:" line),
# and an option's values where its help line lists them (FORMAT) or where
# its argument is a game or a colour (--as).  Files are completed where an
# operand or an option's argument is a file (bash's default).  make
# install puts this file in bash-completion's directory under each tool's
# name.

_arbiter()
{
	local cur prev tool cmd help games line meta pat i

	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	tool=${COMP_WORDS[0]}
	cmd=

	# gameplay: the first word that is no option is the command.
	if [[ ${tool##*/} == gameplay ]]; then
		for ((i = 1; i < COMP_CWORD; i++)); do
			if [[ ${COMP_WORDS[i]} != -* ]]; then
				cmd=${COMP_WORDS[i]}
				break
			fi
		done
		if [[ -z $cmd && $cur != -* ]]; then
			COMPREPLY=($(compgen -W "$("$tool" --help 2>/dev/null |
			    awk '/^  [a-z]+ / { print $1 }')" -- "$cur"))
			return 0
		fi
	fi
	help=$("$tool" ${cmd:+"$cmd"} --help 2>/dev/null) || return 0
	# gamestat's help lists no games: gamecheck's beside it does.
	games=$("$tool" --help 2>/dev/null | sed -n 's/^Games: //p')
	[[ -n $games ]] || games=$("$(dirname "$tool")/gamecheck" --help \
	    2>/dev/null | sed -n 's/^Games: //p')
	[[ -n $games || $tool == */* ]] ||
	    games=$(gamecheck --help 2>/dev/null | sed -n 's/^Games: //p')

	# --opt=value is completed as the value of --opt.
	if [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	elif [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(printf '%s\n' "$help" |
		    grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
		return 0
	fi

	# An option's argument: its help line's metavariable says what it
	# takes, and a FORMAT's line lists the values.
	if [[ $prev == -* ]]; then
		if [[ $prev == --* ]]; then
			pat="[ ,] $prev[= ]|^ *$prev[= ]"
		else
			pat="^ *$prev, "
		fi
		# The option's line and the lines that go on with it.
		line=$(printf '%s\n' "$help" | awk -v pat="$pat" '
			on && substr($0, 1, 20) ~ /^ *$/ && $0 ~ /[^ ]/ {
				printf " %s", $0
				next
			}
			on { exit }
			$0 ~ pat { on = 1; printf "%s", $0 }')
		meta=$(sed -n 's/.*--[a-z-]*=\([A-Z]*\).*/\1/p' <<< "$line")
		case $meta in
		GAME)
			COMPREPLY=($(compgen -W "$games" -- "$cur"))
			return 0
			;;
		COLOUR)
			# --as: a holder of a key, every game's colours.
			COMPREPLY=($(compgen -W "black white referee" \
			    -- "$cur"))
			return 0
			;;
		FORMAT | WHEN | MODE)
			# The values are the description's list, or the
			# list in its parentheses: "auto (default), pgn,
			# csv" or "in FORMAT (pgn, csv) instead".
			line=$(sed 's/.*=[A-Z]* *//' <<< "$line")
			if [[ $line =~ \(([a-z0-9-]+(, *[a-z0-9-]+)+)\) ]]; then
				line=${BASH_REMATCH[1]}
			else
				line=$(sed 's/([^)]*)//g' <<< "$line")
			fi
			COMPREPLY=($(compgen -W "$(tr ',' '\n' <<< "$line" |
			    awk 'NF == 1 { print $1 }')" -- "$cur"))
			return 0
			;;
		'')
			;;	# no argument: prev is a flag
		*)
			return 0	# a file (bash's default) or a value
			;;
		esac
	fi

	# Operands: a game where the usage (its first three lines) ends in
	# one, else files.
	if printf '%s\n' "$help" | head -n 3 | grep -qE ' game$'; then
		COMPREPLY=($(compgen -W "$games" -- "$cur"))
	fi
	return 0
}

complete -o default -F _arbiter gamecheck gameplay gamestat
