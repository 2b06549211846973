/* SPDX-License-Identifier: MIT */
/*
 * A test oracle for gamecheck --solve, on nothing of arbiter's: reads
 * Reversi transcripts (f5d6..., passes implied), one a line, plays each
 * on its own board code, and from the first position with at most E
 * empties (the argument) does a plain minimax for Black to the end of
 * every line: it prints "score B-W" (Black's discs under perfect play,
 * empties to the winner) and then "mistake TURN COLOUR MOVE LOST" for
 * each move that lost its mover value, TURN counting implied passes, as
 * the report's perfect-play block does.  "not-reached" when no position
 * has so few empties.  Only for a few empties: nothing is pruned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY 0
#define BLACK 1
#define WHITE 2

/* Discs of colour c flipped by c on square sq of b (applied if apply). */
static int
flips(signed char *b, int sq, int c, int apply)
{
	static const int dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
	static const int dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
	int		 k, x, y, run, n = 0;

	if (b[sq] != EMPTY)
		return 0;
	for (k = 0; k < 8; k++) {
		run = 0;
		for (x = sq % 8 + dx[k], y = sq / 8 + dy[k]; x >= 0 && x < 8 &&
		     y >= 0 && y < 8 && b[8 * y + x] == 3 - c;
		     x += dx[k], y += dy[k])
			run++;
		if (run == 0 || x < 0 || x > 7 || y < 0 || y > 7 ||
		    b[8 * y + x] != c)
			continue;
		n += run;
		for (; apply && run > 0; run--) {
			x -= dx[k];
			y -= dy[k];
			b[8 * y + x] = (signed char)c;
		}
	}
	if (apply && n > 0)
		b[sq] = (signed char)c;
	return n;
}

static int
can_move(signed char *b, int c)
{
	int sq;

	for (sq = 0; sq < 64; sq++)
		if (flips(b, sq, c, 0) > 0)
			return 1;
	return 0;
}

/* Black's margin at the end, empties to the winner. */
static int
final_margin(const signed char *b)
{
	int i, k = 0, w = 0;

	for (i = 0; i < 64; i++) {
		k += b[i] == BLACK;
		w += b[i] == WHITE;
	}
	return k > w ? 64 - 2 * w : k < w ? 2 * k - 64 : 0;
}

/* Black's margin under perfect play, c to move. */
static int
minimax(const signed char *b, int c)
{
	signed char next[64];
	int	    sq, v, best = c == BLACK ? -100 : 100;

	for (sq = 0; sq < 64; sq++) {
		memcpy(next, b, 64);
		if (flips(next, sq, c, 1) == 0)
			continue;
		v = minimax(next, 3 - c);
		if (c == BLACK ? v > best : v < best)
			best = v;
	}
	if (best != (c == BLACK ? -100 : 100))
		return best;
	memcpy(next, b, 64);
	if (!can_move(next, 3 - c))
		return final_margin(b);
	return minimax(b, 3 - c);
}

static int
empties(const signed char *b)
{
	int i, n = 0;

	for (i = 0; i < 64; i++)
		n += b[i] == EMPTY;
	return n;
}

static void
start(signed char *b)
{
	memset(b, EMPTY, 64);
	b[27] = b[36] = WHITE;
	b[28] = b[35] = BLACK;
}

/* The line's squares, implied passes as -1; their number. */
static int
read_line(const char *s, int *moves)
{
	signed char b[64];
	int	    n = 0, c = BLACK, sq;

	start(b);
	for (; s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
	     s += 2) {
		sq = (s[1] - '1') * 8 + (s[0] - 'a');
		if (!can_move(b, c) && can_move(b, 3 - c)) {
			moves[n++] = -1;
			c = 3 - c;
		}
		if (flips(b, sq, c, 1) == 0) {
			fprintf(stderr, "naive-line: %c%c is illegal\n", s[0],
			    s[1]);
			exit(2);
		}
		moves[n++] = sq;
		c = 3 - c;
	}
	return n;
}

static void
line(const char *text, int limit)
{
	signed char b[64];
	int	    moves[128], n, i, c = BLACK, v, after;

	n = read_line(text, moves);
	start(b);
	for (i = 0; i < n && empties(b) > limit; i++) {
		if (moves[i] >= 0)
			flips(b, moves[i], c, 1);
		c = 3 - c;
	}
	if (empties(b) > limit) {
		puts("not-reached");
		return;
	}
	v = minimax(b, c);
	printf("score %d-%d\n", (64 + v) / 2, (64 - v) / 2);
	for (; i < n; i++) {
		if (moves[i] >= 0)
			flips(b, moves[i], c, 1);
		after = minimax(b, 3 - c);
		if (c == BLACK ? after < v : after > v)
			printf("mistake %d %s %c%d %d\n", i + 1,
			    c == BLACK ? "black" : "white", 'a' + moves[i] % 8,
			    1 + moves[i] / 8,
			    c == BLACK ? v - after : after - v);
		v = after;
		c = 3 - c;
	}
}

int
main(int argc, char **argv)
{
	char buf[512];

	if (argc != 2) {
		fputs("usage: naive-line EMPTIES < transcripts\n", stderr);
		return 2;
	}
	while (fgets(buf, sizeof buf, stdin) != NULL)
		line(buf, atoi(argv[1]));
	return 0;
}
