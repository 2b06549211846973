/* SPDX-License-Identifier: MIT */
/*
 * gamecheck: the checking loop over one input, the records of this task
 * (--shard) or worker (-j) replayed as selected, solved (--solve),
 * counted and put out.
 */
#include <errno.h>
#include <stdio.h>

#include "batch/check-run.h"

/* Counts one replayed record and says what is wrong with it. */
static void
tally(const char *name, struct record_reader *rd, const struct record *rec,
    struct replay *rp, const struct batch_check_options *opt,
    struct batch_check_totals *t)
{
	char prefix[96];

	t->records++;
	switch (rp->status) {
	case REPLAY_FINISHED:
		/* A forfeit is finished, and said apart among them. */
		t->finished++;
		if (rp->forfeit)
			t->forfeited++;
		break;
	case REPLAY_UNFINISHED: t->unfinished++; break;
	case REPLAY_ILLEGAL: t->illegal++; break;
	case REPLAY_MALFORMED: t->malformed++; break;
	}
	if (opt->require_finished)
		cli_require_finished(rec, rp);
	if (rp->has_warning)
		cli_records_diag(name, rd, &rp->warning, NULL);
	if (!rp->has_error)
		return;
	t->errors++;
	if (rp->error.code == DIAG_RESULT_MISMATCH)
		t->mismatched++;
	if (rp->error.code == DIAG_NO_MEMORY)
		t->out_of_memory = true;
	prefix[0] = '\0';
	if (rp->error_turn > 0)
		snprintf(prefix, sizeof prefix,
		    "turn %lu (%s): ", rp->error_turn, rp->error_move);
	cli_records_diag(name, rd, &rp->error, prefix);
}

/*
 * Replays rec if it is selected (--select, the ranges): the record
 * replayed (cli_select_replay: rec or, with --drop-plies, its end), or
 * NULL.  A record the selection leaves out before its replay is not
 * replayed; an empty input's report is no record's, and always made.
 * One left out has its (empty) frame of -j marked, at, and sets
 * t->ranged once the ranges are over.
 */
static const struct record *
replay_selected(struct record_syntax *syn, const struct record *rec,
    unsigned sub, uint64_t at, const struct replay_options *ro,
    struct replay *rp, struct batch_check_options *opt,
    struct batch_check_totals *t)
{
	const struct record *played;

	if ((sub != CLI_JOBS_RECORD || cli_select_early(&opt->sel, rec))) {
		cli_select_start(&opt->sel);
		played = cli_select_replay(&opt->sel, syn, rec, ro, rp);
		if (sub != CLI_JOBS_RECORD ||
		    cli_select_keep(&opt->sel, rec, rp))
			return played;
	}
	cli_jobs_mark(opt->j, at, sub);
	t->ranged = cli_select_done(&opt->sel);
	return NULL;
}

/*
 * The next record of this task (--shard) or worker (-j) in *rec, and its
 * frame of -j in *sub: 1, 0 at the end, or -1 when reading fails.  The
 * others' records are skipped unread.  An empty input is no record of
 * the numbering: task 1 and one of -j's workers alone report it.
 */
static int
next_mine(struct record_reader *rd, struct batch_check_options *opt,
    const struct batch_check_part *part, const struct record **rec,
    unsigned *sub)
{
	int rc;

	for (;;) {
		cli_jobs_at(opt->j, record_reader_offset(rd));
		if (!cli_record_mine(&opt->in.shard, opt->j, opt->seq)) {
			/* -j: a worker past its share reads no further. */
			if (cli_jobs_done(opt->j))
				return 0;
			if ((rc = record_reader_skip(rd)) == 1) {
				cli_record_take(
				    &opt->in.shard, opt->j, &opt->seq);
				continue;
			}
			if (rc == -1)
				return -1;
			/* At the end: an empty input still has its report. */
		}
		/* A part's input with no record is its first part's. */
		if ((rc = part != NULL ?
			    record_reader_next(rd, rec) :
			    record_reader_next_or_empty(rd, rec)) != 1)
			return rc;
		if ((*rec)->malformed &&
		    (*rec)->error.code == DIAG_EMPTY_INPUT) {
			if ((opt->in.shard.n != 0 && opt->in.shard.k != 1) ||
			    !cli_jobs_owns(opt->j, opt->seq))
				continue;
			/* -j: one worker reports it, before record at. */
			*sub = CLI_JOBS_EMPTY;
			return 1;
		}
		if (cli_record_take(&opt->in.shard, opt->j, &opt->seq)) {
			*sub = CLI_JOBS_RECORD;
			return 1;
		}
	}
}

