#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program (formats/protocol.md) that answers every `go'
# with c9, off every 8x8 board: the referee must adjudicate an illegal move.
while IFS= read -r line; do
	case $line in
	go) echo c9 ;;
	quit) exit 0 ;;
	esac
done
