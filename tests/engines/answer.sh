#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that answers every `go' with printf's output
# of its argument, so a test can send any bytes as an answer.
while IFS= read -r line; do
	case $line in
	go) printf "$1" ;;
	quit) exit 0 ;;
	esac
done
