#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck and gamestat replay records in pairs, one held while the next
# is read (record_reader_hold): what they put out is what they did record
# by record.
# A read that fails after a held record: the record first, then the
# failure with its own errno (not one the record's report left); with
# --max-errors reached by the held record, no failure, as the read was
# never made.  A decompressed input, whose reads may say the stream is
# corrupt, pairs nothing: that message stays after the record before it.
set -u
. "${srcdir:-.}/tests/lib.sh"
cd "$tmp" || exit 99

# Out of memory reading line 2 (60 MB of one line, under the 64 MiB of
# --max-record-size, in 64 MiB of address space, as tests/compress.sh's
# bomb).  A sanitizer build maps terabytes of shadow memory: skipped.
if grep -q __asan_init "$builddir/gamecheck" 2> /dev/null; then
	echo "skipped: out of memory (a sanitizer build has no ulimit -v)"
else
	{ echo a1; head -c 60000000 /dev/zero | tr '\000' 'a'; echo; } > oom.txt
	(ulimit -v 65536; gamecheck -q -f transcript oom.txt) 2> err
	s=$?
	[ "$s" -eq 3 ] &&
	    sed -n 1p err | grep -q 'oom.txt:1:1: error: turn 1 (a1)' &&
	    sed -n 2p err | grep -q 'oom.txt: Cannot allocate memory$' &&
	    ok "a held record, then a read out of memory: the record, then why, exit 3" ||
	    ng "a held record, then out of memory: exit $s: $(cat err)"
	(ulimit -v 65536
	 gamecheck -q -f transcript --max-errors=1 oom.txt) 2> err
	s=$?
	[ "$s" -eq 1 ] && grep -q 'stopped after 1 error' err &&
	    ! grep -q 'memory' err &&
	    ok "--max-errors reached by a held record: the failing read not made" ||
	    ng "--max-errors and a failing read: exit $s: $(cat err)"
	(ulimit -v 65536; gamestat -f transcript oom.txt) > out 2> err
	s=$?
	[ "$s" -eq 2 ] && grep -q '^records: 1$' out &&
	    grep -q '^  illegal: 1$' out &&
	    grep -q 'oom.txt: Cannot allocate memory$' err &&
	    ok "gamestat: a held record counted, then the read out of memory" ||
	    ng "gamestat, a held record, then out of memory: exit $s: $(cat err)"
	rm -f oom.txt
fi

# A gzip stream cut in its second 64 KiB of text, the first ending with
# record 1023 (odd: a record held there, were the input paired).
if command -v gzip > /dev/null 2>&1; then
	awk 'BEGIN { srand(7); for (n = 0; n < 3023; n++) {
	    s = "a1"; m = n == 1022 ? 62 : 30
	    for (k = 0; k < m; k++)
	        s = s sprintf("%c%d", 97 + int(rand() * 8), 1 + int(rand() * 8))
	    print s " " } }' | gzip -1 > all.gz
	head -c $(($(wc -c < all.gz) * 6 / 10)) all.gz > cut.gz
	gamecheck -q cut.gz 2> err
	s=$?
	[ "$s" -eq 2 ] &&
	    grep -B1 'bad-compressed' err | head -n 1 |
	    grep -q 'cut.gz:1023:1: error' &&
	    ok "a cut gzip stream: bad-compressed after the record before it" ||
	    ng "a cut gzip stream: exit $s: $(grep -B1 bad-compressed err)"
fi
exit $fail
