/* SPDX-License-Identifier: MIT */
/*
 * Text made safe for a terminal (util.h): the one way a byte from a record
 * or a program reaches one (formats/record.md, "Text shown").  Decoding
 * UTF-8 is text.c's; which text is shown, and where, is the callers'.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/*
 * The character at s (len > 0 bytes) as util_printable shows it: its
 * length in *k and whether it is kept as it is (else escaped); returns the
 * bytes it is shown as.
 */
static size_t
printable_char(const char *s, size_t len, size_t *k, bool *keep)
{
	uint32_t cp = 0;

	*k = utf8_char(s, len, &cp);
	/* C0, DEL and C1 controls move the cursor or start escapes. */
	*keep = *k > 0 && cp >= 0x20 && cp != 0x7f &&
	    (cp < 0x80 || cp >= 0xa0) && cp != '\\';
	if (*k == 0)
		*k = 1;
	return *keep ? *k : s[0] == '\\' ? 2 : 4 * *k;
}

void
util_printable(const char *s, size_t len, char *buf, size_t cap)
{
	static const char hex[] = "0123456789abcdef";
	size_t		  i, j, k, n = 0, out;
	bool		  keep, fits;

	if (cap == 0)
		return;
	/* Most text is printable ASCII that fits: kept as it is. */
	for (i = 0; i < len && i + 1 < cap; i++)
		if (s[i] < 0x20 || s[i] >= 0x7f || s[i] == '\\')
			break;
	if (i == len) {
		memcpy(buf, s, len);
		buf[len] = '\0';
		return;
	}
	/* Room is kept for the dots only when the whole does not fit. */
	for (i = 0; i < len && n < cap; i += k)
		n += printable_char(s + i, len - i, &k, &keep);
	fits = n < cap;
	for (i = n = 0; i < len; i += k) {
		out = printable_char(s + i, len - i, &k, &keep);
		if (!fits && n + out + 4 > cap) {
			if (n + 4 <= cap)
				memcpy(buf + n, "...", 3), n += 3;
			break;
		}
		if (keep) {
			memcpy(buf + n, s + i, k);
			n += k;
		} else if (s[i] == '\\') {
			buf[n++] = '\\';
			buf[n++] = '\\';
		} else
			for (j = 0; j < k; j++) {
				buf[n++] = '\\';
				buf[n++] = 'x';
				buf[n++] = hex[(unsigned char)s[i + j] >> 4];
				buf[n++] = hex[(unsigned char)s[i + j] & 15];
			}
	}
	buf[n] = '\0';
}

char *
util_printable_dup(const char *s)
{
	size_t len = strlen(s), cap;
	char  *buf;

	/* Every byte's escape is at most four bytes: nothing is cut. */
	cap = 4 * len + 1;
	if ((buf = malloc(cap)) != NULL)
		util_printable(s, len, buf, cap);
	return buf;
}
