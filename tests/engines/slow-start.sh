#!/bin/sh
# SPDX-License-Identifier: MIT
# A program that takes $1 seconds to start, as one loading its evaluation
# does, then is the program its other arguments name: what it was sent
# meanwhile waits in its input.
sleep "$1"
shift
exec "$@"
