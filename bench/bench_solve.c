/* SPDX-License-Identifier: MIT */
/*
 * Endgame solver benchmark (make bench): the FFO positions FIRST..LAST of
 * tests/solve/ffo.txt, each solved from an empty table, with empties,
 * score (checked against the file's), best move, nodes and CPU seconds;
 * or, with -g, positions of EMPTIES empties taken from the real games of
 * a CSV file (id,winner,moves as f5d6c3...).
 *   usage: bench_solve [-t MB] FFO.TXT FIRST LAST
 *	    bench_solve [-t MB] -g CSV EMPTIES COUNT
 * Exits 1 if a score disagrees with the file's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "rules/rules.h"
#include "solve/solve.h"

/* CPU seconds (user + system) of this process. */
static double
cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static void
square_name(int sq, char buf[4])
{
	if (sq == SOLVE_PASS)
		strcpy(buf, "ps");
	else if (sq < 0)
		strcpy(buf, "--");
	else
		snprintf(buf, 4, "%c%d", 'a' + sq % 8, (sq / 8 + 1) % 10);
}

/* Solves one position and prints its line; CPU seconds spent in *t. */
static int
run_one(
    struct solve *sv, const char *label, uint64_t me, uint64_t opp, double *t)
{
	struct solve_result r;
	char		    mv[4];
	double		    c0;

	solve_clear(sv);
	c0 = cpu();
	if (solve_bitboards(sv, me, opp, NULL, &r) != 0)
		return SOLVE_SCORE_UNKNOWN;
	*t = cpu() - c0;
	square_name(r.nbest > 0 ? r.best[0] : -2, mv);
	printf("%-6s %7d %+6d %4s %14llu %9.3f %12.0f\n", label, r.empties,
	    r.score, mv, (unsigned long long)r.nodes, *t,
	    *t > 0 ? (double)r.nodes / *t : 0.0);
	fflush(stdout);
	return r.score;
}

static int
bench_ffo(struct solve *sv, const char *path, int first, int last)
{
	FILE	   *f = fopen(path, "r");
	char	    line[512], label[16];
	const char *p;
	uint64_t    me, opp;
	int	    n, score, bad = 0;
	double	    t, total = 0;

	if (f == NULL) {
		perror(path);
		return 2;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#' || sscanf(line, "%d", &n) != 1 ||
		    n < first || n > last)
			continue;
		p = strchr(line, ' ');
		if (p == NULL || solve_parse_board(p, &me, &opp, &p) < 0 ||
		    sscanf(p, "%d", &score) != 1) {
			fprintf(stderr, "bench_solve: bad line %d\n", n);
			return 2;
		}
		snprintf(label, sizeof label, "#%d", n);
		if (run_one(sv, label, me, opp, &t) != score) {
			printf("%-6s wrong: expected %+d\n", label, score);
			bad = 1;
		}
		total += t;
	}
	fclose(f);
	printf("total  %9.3f CPU seconds\n", total);
	return bad;
}

/* The position of the game moves (f5d6...) with `empties' empties. */
static int
game_position(const char *moves, int empties, uint64_t *me, uint64_t *opp)
{
	struct rules_position *pos;
	struct rules_action    a;
	struct diag	       d;
	int		       cell, piece;

	pos = rules_position_new(&rules_reversi, NULL, NULL, &d);
	if (pos == NULL)
		return -1;
	while (64 - rules_turn(pos) > 0) {
		uint64_t bb[2] = { 0, 0 };

		for (cell = 0; cell < 64; cell++)
			if ((piece = rules_piece(pos, cell)) != RULES_EMPTY)
				bb[piece - RULES_PIECE(0)] |= UINT64_C(1)
				    << cell;
		if (64 - __builtin_popcountll(bb[0] | bb[1]) == empties) {
			*me = bb[rules_to_move(pos) == 1];
			*opp = bb[rules_to_move(pos) != 1];
			rules_position_free(pos);
			return 0;
		}
		if (rules_legal(pos, &a, 1) == 0)
			break;
		if (a.kind != RULES_PASS) {
			if (moves[0] == '\0' || moves[1] == '\0')
				break;
			cell = rules_cell_parse(&pos->board, moves, 2);
			moves += 2;
			a.kind = RULES_PLACE;
			a.to = (int16_t)cell;
		}
		if (cell < 0 || rules_play(pos, &a, &d) < 0)
			break;
	}
	rules_position_free(pos);
	return -1;
}

static int
bench_games(struct solve *sv, const char *path, int empties, int count)
{
	FILE	*f = fopen(path, "r");
	char	 line[1024], label[16], *moves;
	uint64_t me, opp;
	int	 n = 0;
	double	 t, total = 0;

	if (f == NULL) {
		perror(path);
		return 2;
	}
	while (n < count && fgets(line, sizeof line, f) != NULL) {
		if ((moves = strrchr(line, ',')) == NULL ||
		    game_position(moves + 1, empties, &me, &opp) < 0)
			continue;
		snprintf(label, sizeof label, "g%d", ++n);
		run_one(sv, label, me, opp, &t);
		total += t;
	}
	fclose(f);
	printf("total  %9.3f CPU seconds, %d positions, %.3f on average\n",
	    total, n, n > 0 ? total / n : 0.0);
	return 0;
}

int
main(int argc, char **argv)
{
	struct solve *sv;
	size_t	      mb = 0;
	int	      rc, i = 1;

	if (argc > 2 && strcmp(argv[1], "-t") == 0) {
		mb = (size_t)atol(argv[2]);
		i = 3;
	}
	if (argc - i != 3 && !(argc - i == 4 && strcmp(argv[i], "-g") == 0)) {
		fprintf(stderr,
		    "usage: bench_solve [-t MB] FFO.TXT FIRST "
		    "LAST\n       bench_solve [-t MB] -g CSV "
		    "EMPTIES COUNT\n");
		return 2;
	}
	if ((sv = solve_new(mb << 20)) == NULL) {
		fprintf(stderr, "bench_solve: out of memory\n");
		return 2;
	}
	printf("%-6s %7s %6s %4s %14s %9s %12s\n", "pos", "empties", "score",
	    "move", "nodes", "cpu-s", "nodes/s");
	if (strcmp(argv[i], "-g") == 0)
		rc = bench_games(
		    sv, argv[i + 1], atoi(argv[i + 2]), atoi(argv[i + 3]));
	else
		rc = bench_ffo(
		    sv, argv[i], atoi(argv[i + 1]), atoi(argv[i + 2]));
	solve_free(sv);
	return rc;
}
