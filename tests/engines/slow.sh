#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that sleeps past any timeout when asked to
# move: the referee must kill it and adjudicate a timeout.
while IFS= read -r line; do
	case $line in
	go) sleep 60; echo pass ;;
	quit) exit 0 ;;
	esac
done