/*
 * What follows a record's replay: its tally, its report (-j: its frame)
 * and the progress.  0 to go on; 1 to stop reading, --max-errors reached
 * (*stop) or the ranges done (t->ranged); -2 when putting out failed.
 */
/* What the records of one input are settled by (batch_check_input's). */
struct input_run {
	struct record_syntax	       *syn;
	struct record_reader	       *rd;
	const char		       *path, *name;
	const struct batch_check_sinks *o;
	struct batch_check_options     *opt;
	struct batch_check_totals      *t;
	bool			       *stop;
};

static int
settle(const struct input_run *in, const struct record *rec,
    struct replay *rp, int solved, uint64_t at, unsigned sub)
{
	struct batch_check_options *opt = in->opt;
	struct batch_check_totals  *t = in->t;
	int			    put;

	tally(in->name, in->rd, rec, rp, opt, t);
	/* -q alone puts out nothing: no call a record (the speed). */
	put = in->o->any ? batch_check_put(in->syn, in->path, in->name, rec,
			       rp, solved, in->o, opt, t) :
			   0;
	if (put == -1)
		return -2;
	if (put == 0)
		cli_jobs_mark(opt->j, at, sub);
	cli_progress(t->records);
	if (put == 1)
		return 0;
	if (opt->max_errors > 0 && t->errors >= opt->max_errors) {
		*in->stop = true;
		return 1;
	}
	return (t->ranged = cli_select_done(&opt->sel)) ? 1 : 0;
}

/* A held record replayed alone, then settled (as settle()). */
static int
settle_alone(const struct input_run *in, const struct record *rec,
    const struct replay_options *ro, struct replay *rp, uint64_t at)
{
	replay_record(in->syn, rec, ro, rp);
	return settle(in, rec, rp, 0, at, CLI_JOBS_RECORD);
}

/*
 * Records of this run are replayed two at a time (replay_records_pair:
 * faster) where each is replayed whole and on its own: no selection,
 * opening tree, set of positions or solving, nothing kept of the turns.
 * Of those, the ones whose reader decoded their squares pair (those
 * whose moves replay_records_pair plays side by side).
 */
static bool
pairs(const struct replay_options *ro, const struct batch_check_options *opt)
{
	return !cli_select_any(&opt->sel) && opt->sel.drop == 0 &&
	    opt->openings == NULL && !opt->dd.on && opt->perfect == NULL &&
	    ro->each == NULL && !ro->keep_turns;
}

/*
 * The end of a part read (batch_check_input): where the next part starts
 * where this one's records end, and the first part of an input found a
 * record (or one past it), else t->redo.  0, or -1 on a read error.
 */
static int
part_end(struct record_reader *rd, const struct batch_check_part *part,
    struct batch_check_totals *t)
{
	struct diag d;
	int	    rc;

	if (part->start == 0 && record_reader_count(rd) == 0)
		t->redo = true;
	else if ((rc = record_reader_range_check(rd, &d)) != 1) {
		if (rc == -1)
			return -1;
		t->redo = true;
	}
	return 0;
}

/*
 * Checks every record of one input.  Returns 0, or -1 on an I/O error
 * (reported).  *stop is set once --max-errors is reached.  A record read
 * may be held (record_reader_hold) until the next is read, the two then
 * replayed as a pair and put out in their order; one held when a record
 * that cannot pair comes, or the input ends, is replayed alone first.
 */
int
batch_check_input(struct record_syntax *syn, const char *path, FILE *in,
    const struct batch_check_part *part, const struct batch_check_sinks *o,
    struct batch_check_options *opt, struct batch_check_totals *t,
    struct replay *rp, bool *stop)
{
	struct replay_options ro = cli_records_replay(&opt->in);
	struct record_reader *rd;
	struct record_hold   *hold = NULL;
	struct replay	      rp_held;
	const struct record  *rec, *held = NULL, *two[2];
	struct replay	     *rps[2] = { &rp_held, rp };
	const char	     *name = cli_input_name(path);
	struct input_run      run = { syn, NULL, path, name, o, opt, t, stop };
	uint64_t	      at, held_at = 0;
	unsigned	      sub;
	int		      rc, s = 0, solved = 0, read_errno;

