/* SPDX-License-Identifier: MIT */
/*
 * gameplay match: games between two programs that speak the match
 * protocol (formats/protocol.md), run with `sh -c CMD' over pipes.  The
 * referee rolls the dice, asks the player to move for one action at a
 * time, and adjudicates: an illegal answer, a program that exits or closes
 * its output (a crash), or one that does not answer within --timeout (it
 * is killed) loses the game, and the record says why in its Termination
 * tag.  Every game is written and flushed as it ends, a line on stderr
 * says how it went, and a YAML summary (arbiter-match/1) ends the match.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play/play.h"

static int	exec_match(int, char **);

const struct play_cmd play_cmd_match = {
	.name = "match",
	.args = "-b cmd -w cmd [-a] [-n games] [-t seconds] [-S seed]\n"
	    "       [-s spec] [-m turns] [--summary file] game",
	.summary = "games between two programs on the match protocol",
	.exec = exec_match,
};

/* How long a program may take to leave after `quit', in milliseconds. */
#define QUIT_GRACE	2000

static void
help(void)
{
	play_usage(stdout, &play_cmd_match);
	printf("Play GAMES games of GAME between two programs that speak the\n"
	    "match protocol (formats/protocol.md) and write their records to\n"
	    "standard output; a line per game and a YAML summary on stderr.\n"
	    "\n"
	    "  -b, --black=CMD        the first program, Black in game 1\n"
	    "  -w, --white=CMD        the second program, White in game 1\n"
	    "  -a, --alternate        the programs change colours every game\n"
	    "  -n, --games=N          how many games (default 1)\n"
	    "  -t, --timeout=SECONDS  time for each answer (default 10;\n"
	    "                         0: no limit)\n"
	    "  -S, --seed=S           game i rolls its dice from S+i-1\n"
	    "                         (default 1)\n"
	    "  -s, --size=SPEC        the board (default: the game's)\n"
	    "  -m, --max-turns=T      stop a game after T turns, aborted\n"
	    "                         (0: never; default: the game's)\n"
	    "      --summary=FILE     write the summary to FILE, not stderr\n"
	    "                         (- for standard output)\n"
	    "  -h, --help             show this help and exit\n");
}

/* A program playing one side: its process and its pipes. */
struct engine {
	const char	*cmd;
	pid_t		 pid;		/* -1: not running */
	int		 to, from;	/* its stdin, its stdout */
	char		*buf;		/* what it wrote, not yet read */
	size_t		 len, cap;
};

/* The running programs' process groups, for the signal handler. */
static volatile sig_atomic_t running[2];

static void
on_signal(int sig)
{
	int	 i;

	for (i = 0; i < 2; i++)
		if (running[i] > 0)
			kill(-(pid_t)running[i], SIGKILL);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* pipe(2) with both ends closed on exec. */
static int
cloexec_pipe(int fd[2])
{
	if (pipe(fd) == -1)
		return -1;
	if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) == -1 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) == -1) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	return 0;
}

/* "a b c\n" of NULL-ended words, a new string, or NULL. */
static char *
line_of(const char *first, ...)
{
	va_list	 ap;
	const char *w;
	size_t	 len = 1;
	char	*s;

	va_start(ap, first);
	for (w = first; w != NULL; w = va_arg(ap, const char *))
		len += strlen(w) + 1;
	va_end(ap);
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	va_start(ap, first);
	for (w = first; w != NULL; w = va_arg(ap, const char *)) {
		if (s[0] != '\0' && w[0] != '\0')
			strcat(s, " ");
		strcat(s, w);
	}
	va_end(ap);
	strcat(s, "\n");
	return s;
}

