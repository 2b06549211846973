/* SPDX-License-Identifier: MIT */
/*
 * Text (util.h): decoding UTF-8 and escaping any bytes as XML character
 * data.  What to do with text that is not UTF-8 elsewhere (reports,
 * terminals) is the writers' of those.
 */
#include <stdio.h>
#include <string.h>

#include "util/util.h"

size_t
utf8_char(const char *s, size_t len, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t		     need, k;

	need = p[0] < 0x80	  ? 0 :
	    (p[0] & 0xe0) == 0xc0 ? 1 :
	    (p[0] & 0xf0) == 0xe0 ? 2 :
	    (p[0] & 0xf8) == 0xf0 ? 3 :
				    9;
	if (need == 9 || need >= len)
		return 0;
	*cp = need == 0 ? p[0] :
	    need == 1	? p[0] & 0x1fu :
	    need == 2	? p[0] & 0x0fu :
			  p[0] & 0x07u;
	for (k = 1; k <= need; k++) {
		if ((p[k] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[k] & 0x3fu);
	}
	if ((need == 1 && *cp < 0x80) || (need == 2 && *cp < 0x800) ||
	    (need == 3 && *cp < 0x10000) || *cp > 0x10ffff ||
	    (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return need + 1;
}

int
xml_escape(FILE *out, const char *s)
{
	return xml_escape_n(out, s, s != NULL ? strlen(s) : 0);
}

int
xml_escape_n(FILE *out, const char *s, size_t len)
{
	size_t	 i, k;
	uint32_t cp;

	for (i = 0; i < len; i += k) {
		k = utf8_char(s + i, len - i, &cp);
		/* One U+FFFD a byte, as reports clean record text. */
		if (k == 0) {
			fputs("\xef\xbf\xbd", out);
			k = 1;
			continue;
		}
		switch (cp) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default:
			/*
			 * XML 1.0 (Char, §2.2) holds no other C0 control, not
			 * even as a character reference, nor U+FFFE, U+FFFF;
			 * a carriage return would be read as a newline.
			 */
			if ((cp < 0x20 && cp != '\t' && cp != '\n') ||
			    cp == 0xfffe || cp == 0xffff)
				fputs("\xef\xbf\xbd", out);
			else
				fwrite(s + i, 1, k, out);
		}
	}
	return ferror(out) ? -1 : 0;
}
