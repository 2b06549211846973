#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that exits when first asked to move: the
# referee must adjudicate a crash.
while IFS= read -r line; do
	case $line in
	go) exit 1 ;;
	quit) exit 0 ;;
	esac
done