	ro.max_legal = 64;
	ro.keep_turns = o->x != NULL || opt->perfect != NULL ||
	    opt->dd.path != NULL || opt->sp != NULL;
	cli_select_replay_options(&opt->sel, &ro);
	if (opt->openings != NULL)
		cli_openings_replay_options(opt->openings, &ro);
	rd = cli_records_reader(&opt->in, syn, in, path, name);
	if (rd == NULL) {
		cli_error("%s: out of memory", name);
		t->out_of_memory = true;
		return -1;
	}
	run.rd = rd;
	/*
	 * A part its format cannot read so, or whose first block cannot be
	 * read (each part would say so): the run in one process.
	 */
	if (part != NULL &&
	    (rc = record_reader_range(rd, part->start, part->end)) != 0) {
		if (rc == -1)
			cli_read_error(name);
		t->redo = true;
		record_reader_free(rd);
		return rc == -1 ? -1 : 0;
	}
	replay_init(&rp_held);
	/*
	 * Without the room to hold one, each record alone; and where a read
	 * may say something (a stream found corrupt), before the record
	 * read ahead of it is put out.
	 */
	if (pairs(&ro, opt) && !cli_input_decompressed(in))
		hold = record_hold_new();
	/*
	 * replay_record fails only for memory; it says so in the record.
	 * Validating nothing is more likely a mistake than a pass: an input
	 * without records is a malformed record of its own, with its report.
	 */
	while ((rc = next_mine(rd, opt, part, &rec, &sub)) == 1) {
		/*
		 * -j: what a record prints is its frame's; what an input
		 * prints is marked off where inputs open and end.
		 */
		at = sub == CLI_JOBS_RECORD ? opt->seq - 1 : opt->seq;
		if (hold != NULL && sub == CLI_JOBS_RECORD && !rec->malformed &&
		    record_squares(rec) != NULL) {
			if (held == NULL &&
			    record_reader_hold(rd, rec, hold)) {
				held = record_held(hold);
				held_at = at;
				continue;
			}
			if (held != NULL) {
				two[0] = held;
				two[1] = rec;
				held = NULL;
				replay_records_pair(syn, two, &ro, rps);
				s = settle(&run, two[0], &rp_held, 0, held_at, sub);
				if (s == 0)
					s = settle(&run, rec, rp, 0, at, sub);
				if (s != 0)
					break;
				continue;
			}
		}
		if (held != NULL) {
			s = settle_alone(&run, held, &ro, &rp_held, held_at);
			held = NULL;
			if (s != 0)
				break;
		}
		if (opt->openings != NULL)
			cli_openings_begin(opt->openings);
		/* Its slot of the set on its way while the replay runs. */
		if (opt->dd.on)
			cli_dedupe_prepare(opt->dd.set, syn, rec);
		if ((rec = replay_selected(
			 syn, rec, sub, at, &ro, rp, opt, t)) == NULL) {
			if (t->ranged)
				break;
			continue;
		}
		if (opt->perfect != NULL &&
		    (solved = cli_perfect_record(
			 opt->perfect, syn, name, rec, rp, &ro)) == -1) {
			t->out_of_memory = true;
			rc = -2;
			break;
		}
		if ((s = settle(&run, rec, rp, solved, at, sub)) != 0)
			break;
	}
	if (rc == 1 && s == -2)
		rc = -2;
	/*
	 * The input ended, or reading failed, with a record held: it was
	 * read first, so it comes first, and if it stops the run (as it
	 * would have before the read), the read's end or failure is not
	 * met.  Putting it out must not change the read's errno.
	 */
	if (held != NULL) {
		read_errno = errno;
		s = settle_alone(&run, held, &ro, &rp_held, held_at);
		if (s != 0)
			rc = s == -2 ? -2 : 1;
		errno = read_errno;
	}
	if (rc == 0 && part != NULL)
		rc = part_end(rd, part, t);
	/* A part that failed: -j 1 stops the input there, saying so once. */
	if (rc == -1 && part != NULL)
		t->redo = true;
	if (rc == -1) {
		/* Reading failed: the input (exit 2), or memory (3). */
		cli_read_error(name);
		if (errno == ENOMEM)
			t->out_of_memory = true;
	}
	record_hold_free(hold);
	replay_fini(&rp_held);
	record_reader_free(rd);
	return rc < 0 ? -1 : 0;
}