static int
engine_start(struct engine *e, int side)
{
	int	 in[2], out[2];
	pid_t	 pid;

	if (cloexec_pipe(in) == -1)
		return -1;
	if (cloexec_pipe(out) == -1) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	if ((pid = fork()) == -1) {
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	if (pid == 0) {
		/* Its own process group, so a kill reaches what sh runs. */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (dup2(in[0], 0) == -1 || dup2(out[1], 1) == -1)
			_exit(127);
		execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(in[0]);
	close(out[1]);
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	e->len = 0;
	running[side] = (sig_atomic_t)pid;
	return 0;
}

/* Stops a program: asks it to quit unless it is to be killed. */
static void
engine_stop(struct engine *e, int side, bool kill_it)
{
	int	 waited, st;

	if (e->pid == -1)
		return;
	if (!kill_it && write(e->to, "quit\n", 5) != 5)
		kill_it = true;
	close(e->to);
	close(e->from);
	if (kill_it)
		kill(-e->pid, SIGKILL);
	for (waited = 0; waitpid(e->pid, &st, WNOHANG) == 0; waited += 10) {
		if (waited >= QUIT_GRACE) {
			kill(-e->pid, SIGKILL);
			waitpid(e->pid, &st, 0);
			break;
		}
		usleep(10000);
	}
	/* Whatever it left running in its group goes too. */
	kill(-e->pid, SIGKILL);
	e->pid = -1;
	running[side] = 0;
}

/* Sends text whole; 0, or -1 when the program has gone (EPIPE). */
static int
engine_send(struct engine *e, const char *text)
{
	size_t	 n = strlen(text);
	ssize_t	 w;

	while (n > 0) {
		if ((w = write(e->to, text, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		text += w;
		n -= (size_t)w;
	}
	return 0;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Reads one line (its newline and any CR removed) within timeout seconds
 * (0: no limit) into *line, owned by e until the next read.  Returns 1, 0
 * at the end of its output, -2 when the time is up, -1 when memory runs
 * out or reading fails.
 */
static int
engine_read(struct engine *e, double timeout, char **line)
{
	struct pollfd pfd = { .fd = e->from, .events = POLLIN };
	double	 deadline = now() + timeout, left;
	char	*nl, *bigger;
	ssize_t	 r;
	int	 ms;

	for (;;) {
		if (e->len > 0 && (nl = memchr(e->buf, '\n', e->len)) != NULL)
			break;
		if (timeout > 0) {
			left = deadline - now();
			if (left <= 0)
				return -2;
			ms = (int)ceil(left * 1000);
		} else
			ms = -1;
		if ((r = poll(&pfd, 1, ms)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			continue;
		if (e->len + 4096 > e->cap) {
			if ((bigger = realloc(e->buf, e->cap + 8192)) == NULL)
				return -1;
			e->buf = bigger;
			e->cap += 8192;
		}
		if ((r = read(e->from, e->buf + e->len, e->cap - e->len - 1)) ==
		    -1) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		if (r == 0)
			return 0;
		e->len += (size_t)r;
	}
	/* Take the line out: what follows it stays for the next read. */
	*nl = '\0';
	if (nl > e->buf && nl[-1] == '\r')
		nl[-1] = '\0';
	*line = strdup(e->buf);
	e->len -= (size_t)(nl + 1 - e->buf);
	memmove(e->buf, nl + 1, e->len);
	return *line != NULL ? 1 : -1;
}

/* How a game ended, for its record and the line on stderr. */
struct ending {
	char		 why[160];	/* the Termination tag, or "" */
	int		 winner;	/* a colour, or -1 */
	bool		 adjudicated, aborted;
};

/*
 * Asks the program to move for one action and plays it.  Returns 0 when
 * the game goes on, 1 when it ended by adjudication (*end says how), or
 * -1 when memory runs out.
 */
static int
ask(struct play_game *pg, struct engine *e, int side, double timeout,
    const struct record_syntax *syn, struct ending *end)
{
	const struct rules_game *g = pg->pos->game;
	struct rules_action acts[2];
	struct record_diag rd;
	struct rules_diag d;
	size_t	 offs[2];
	char	*moves, *req, *line = NULL, shown[64];
	int	 c = rules_to_move(pg->pos), r, n, rc = 1;

	if ((moves = play_game_moves(pg)) == NULL)
		return -1;
	req = line_of("moves", moves, (char *)NULL);
	free(moves);
	if (req == NULL)
		return -1;
	r = engine_send(e, req) == -1 || engine_send(e, "go\n") == -1 ? 0 :
	    engine_read(e, timeout, &line);
	free(req);
	end->winner = 1 - c;
	end->adjudicated = true;
	switch (r) {
	case -1:
		return -1;
	case 0:
		snprintf(end->why, sizeof end->why, "%s crashed",
		    g->colour[c]);
		engine_stop(e, side, true);
		return 1;
	case -2:
		snprintf(end->why, sizeof end->why, "%s timed out",
		    g->colour[c]);
		engine_stop(e, side, true);
		return 1;
	}
	record_printable(line, strlen(line), shown, sizeof shown);
	if (strcmp(line, "resign") == 0) {
		snprintf(end->why, sizeof end->why, "%s resigned",
		    g->colour[c]);
		goto out_free;
	}
	/* One action per request (formats/protocol.md). */
	n = record_turn_parse(syn, &pg->pos->board, line, strlen(line), acts,
	    offs, 2, &rd);
	if (n != 1 || play_game_play(pg, &acts[0], &d) == -1) {
		if (n == 1 && strcmp(d.code, "no-memory") == 0) {
			rc = -1;
			goto out_free;
		}
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    line[0] != '\0' ? shown : "\"\"", g->colour[c]);
		goto out_free;
	}
	end->adjudicated = false;
	end->winner = -1;
	rc = 0;
out_free:
	free(line);
	return rc;
}

static int
exec_match(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "black", required_argument, NULL, 'b' },
		{ "white", required_argument, NULL, 'w' },
		{ "alternate", no_argument, NULL, 'a' },
		{ "games", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 'S' },
		{ "size", required_argument, NULL, 's' },
		{ "max-turns", required_argument, NULL, 'm' },
		{ "summary", required_argument, NULL, PLAY_OPT_SUMMARY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct rules_game *g;
	struct record_syntax *syn = NULL;
	struct engine eng[2] = { { .pid = -1 }, { .pid = -1 } };
	struct play_series ps;
	struct play_game pg;
	struct play_game_tags t = { 0 };
	struct rules_score s;
	struct ending end;
	struct sigaction sa;
	unsigned long i;
	double	 timeout = 10;
	bool	 alternate = false;
	char	*endp;
	int	 c, k, r, start[RULES_COLOURS], black, status = CLI_OK;

	play_series_init(&ps, "match");
	while ((c = getopt_long(argc, argv, "b:w:an:t:S:s:m:h", longopts,
	    NULL)) != -1) {
		if ((r = play_series_option(&ps, c, optarg)) == -1)
			return CLI_USAGE;
		if (r == 1)
			continue;
		switch (c) {
		case 'b': eng[0].cmd = optarg; break;
		case 'w': eng[1].cmd = optarg; break;
		case 'a': alternate = true; break;
		case 't':
			errno = 0;
			timeout = strtod(optarg, &endp);
			if (optarg[0] < '0' || optarg[0] > '9' ||
			    *endp != '\0' || errno != 0 || !(timeout >= 0) ||
			    timeout > 1e6) {
				cli_error("--timeout takes seconds, not '%s'",
				    optarg);
				return CLI_USAGE;
			}
			break;
		case 'h':
			help();
			return cli_output_ok(stdout, "stdout") ? CLI_OK :
			    CLI_USAGE;
		default:
			play_usage(stderr, &play_cmd_match);
			return CLI_USAGE;
		}
	}
	if (argc - optind != 1 || eng[0].cmd == NULL || eng[1].cmd == NULL) {
		cli_error("match: name two programs (--black, --white) and "
		    "one game (try gameplay match --help)");
		return CLI_USAGE;
	}
	if ((g = play_series_game(&ps, argv[optind])) == NULL ||
	    play_series_start(&ps, 0, &pg) == -1)
		return CLI_USAGE;
	play_game_fini(&pg);
	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	/* A program gone is an EPIPE on write, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	black = play_colour(g, "black", 0);
	ps.m.side[0].name = eng[0].cmd;
	ps.m.side[1].name = eng[1].cmd;
	t.event = "match";
	for (i = 0; i < ps.games && status == CLI_OK; i++) {
		/* With --alternate, the second program is Black in game 2. */
		k = alternate && i % 2 == 1;
		start[black] = k;
		start[1 - black] = 1 - k;
		if (play_series_start(&ps, i, &pg) == -1) {
			status = CLI_INTERNAL;
			break;
		}
		for (k = 0; k < 2 && status == CLI_OK; k++) {
			if (eng[k].pid == -1 && engine_start(&eng[k], k) == -1) {
				cli_error("cannot run '%s': %s", eng[k].cmd,
				    strerror(errno));
				status = CLI_USAGE;
			}
		}
		memset(&end, 0, sizeof end);
		end.winner = -1;
		/* A program that is gone already is found out when asked. */
		for (k = 0; k < 2 && status == CLI_OK; k++) {
			char	*hello;

			if ((hello = line_of("game", g->name, ps.board,
			    (char *)NULL)) == NULL) {
				status = CLI_INTERNAL;
				break;
			}
			engine_send(&eng[k], hello);
			free(hello);
		}
		while (status == CLI_OK && play_series_going(&ps, &pg)) {
			if ((r = play_game_roll(&pg)) == 1)
				continue;
			if (r == 0) {
				k = play_game_side(&pg, start,
				    rules_to_move(pg.pos));
				r = ask(&pg, &eng[k], k, timeout, syn, &end);
			}
			if (r == -1) {
				cli_error("out of memory");
				status = CLI_INTERNAL;
			}
			if (r != 0)
				break;
		}
		if (status != CLI_OK) {
			play_game_fini(&pg);
			break;
		}
		rules_score(pg.pos, &s);
		if (!end.adjudicated && !s.over) {
			end.aborted = true;
			snprintf(end.why, sizeof end.why, "aborted");
			ps.m.aborted++;
		} else if (!end.adjudicated)
			end.winner = s.winner;
		else
			ps.m.adjudicated++;
		t.round = i + 1;
		t.black = eng[start[black]].cmd;
		t.white = eng[start[1 - black]].cmd;
		t.termination = end.why[0] != '\0' ? end.why : NULL;
		t.winner = end.adjudicated ? g->colour[end.winner] : NULL;
		play_tally(&ps.m, &pg, start, end.winner, end.aborted);
		status = play_finish(play_game_write(stdout, &pg, &t));
		/* The line of this game: who won, how, who played what. */
		fprintf(stderr, "%s: game %lu/%lu: ", cli_progname(), i + 1,
		    ps.games);
		if (end.aborted)
			fprintf(stderr, "aborted after %d turns, %d-%d",
			    pg.pos->turn - 1, s.points[0], s.points[1]);
		else if (end.adjudicated)
			fprintf(stderr, "%s wins: %s", g->colour[end.winner],
			    end.why);
		else if (end.winner == -1)
			fprintf(stderr, "draw %d-%d", s.points[0],
			    s.points[1]);
		else
			fprintf(stderr, "%s wins %d-%d",
			    g->colour[end.winner], s.points[0], s.points[1]);
		/* Who held each colour at the end, as the result is by colour. */
		fprintf(stderr, " (%s: %s; %s: %s)\n", g->colour[0],
		    eng[play_game_side(&pg, start, 0)].cmd, g->colour[1],
		    eng[play_game_side(&pg, start, 1)].cmd);
		play_game_fini(&pg);
	}
	for (k = 0; k < 2; k++)
		engine_stop(&eng[k], k, false);
	for (k = 0; k < 2; k++)
		free(eng[k].buf);
	record_syntax_free(syn);
	if (status == CLI_OK && !play_summary(&ps.m, ps.summary))
		status = CLI_USAGE;
	return status;
}
