#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program for Reversi that writes a stray line after
# every answer (the first legal move, as gameplay legal lists them): the
# referee must take the answer and leave the stray line for no request.
moves=
while IFS= read -r line; do
	case $line in
	moves*)
		moves=${line#moves} moves=${moves# } ;;
	go)
		printf '[Game "reversi"]\n\n%s\n' "$moves" | gameplay legal - |
		    sed -n 's/^legal: \[\([^],]*\).*/\1\
stray/p' ;;
	quit) exit 0 ;;
	esac
done
