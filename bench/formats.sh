#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 34, target 1: gamecheck --quiet on the same games in each input
# format, as a paired ratio of CPU time (user + system) to the CSV's:
# farm-bench runs the format and the CSV in turn, RUNS times (7), and
# prints the median ratio A/B of the pairs.  The Othello data set repeated
# COPIES times (4: 102,628 games), written in each format by
# gamecheck --write (WTHOR by bench/bench_to_wthor).  With
# ARBITER_REFERENCE (another build's directory) each format is also
# paired against that build on the same file: new/old.  Target: every
# ratio to the CSV within 1.25 (make bench; skips without farm-bench).
#
# Before/after, branch formats against main 329edbe, each tree's
# gamecheck -O2, in the same minutes, by
#   ARBITER_DATASET=.../othello_dataset.csv sh bench/formats.sh
# in each tree, and ARBITER_REFERENCE=<main's tree> in the branch's.  Two
# rounds, at load 7-9 and at load 3-4 on 2 cores (a ratio moves by 0.1-0.4
# from run to run at that load: read the pairs, not the digits):
#   x CSV, before -> after   round 1 (load 8)*    round 2 (load 3)
#     transcript             0.91 -> 0.90         0.88 -> 0.90
#     notation               2.48 -> 1.83         2.16 -> 2.06
#     WTHOR                  1.38 -> 1.07         1.38 -> 1.02
#     GGF                    2.30 -> 2.03         1.79 -> 1.98
#     SGF                    2.35 -> 2.06         2.22 -> 2.05
#   x main, same file (round 2): transcript 1.14, notation 0.99,
#     WTHOR 0.89, GGF 0.97, SGF 0.98.  (*: with a tag key since reverted.)
# The transcript's reading is the same code as main's: its 1.14 (1.12 in
# round 1) looks like code placement (reversi_play_cells, 45% of it, moved
# from 16 to 32 bytes past a 64-byte line), to be confirmed on an idle
# machine.  farm-bench pairs at 9-21 runs: WTHOR 0.85x main (an inline
# wthor_square writing into the line: no store-forwarding stall), SGF
# 0.95x (two-byte tokens copied with no memcpy call), GGF 0.93x (XT's tag
# check); the notation's split into functions of one job cost it about 4%
# of layout, won back by the inline record_turn_is_pass and two-byte
# tokens.  Peak RSS flat: 3.6-3.8 MB on every format (/usr/bin/time),
# before and after.
#
# Branch replay2 against main f1cabb3 (the replay side every format
# shares: known tags by number, two_byte_square's bounds once a run), the
# 102,628 games, gamecheck -O2, paired in the same minutes at load 8-9 on
# 2 cores, by farm-bench -n 21 (CSV, notation) or 15 --vs 'main -q F' --
# 'replay2 -q F', A/B cpu min/median/max:
#     CSV 0.78/0.94/0.99, notation 0.85/0.96/1.32, transcript
#     0.91/0.95/1.04, WTHOR 0.82/0.90/1.05, GGF 0.80/0.98/1.01, SGF
#     0.89/0.95/1.03.
# Instructions (callgrind gamecheck -q, the set once, 25,657 games, main
# -> replay2): CSV 361.8M -> 318.7M (-11.9%), transcripts 323.8M ->
# 294.5M (-9.0%), WTHOR 462.8M -> 382.1M (-17.4%: its records carry a
# dozen tags, each once searched for by every lookup), GGF 780.4M ->
# 731.1M (-6.3%), the notation (its first 5,000 games) 85.7M -> 78.9M
# (-8.0%).  Output the same: bench/same-output.sh main's gamecheck, and
# cmp of full reports and stderr on the set in every format.
#
# Branch pgn against main 3f6d9e3, the notation's reading: one scanner
# of where a record ends (pgn_scan) that reading and passing over a
# record share, its tokens read in the scanner's loop, the line held in
# locals from one token to the next; move numbers, white space and
# scores by hand against the byte past them; a line's room in reader.c
# checked with no call.  gamecheck -O2 each, the 102,628 games, paired
# by farm-bench -n 7 --vs 'gamecheck -q g.csv' -- gamecheck -q g.pgn
# (and --vs main's gamecheck on the same file, each format written by
# main's --write) in the same minutes, three rounds at load 11-14 on 2
# cores (a ratio moves by 0.2-0.4 from run to run at that load; the
# first two rounds on earlier builds of the branch, the third on its
# last):
#   notation x CSV      main 2.52, 2.43, 2.51    branch 1.73, 1.92, 1.93
#   branch x main, the notation: 0.81, 0.83, 0.73; the CSV: 0.97, 1.07,
#   0.98 (the same reading but the shared line room).
# Not yet the target: the notation still 1.9x the CSV, not 1.25x.
# Instructions (valgrind --tool=callgrind gamecheck -q FILE, the set
# once, 25,657 games, the notation by main's --write): the notation
# 874.7M -> 655.5M (-25.1%), the CSV 318.7M -> 316.5M (-0.7%): the
# notation 2.74x the CSV's -> 2.07x.  What is left of it over the CSV's:
# reader_line (62M: the notation's ten lines a game against the CSV's
# one), the tags (45M: tag_by_hand, reader_tag, record_tag_note_known),
# each turn's copy into the record's text and its pointer set in
# reader_finish (the CSV's point into its line), and the scan of three
# times the bytes.  Output the same: cmp of the full reports and stderr
# against main's on the file, -j 1, 2, 3.
#
# Branch gtree against main 3f6d9e3 (read-tree.c, GGF and SGF), each
# tree's gamecheck -O2.  Instructions, valgrind --tool=callgrind
# gamecheck -q on the set once (25,657 games, each format by main's
# --write), main -> gtree: GGF 731.6M -> 599.0M (-18.1%), SGF 780.2M ->
# 645.1M (-17.3%); CSV 318.7M, the same code (GGF 1.88x and SGF 2.02x
# its instructions, from 2.30x and 2.45x).  What went: a square's two
# bytes checked at once and the move inline in the run (7%), the Result
# tag's discs without snprintf (3%), the tree's cell arrays no longer
# zeroed a game and property ids matched without strcmp (3%), a start
# position known by its pieces, no Setup text made and compared (2%),
# a square's bytes by a table and the moves' colours in registers (2%),
# BO's cells by a table, a short XT name on the stack (GGF 1.5%), RE
# shown only for a diagnostic.  Left:
# each move's copy into the record's text and its pointer set at the end
# (a tree may span lines, so its tokens cannot point into one), about 90
# instructions a move against the CSV's 50; the header's properties.
# Paired, farm-bench -n 7 (CPU, median A/B), the 102,628 games, load
# 14-16 on 2 cores (runs of 0.2-0.4 s: read the pairs, not the digits):
#   GGF x CSV 2.25 (main) -> 1.84 (gtree); SGF x CSV 2.21 -> 1.89;
#   gtree x main on the same file: GGF 0.82, SGF 0.84.
# Peak RSS flat: 11.4-11.6 MiB both (farm-bench's peak, its own floor).
# Output the same: cmp of gamecheck's YAML, -q, --write=pgn
# --keep-illegal, --write=sgf, -j 2 and -j 3 (stdout, stderr, exit) of
# main and gtree on 2,000 games of the set as GGF and SGF, as is, with
# moves mangled and with bytes mangled (brackets dropped and escaped,
# values split across lines, passes, notes, white space, variations),
# and every golden case's tree input.
#
# WTHOR after csvfast (the CSV 0.74x main 3f6d9e3 left WTHOR 1.27x the
# CSV by bench/jobs.sh): the WOF score's text by hand, not snprintf (7%
# of WTHOR's instructions), and move bytes named by a table, not a
# division by ten.  Instructions (callgrind, gamecheck -q, 102,628
# games): WTHOR 1,377M -> 1,236M (-10.3%; main 3f6d9e3 1,513M), CSV 934M.
# farm-bench -n 9 on the set repeated 40 times (1,026,280 games), load
# 0.5-0.9, 09:15 UTC, median CPU A/B:
#   --vs 'gamecheck -q huge.csv' -- gamecheck -q huge.wtb        1.18
#   --vs '<3f6d9e3>/gamecheck -q huge.wtb' -- gamecheck -q huge.wtb 0.71
#   --vs '<3f6d9e3>/gamecheck -q huge.csv' -- gamecheck -q huge.csv 0.74
#
# Branch ptags against main e11e01b, the notation's tags: a record's
# first 16 tags checked for a duplicate by a scan of the earlier names
# (their first bytes first), the hash map only past them; tag names
# compared byte for byte and folded only where they differ, a known
# name's second byte checked first (record_tag_note_known); the Result
# claim by its known-tag number, no search; a value scanned once by
# hand for its quote and a backslash, not by two memchr calls and a
# third in read_tag.  Instructions
# (valgrind --tool=callgrind gamecheck -q, the set once, 25,657 games,
# the notation by main's --write), main -> ptags: 637.4M -> 614.0M
# (-3.7%); reader_tag 20.5M -> 8.2M, record_tag_note_known 17.1M ->
# 10.5M, tag_by_hand 21.6M -> 19.2M, read_tag's backslash search 2.8M
# -> 0.  The CSV on the same games 227.2M: the notation 2.81x its
# instructions -> 2.70x.  Left of the tags: about 40M (tag_by_hand's
# bytes, reader_tag, record_tag_note_known); the rest of the gap is the
# movetext and its lines (next_pgn, reader_line, the turns' copies).
# Paired, farm-bench -n 9 --vs '<main>/gamecheck -q huge.pgn' --
# gamecheck -q huge.pgn, the notation of 1,026,280 games, both -O2,
# load 2.2-3.0 on 2 cores, 09:30 UTC: A/B cpu 0.85/0.95/1.07 (min,
# median, max).  On 102,628 games (runs of 0.2 s) -n 21 moved 0.60-1.38
# at that load: the instructions are the figure to trust.
# Output the same: cmp of gamecheck's YAML, -q, -j 2 and --write=pgn
# --keep-illegal (stdout, stderr, exit) of main and ptags on the set's
# notation and on 3,000 records of 0 to 42 tags, duplicates in any case,
# odd names and escaped values; CSV, GGF, SGF and transcripts of 3,000
# games too.
#
# Branch pgn against main 60a1517, the notation's squares: each turn's
# square decoded as the notation's reader reads its token (a lookup a
# byte, record_squares), so that the replay plays them without reading
# the tokens again, as the line readers' and WTHOR's; a pass looked for
# only among the turns that are no square (passes_implied); a square's
# turn added with one test of the arrays' room.  Instructions (valgrind
# --tool=callgrind gamecheck -q one.EXT, the set once, 25,657 games), main
# -> pgn: the notation 613.0M -> 568.0M (23,892 -> 22,140 a game, -7.3%;
# replay_record and its turn.h 67.9M -> 20.7M), the CSV 210.02M ->
# 210.06M (8,186 a game): the notation 2.92x the CSV's -> 2.70x.
# Output the same: bench/same-output.sh main's gamecheck, cmp of full
# and -q reports, stderr and exit of big.pgn and one.csv, -j 1 and -j 2.
# Then the lines past a record's start that the input's block holds
# whole read where they lie, not copied by reader_line (build_lines: a
# blank or % line, one plain tag, move numbers and turns; a comment, a
# result and the rest left to pgn_scan): the notation 568.0M -> 516.7M
# (20,139 a game, -9.0%; reader_line, line_add, memchr 48.0M -> 12.3M),
# the CSV 210.06M: 2.46x the CSV's.  Output the same as above, and on
# one.pgn with CRLF and CR line ends, and gamecheck (-f pgn, -j 2,
# --max-record-size 300) on every fuzz corpus file and case input;
# test_pgn_pass reads its hostile inputs both ways, every record and
# diagnostic compared.  Then the record's first line and the line ending
# in its result read there too (and the blank lines between records):
# 516.7M -> 500.5M (19,508 a game, -3.1%; reader_line and tag_by_hand
# 19.2M -> 0), 2.38x the CSV's; the same checks.  Then a move number's
# token ended where the number ends (no second scan of its bytes), and a
# pass replayed as a square is (play_turn, no parse): 500.5M -> 496.8M
# (the pass) -> 479.5M (18,689 a game), the CSV 210.06M: 2.28x.  The
# same checks, and full reports of one.EXT in GGF, SGF, transcripts and
# WTHOR against main's.  CPU (user + system, /usr/bin/time -f '%U %S'
# gamecheck -q, medians of 7 runs, main's and pgn's in turn, load 2-5
# on 2 cores): big.pgn four times (410,512 games) 0.74 s -> 0.59 s
# (0.80x), huge.csv (1,026,280 games) 0.83 s -> 0.82 s; the notation
# 2.22x the CSV's CPU a game -> 1.80x, against the 1.25x of target 1.
#
# Branch tree against main 60a1517, the GGF and SGF readers (issue 34,
# target 1).  Instructions per game (valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT, the set once,
# 25,657 games, each format by main's --write), main -> tree:
#   step 1, the moves of a line's run written by tree_squares (eight
#   bytes of the line read at once, a move's frame checked by one mask,
#   its turn, offset, square and text stored through pointers held in
#   registers), each turn's square decoded as it is read and handed to
#   the replay (record_squares), as the line readers' and WTHOR's:
#     GGF 21,800 -> 18,423, SGF 23,522 -> 19,788, CSV 8,186 -> 8,186;
#     GGF's replay_record 44.8M -> 19.7M; next_tree and what it
#     inlines 186.5M -> 44.3M, and tree_squares 74.2M.
#   step 2, GGF's start board (nearly every BO) by one memcmp, and a
#   value's end by eight bytes at a time (value_stop):
#     GGF 18,423 -> 16,704 (ggf_board 33.7M -> 3.9M, tree_values
#     49.8M -> 37.7M), SGF 19,788 -> 19,911 (its values are a few
#     bytes: a word's test costs what their bytes did), CSV 8,186.
#   step 3, a property's name read where it stands when its '[' follows
#   on the line, GM and FF (in every root) passed with no search of the
#   tables, XT[GameId=] carried with no search, a point of AB, AW or AE
#   with no memchr for a colon:
#     GGF 16,704 -> 16,168, SGF 19,911 -> 19,024, CSV 8,186.
#   step 4, tree_squares takes passes (PA, pa), a main line's first
#   move and a line's last (fewer than eight bytes left) too, so that a
#   game's moves are one run, not one a pass:
#     GGF 16,168 -> 14,868, SGF 19,024 -> 17,199, CSV 8,186.
#   step 5, tree_squares' loop with the line's last move apart from
#   the loads of eight bytes and no text pointer stored (reader_finish
#   sets it), and BO's side from ggf_board, not atoi:
#     GGF 14,868 -> 14,690, SGF 17,199 -> 17,148, CSV 8,186.
#   step 6, SGF's RE by its first byte and its digits by hand (no
#   strcasecmp, strcmp or strtol on B+n), the properties searched in
#   the order trees give them, the set-up points placed from a list of
#   those given, not a scan of their rows and columns:
#     GGF 14,690 -> 14,696, SGF 17,148 -> 16,617, CSV 8,186.
# On main 60a1517 the CSV is 8,186: GGF 2.66x -> 1.80x its instructions,
# SGF 2.87x -> 2.03x.  Merged with main e008ce1 (two records replayed at
# a time), main -> tree: GGF 21,995 -> 15,496, SGF 23,705 -> 17,417, CSV
# 8,970 -> 8,969 (1.73x and 1.94x the CSV's); step 7, after the merge,
# tree_squares' loop bounded by one compare a move (the room and the
# line's whole words folded into one bound): GGF 15,496 -> 15,276, SGF
# 17,417 -> 17,120 (1.70x and 1.91x the CSV's 8,969).
# Paired CPU at the last step, user + system by /usr/bin/time -f '%U %S'
# gamecheck -q, medians of 5 in turn, the set 40 times (1,026,280 games:
# huge.csv, big.ggf and big.sgf repeated ten times), load 2.6-2.8 on 2
# cores: x CSV, main e008ce1 -> tree: GGF 2.33 -> 1.66, SGF 2.51 -> 1.82;
# tree / main on the same file: GGF 0.71, SGF 0.73, CSV 1.00.
# Merged with main a656f5f (its notation's squares, a pass replayed as a
# square is), main -> tree: GGF 21,995 -> 14,923, SGF 23,705 -> 16,767,
# CSV 8,654 -> 8,654 (1.72x and 1.94x the CSV's instructions); paired
# CPU as above, load 1.5-2.8: x CSV GGF 2.37 -> 1.68, SGF 2.63 -> 1.79;
# tree / main GGF 0.72, SGF 0.69, CSV 1.01.
# Left of the gap (GGF, a game): tree_squares ~2,900 (about 46 a move: a
# turn's 24-byte position, its offset, square and text stored), the
# root's properties ~2,000 (a pass through tree_property, tree_values and
# tree_apply each), reader_finish's turn pointers 505, the written
# passes judged one by one in the replay (play_turn, ~640).
# Output the same: cmp of gamecheck's YAML, -q, -j 2, -q -j 2,
# --write=ggf and --write=sgf (stdout, stderr, exit) of main 60a1517 and
# tree, at each step and merged, on the set's GGF and SGF, on 3,000 games
# of each as is, with CRLF and CR line ends, moves upper case, split
# across lines, with notes, bad squares, passes in each case and doubled,
# boards and set-ups other than the start, results of every form (NUL
# bytes, past a long), cut short, ended at the input's end, with 300
# bytes mangled (12 seeds), and on the golden cases' tree inputs; and
# bench/same-output.sh for the CSV, transcripts and notation.
#
# Branch pgn2 against main b4d0100 (which replays two records at a
# time), the notation's movetext: a run of move numbers and turns as
# nearly all are written, "12. f5 d6 ", read by fast_movetext with a
# few tests a token (the number compared with the one due, a square's
# two bytes by square_byte, one space after each), the counts and the
# arrays' pointers in locals, stored once a run; any other token is
# build_movetext's as before.  Instructions (valgrind --tool=callgrind
# gamecheck -q FILE, one.EXT, 25,657 games), main -> pgn2: the notation
# 498.7M -> 447.6M (19,437 -> 17,445 a game, -10.2%; build_movetext
# 183.4M -> 130.3M), the CSV 230.16M -> 230.16M (8,971 a game): 2.17x
# the CSV's -> 1.94x.  Output the same: bench/same-output.sh main's
# gamecheck; cmp of full reports (one.pgn, one.csv) and -q (big.pgn,
# big.csv), stderr and exit, -j 1 and -j 2, the notation also with CRLF
# and CR line ends; gamecheck -f pgn (and -q -j 2) on every fuzz corpus
# file and case input, as is and CRLF, against b4d0100's own build.
# test_pgn_pass reads new hostile runs both ways (numbers not due, of
# three digits or a leading zero, "1.f5", two spaces, tabs, a token at a
# line's end, p0, a10, F5, '}' and NUL after a square).  Then a
# two-digit move number's four bytes ("12. ") compared at once, the
# turns stored through a pointer: 447.6M -> 444.1M; and the Game tag's
# value made printable only for a diagnostic (find_game): 444.1M ->
# 440.2M (17,156 a game), 1.91x the CSV's; the CSV 230.16M, transcripts
# 210.26M, GGF 564.31M, SGF 608.21M, WTHOR 277.00M the same before and
# after.  The same output checks; the golden cases of an unknown game,
# a game not the one asked for and a long value shown.  CPU (user +
# system, /usr/bin/time -f '%U %S' gamecheck -q, medians of 7 runs,
# b4d0100's and pgn2's in turn, load 4 on 2 cores): big.pgn ten times
# (1,026,280 games) 1.35 s -> 1.23 s (0.91x), big.csv ten times (its
# header once) 0.69 s -> 0.69 s; the notation 1.96x the CSV's CPU a game
# -> 1.78x, against the 1.25x of target 1.  Then the turns that
# fast_movetext reads point into the record's text at once, and
# reader_finish points only those after them (rd->turns_at, 0 when the
# text grows and at each record): 440.2M -> 432.4M (16,853 a game,
# -1.8%; reader_finish 13.3M -> 3.4M), 1.88x the CSV's; the CSV 230.16M
# -> 230.18M, transcripts 210.26M -> 210.29M, GGF 564.31M -> 564.52M,
# SGF 608.21M -> 608.41M, WTHOR 277.00M -> 277.02M (a store a record,
# and a bound a record in reader_finish).  The same output checks.
# Left: the square's turn still about 45 instructions in fast_movetext
# (its stores: the text, its offset, the token and its position, the
# square; spills of the arrays' pointers), the tags (about 55M:
# plain_tag, read_tag, reader_tag, record_tag_note_known), and
# play_turn's judge_turn for the turns past a written pass (14M against
# the CSV's 9M).
#
# Branch tree2 against main f36ea63, the GGF and SGF roots (issue 34,
# target 1).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once,
# 25,657 games), main -> tree2:
#   step 1, XT[GameId=n] (every archive game) a tag with no search for
#   its '=' nor of the names an XT cannot carry, and GGF's RE[+n.000]
#   with no komi read by hand (no copy's strchr, no
#   record_decimal_milli):
#     GGF 14,923 -> 14,622, SGF 16,767 -> 16,593, CSV 8,654 -> 8,654.
#   step 2, a property's reading found by one switch on its two
#   letters (tree_prop_read), not a search of a table of them (an SGF
#   root has eight, each searched for among a dozen):
#     GGF 14,622 -> 14,548, SGF 16,593 -> 16,333, CSV 8,654.
#   step 3, an AB, AW or AE point of two bytes (e4, nearly every one)
#   placed alone, not as a rectangle of one cell:
#     GGF 14,548, SGF 16,333 -> 16,083, CSV 8,654.
#   step 4, a property's value handed to its reading with no second copy
#   of it, and where the value starts found for a move's alone:
#     GGF 14,548 -> 14,490, SGF 16,083 -> 15,934, CSV 8,654.
# Main f36ea63 -> tree2: GGF 14,923 -> 14,490 (-2.9%), SGF 16,767 ->
# 15,934 (-5.0%), CSV 8,654: 1.72x -> 1.67x and 1.94x -> 1.84x the CSV's
# instructions.  Paired CPU, user + system by /usr/bin/time -f '%U %S'
# gamecheck -q, medians of 7 in turn, the set 40 times (1,026,280 games:
# big.EXT repeated ten times), load 1.2-1.9 on 2 cores, main -> tree2:
# CSV 0.65 -> 0.67 s (the same code), GGF 1.12 -> 1.07, SGF 1.22 ->
# 1.19; x CSV: GGF 1.72 -> 1.60, SGF 1.88 -> 1.78 (at step 3, load
# 1.5-2.5: CSV 0.67 -> 0.66, GGF 1.14 -> 1.09, SGF 1.22 -> 1.19).
# Left of the gap as the branch tree left it (tree_squares, the
# replay's passes, reader_finish's pointers),
# and of the roots: the tags each made by reader_tag_text (GGF's Result
# and GameId, about 350 a game with record_tag_note_known), a property's
# own cost through tree_property, tree_values and tree_value (about 150
# each: an SGF root has eight), BO's and AB/AW's start position compared
# again by tree_setup (about 85).  Output the same: cmp of gamecheck's
# YAML, -q, -j 2, -q -j 2, --write=ggf and --write=sgf (stdout, stderr,
# exit) of tree2 and the reference build of main (before today) at each
# step, and of main f36ea63 at the last, on the set's GGF and SGF and on
# the hostile variants listed for the branch tree above, with RE, XT
# and SGF set-ups of every form.
#
# Branch pgn3 against main aa773be, what is left of the notation after
# pgn2.  Instructions (valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT, 25,657 games,
# each tree's gamecheck -O2; main's from git archive main), main ->
# pgn3:
#   step 1, a result's score as nearly every one is, "46-18", read once
#   by hand in check_words (plain_score: at most nine digits a side, the
#   text kept as util_printable keeps it), no util_printable, strlen,
#   strcmp or record_result_score for it: the notation 425.30M ->
#   419.14M (16,576 -> 16,336 a game), GGF 383.08M -> 376.92M, SGF
#   430.41M -> 424.25M; the CSV 222.06M (8,655 a game), transcripts
#   202.15M, WTHOR 270.03M the same (no words claimed): the notation
#   1.92x the CSV's instructions -> 1.89x.
#   step 2, the known tags (record_tag_note_known, every format's) by a
#   name's first four bytes, bit 5 set, as one 32-bit word against each
#   known name's of its letter (read up to its NUL), the bytes past them
#   with no fold: note_known 10.47M -> 7.26M on the notation; the
#   notation 419.14M -> 415.93M (16,211 a game), the CSV 222.06M ->
#   220.91M (8,610 a game), GGF 376.92M -> 373.97M, SGF 424.25M ->
#   421.30M, WTHOR 270.03M -> 269.72M, transcripts 202.15M the same:
#   the notation 1.88x the CSV's.
# CPU after step 2 (user + system, /usr/bin/time -f '%U %S' gamecheck
# -q, medians of 5 runs, main's and pgn3's in turn, load 0.9 on 2
# cores): big.pgn ten times (1,026,280 games) 1.19 s -> 1.14 s (0.96x),
# huge.csv 0.66 s -> 0.65 s; the notation 1.80x the CSV's CPU a game ->
# 1.75x, against the 1.25x of target 1.  Left: the tags (plain_tag,
# read_tag, reader_tag about 28M, note_known 7M), pass_movetext's scan
# of each line before build_movetext reads it (16M), a written pass
# judged by play_turn and rules_play (14M, about 400 instructions each:
# its legality asks for a move generation).
# Output the same at each step: bench/same-output.sh
# main's gamecheck (60a1517); cmp of full and -q reports, stderr and exit,
# -j 1 and -j 2, against it, of one.pgn, big.pgn and both with CRLF and
# CR line ends, and of one.csv, one.ggf, one.sgf, one.wtb and
# one.transcript; the golden cases, bad-input.sh, adversarial.sh,
# roundtrip.sh, test_pgn_pass, test_record, test_squares, test_referee
# (replay_result_forms: scores of nine digits a side and more, leading
# zeros, long runs, a dash missing or doubled, a byte after; the text
# shown compared with util_printable's), test_record
# (known_tags_near_misses: names a byte short, long or other than a
# known one's, each found as record_tag_find finds it); the debug build.
#
# End of the session, main b92f90e (the four branches above merged,
# games replayed two at a time), idle cores (load 0.2-0.7, nothing else
# of the session running), 17:44 UTC: gamecheck -q on the set repeated
# 16 times (410,512 games), each format against the CSV in turn,
# /usr/bin/time, medians of five: transcripts 0.85x, WTHOR 1.19x, GGF
# 1.59x, SGF 1.73x, the notation 1.76x the CSV's CPU (0.26 s).
# Instructions a game (callgrind, the set once): CSV 8,610, transcripts
# 7,879, WTHOR 10,512, GGF 14,143, SGF 15,587, the notation 16,211.
#
# Branch tree3 against main 5cc3a50, the GGF and SGF readers (issue 34,
# target 1).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games), main -> tree3:
#   step 1, tree_squares' turns pointed at their text as they are
#   written (rd->turns_at, as the notation's fast_movetext: reader_finish
#   13.1M -> 0.3M), a move's file and rank checked by one subtraction
#   and one mask, the line's last move by a shift, not a memcpy call, and
#   no call where no move starts (GGF's ";)"):
#     GGF 14,143 -> 13,171, SGF 15,587 -> 15,088, CSV 8,610 -> 8,610.
#   step 2, tree_squares' loop with nothing spilled: a token's line and
#   column stored at once (a vector of two), the line's last move out of
#   the loop (about 33 instructions a move, from 45):
#     GGF 13,171 -> 12,916, SGF 15,088 -> 14,773.
#   step 3, a root's properties read where they stand on the line
#   (tree_props: a name, then each value's end by value_stop, handed to
#   tree_apply), not a byte at a time through tree_property, tree_values,
#   tree_value and tree_next each:
#     GGF 12,916 -> 12,402, SGF 14,773 -> 14,001, CSV 8,610.
#   step 4 (target 4, -j), a tree that is a whole line of the input's
#   block passed over where it lies (skip_line_tree: four memchr calls,
#   no copy into rd->line, no byte-by-byte parens), not read by
#   reader_line and skip_plain: a record passed over about 935 -> 630
#   instructions.  gamecheck -q -j 2 one.EXT under callgrind
#   --trace-children=yes, both workers and the parent, against -j 1:
#   main GGF 391.9M / 363.4M (1.078x), SGF 429.7M / 400.3M (1.073x);
#   tree3 GGF 338.7M / 318.2M (1.064x), SGF 379.7M / 359.2M (1.057x).
#   step 5, an SGF set-up's point of two bytes (e4) read by hand, not
#   by a call of rules_cell_parse, and PL's colour with no strchr:
#     GGF 12,402, SGF 14,001 -> 13,864, CSV 8,610.
#   step 6, a property's name of two letters (nearly every one) read
#   with no loop:
#     GGF 12,402 -> 12,359, SGF 13,864 -> 13,772, CSV 8,610.
#   step 7, a value's end (value_stop) sixteen bytes at a time first
#   (GCC's vectors: BO's 75 bytes, XT's, long names), then eight:
#     GGF 12,359 -> 12,171, SGF 13,772 -> 13,621, CSV 8,610.
# Main 5cc3a50 -> tree3: GGF 14,143 -> 12,171 (-13.9%), SGF 15,587 ->
# 13,621 (-12.6%), CSV 8,610 -> 8,610: 1.64x -> 1.41x and 1.81x -> 1.58x
# the CSV's instructions; -j 2 against -j 1 (instructions, as in step 4)
# GGF 1.078x -> 1.066x, SGF 1.073x -> 1.058x.  CPU, user + system by
# /usr/bin/time -f '%U %S' gamecheck -q, medians of 5, main's and tree3's
# in turn, the set 16 times (410,512 games), load 6-7 on 2 cores (other
# sessions' builds), two rounds (step 6; step 7): CSV 0.27 -> 0.27 s;
# 0.26 -> 0.25, GGF 0.43 -> 0.38; 0.41 -> 0.36 (0.88x), SGF 0.48 -> 0.43;
# 0.46 -> 0.41 (0.89x); x CSV GGF 1.59 -> 1.41; 1.58 -> 1.44, SGF 1.78
# -> 1.59; 1.77 -> 1.64.  -j 2 against -j 1, perf stat -e task-clock
# (both workers), medians of 7 in turn, same load: SGF main 1.110x,
# 1.153x, tree3 1.111x, 1.098x (j1 427 ms, j2 469 ms at step 7); GGF main
# 1.123x, 1.132x, tree3 1.114x, 1.120x: at that load a round moves the
# ratio by 0.04; the time a record passed over costs fell with the
# reading's, and what is left of -j 2's is mostly each worker reading
# every byte.  Its wall speed-up could not be measured at that load
# (0.60-0.69 CPUs used).  Left: tree_squares' loop, about 33
# instructions a move, nine of them the stores of its token (five
# words), offset, square and text (two moves checked at once as sixteen
# bytes were tried: no fewer, the stores and GCC's spills the rest); a
# root's values, about 100 each through
# tree_apply, reader_tag_text and tree_result; the replay's written
# passes and result words (play_turn, judge_turn, replay_finish: about
# 500 a game over the CSV's, not the reader's).  Output the same: cmp of
# gamecheck's YAML, -q, -j 2, -q -j 2, --write=ggf, --write=sgf,
# --write=pgn --keep-illegal, --max-record-size 2K and 2600 (stdout,
# stderr, exit) against main 5cc3a50's build at each step, on 3,000 games
# of the set's GGF and SGF as is, with CRLF and CR line ends, no last
# line end, moves upper case, split by line ends and blanks at random,
# with notes, bad squares, passes of each form, escapes, comments,
# variations, colours out of turn, cut short, 300 bytes mangled (8
# seeds) and 200 trees on one line; main's tests/jobs.sh (its trees and
# mangled delimiters, -j 2 and 3) with tree3's build; the golden cases
# of GGF and SGF under valgrind's memcheck (debug build) and a minute of
# fuzz_reader (clang, ASan and UBSan) with GGF and SGF seeds.
#
# Branch pgn4 against main 5cc3a50, the notation's movetext lines read
# as they are passed (issue 34, targets 1 and 4).  Instructions
# (valgrind --tool=callgrind --callgrind-out-file=F gamecheck -q
# one.EXT, 25,657 games, gamecheck -O2), main -> pgn4:
#   step 1, a line of the block past the record's start read by
#   plain_movetext before any scan of it: move numbers due, squares and
#   "pass" (any case), each followed by one space or the line's end,
#   which it finds so (no pass_movetext first; pass_movetext only for
#   the rest of a line it stops in, its turns dropped if the line is
#   pgn_scan's after all); each square's token stored before the byte
#   after it is looked at, a token's column and offset by its address:
#   the notation 417.78M -> 380.31M (16,283 -> 14,823 a game, -9.0%;
#   build_movetext and pass_movetext 147.0M -> 110.0M), the CSV
#   220.91M the same (8,610 a game): 1.89x the CSV's -> 1.72x.
#   step 2, the due move number's bytes from a table (number_bytes, no
#   division by ten), the turns' arrays by one index, and the arrays'
#   room folded into the bound of the bytes (a turn takes three bytes or
#   more): one compare a token, no spill of a pointer in the loop:
#   380.31M -> 363.20M (14,156 a game; plain_movetext 106.3M -> 89.1M),
#   the CSV 220.91M: 1.64x.
#   step 3, a tag's name and value scanned 16 bytes at a time
#   (name_stop, value_stop: every tag, read or passed over), and
#   plain_movetext's loop a function apart (plain_tokens) whose locals
#   fit in registers (GCC spilled two or three of them, as the code
#   around it changed): 363.20M -> 363.10M (plain_tag 12.84M -> 11.70M;
#   the loop 81.9M and its set-up, in next_pgn, 8M).
#   step 4, plain_tokens reads on past an LF to a line that opens with
#   a token's first byte (the lines so read told to build_lines at
#   once, a line it stops in dropped back to that line alone): one call
#   and one pass of build_lines' loop a record's movetext, not one a
#   line: 363.10M -> 356.39M (13,891 a game), the CSV 220.91M: 1.61x.
#   step 5, the arrays' room looked at again where the bound of the
#   bytes stops plain_tokens (it stopped there a third of the way into
#   most movetexts, the rest read by build_movetext), and a record's last
#   line ending in a score ("46-18") found by plain_score, no
#   pass_movetext: 356.39M -> 348.10M (13,568 a game), 1.58x the CSV's.
#   step 6 (target 4), passing over a record (a -j worker's, of the
#   others' records): pass_movetext reads on past an LF to a line that
#   opens with a digit or a letter, pass_lines told the lines so passed:
#   gamecheck -q -j 2 one.pgn, each worker 200.87M -> 198.76M (a record
#   passed over 1,944 -> 1,780), -j 1 348.10M the same: -j 2 1.154x the
#   instructions of -j 1 -> 1.142x.
#   step 7 (target 4), a line of one plain tag passed on past its LF to
#   the next such line (pass_tags), as the movetext's: each worker
#   198.76M -> 197.35M (a record passed over 1,780 -> 1,670): 1.134x.
#   step 8, text_add (every format's) copies 4 to 16 bytes as two
#   words that may overlap, no memcpy call (a tag's name and value, a
#   tree's tokens): the notation 348.10M -> 345.51M (13,467 a game), the
#   CSV 220.91M -> 220.22M (8,583 a game), transcripts 202.17M the same,
#   WTHOR 269.72M -> 268.59M, GGF 363.36M -> 361.64M, SGF 400.26M ->
#   398.74M (main -> pgn4 on each): the notation 1.57x the CSV's.
#   step 9, a square's two lookups in one table (one base), and the
#   move number due by the turn's index from a table of its bytes, mask
#   and length (none before Black's turns): 345.51M -> 339.27M (13,223 a
#   game), 1.54x the CSV's 220.22M.
# Main 5cc3a50 -> pgn4: the notation 417.78M -> 339.27M (16,283 -> 13,223
# a game, -18.8%), the CSV 220.91M -> 220.22M (8,610 -> 8,583): 1.89x
# the CSV's instructions -> 1.54x; gamecheck -q -j 2 one.pgn (callgrind
# --trace-children=yes, the two workers and the parent) 474.02M ->
# 387.64M, 1.135x -> 1.143x -j 1's (a record passed over costs about
# what it did, as a share, while reading one costs less).  CPU (user +
# system, /usr/bin/time -f '%e %U %S' gamecheck -q, medians of 5,
# main's and pgn4's in turn, big.pgn and big.csv four times (410,512
# games), load 5.6-6.4 on 2 cores, 20:39 UTC; wall times at that load
# say nothing of -j 2's speed-up): the notation 0.42 s -> 0.37 s
# (0.88x), the CSV 0.24 s -> 0.24 s: the notation 1.75x the CSV's CPU
# -> 1.54x (target 1.25x); -j 2 0.49 s -> 0.45 s, 1.17x -> 1.22x -j 1's
# (target 1.1x).  Left: each turn's token and its 40-byte position
# stored (about 20 of plain_tokens' 34 instructions a token), the tags
# (about 1,400 a game: plain_tag, read_tag, reader_tag, note_known), a
# record passed over (about 1,700: its tag lines and movetext scanned,
# 16 bytes at a time).  Output the same at each step: bench/same-output.sh
# main's gamecheck; cmp of full, -q, -j 2 and -q -j 2 reports, stderr and
# exit of one.pgn (as is, CRLF, CR), big.pgn and one.csv; at the last,
# one.ggf, one.sgf, one.wtb and one.transcript too, --write=ggf, sgf,
# pgn and transcript of one.pgn, and gamecheck -f pgn and -q -j 2 -f pgn
# on the fuzz corpora and a sixth of the inputs a minute's fuzzing made
# (as is and CRLF); the golden cases, test_pgn_pass, test_record,
# test_squares, test_tree, roundtrip.sh, bad-input.sh, adversarial.sh,
# dataset.sh; the notation's 615 golden cases under valgrind (debug
# build), fuzz_reader and fuzz_gamecheck a minute each (clang, UBSan).
#
# Branch tree4 against main 07ae15b, the GGF and SGF readers (issue 34,
# target 1).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games, gamecheck -O2), main -> tree4:
#   main 07ae15b: GGF 12,123, SGF 13,573, CSV 8,557.
#   step 1, tree_squares two moves a turn of its loop (each checked and
#   written on its own: the pointers, position and colour due step once
#   a pair), a root property's reading found once for all its values
#   (tree_reading_of: its function or its tag), not once a value through
#   tree_apply, and an SGF set-up's cell name (e4) placed with no call of
#   tree_rectangle:
#     GGF 12,123 -> 12,038, SGF 13,573 -> 13,147, CSV 8,557 -> 8,557.
#   step 2, a run's text offsets (rd->turn_off) written once a run, and
#   only where reader_finish will read them (the text moved, or turns
#   before the run point at nothing yet), not stored a move (written
#   every time, by a loop, they cost more than the stores: +234):
#     GGF 12,038 -> 11,903, SGF 13,147 -> 13,012.
#   step 3, tree_squares' token column and offset kept as one vector of
#   two that steps by the stride and is stored at once (the line a word
#   of its own), not the line and column so and the offset added to the
#   byte's index a move (two fewer values spilled in the loop):
#     GGF 11,903 -> 11,751, SGF 13,012 -> 12,915.
#   step 4, a Result's disc counts of one or two digits (every 8x8
#   game's) written with no loop (test_record's
#   tree_results_as_printf_writes: every margin, sides 4 to 99):
#     GGF 11,751 -> 11,698, SGF 12,915 -> 12,862.
#   step 5, the tree's tags of a literal name (Result, GameId, ...) made
#   by reader_tag_named (reader.c: the name's length known, no strlen;
#   reader_tag_text the same body, its position by address so that GCC
#   copies it in neither):
#     GGF 11,698 -> 11,670, SGF 12,862 -> 12,834, CSV 8,557 -> 8,557.
#   step 6, an SGF set-up that is the start of 8x8, AB[e4][d5]AW[d4][e5]
#   in any order (tree_placed_start), handed to tree_setup as the start's
#   pieces (tree_start_pieces, ggf_board's BO table too), with no board
#   of pieces made by tree_points:
#     GGF 11,670 -> 11,676, SGF 12,834 -> 12,773.
# Main 07ae15b -> tree4: GGF 12,123 -> 11,676 (-3.7%), SGF 13,573 ->
# 12,773 (-5.9%), CSV 8,557 -> 8,557 (219,547,146 both): 1.42x -> 1.36x
# and 1.59x -> 1.49x the CSV's instructions.  CPU, task-clock by perf
# stat -e task-clock gamecheck -q, medians of 9, main's (built from
# git archive main) and tree4's in turn, the set 16 times (410,512
# games), load 1: CSV 254 -> 254 ms, GGF 346 -> 339 ms (0.98x), SGF 377
# -> 363 ms (0.96x); x CSV GGF 1.36 -> 1.33, SGF 1.48 -> 1.43.
# /usr/bin/time's 10 ms steps were too coarse for these (GGF 0.34 ->
# 0.34 s, SGF 0.37 -> 0.36, medians of 7).  Left: tree_squares, about 29
# instructions a move (the stores of a token's text, length, line,
# column and offset, its square and its text; a pair a turn spills
# little now); next_tree's own (1,300 a GGF tree, 1,900 an SGF one:
# tree_props' names and values, tree_next, the parse's zeroing);
# reader_line's copy of a line of 430 bytes (about 450 a tree, the
# CSV's 110); the Result and GameId tags (reader_tag, tag_seen,
# record_tag_note_known: shared with every format); the replay's
# written passes and result words (not the reader's).  Output the
# same: cmp of gamecheck's YAML, -q, -j 1, -j 2, -q -j 2, --write=ggf
# and --write=sgf with and without --max-record-size 2600 (stdout,
# stderr, exit) against main 5cc3a50's build, on the set's GGF and SGF,
# 3,000 games of each, 300 trees of each with 100-30,000-byte comments
# among the moves, notes and line ends at random, as is and CRLF, 300
# files of three trees mangled (2-4 edits each), 688 SGF set-ups about
# the start (every order of AB/AW, PL, SZ, cells more, less, moved,
# recoloured, twice, off the board); the GGF and SGF golden cases under
# valgrind's memcheck (debug build); a minute of fuzz_reader (clang,
# ASan and UBSan, 394,569 runs) from GGF and SGF seeds.
#
# Branch rpass against main 07ae15b, the replay side of the formats that
# write their passes (issue 34, target 1).  Instructions per game,
# valgrind --tool=callgrind --callgrind-out-file=F gamecheck -q one.EXT
# (the set once, 25,657 games, 1.4 passes a game), main -> rpass:
#   step 1, a written pass where the mover has no move played in
#   play_squares (written_pass: rules_play of the pass, a turn and a pass
#   counted, end_turn's bookkeeping where turns are kept), not left to
#   play_turn and judge_turn with their checks, and play_squares not
#   left and entered again at each:
#     CSV 8,557 -> 8,559, transcripts 7,821 -> 7,822, notation 16,225
#     -> 15,921, GGF 12,123 -> 11,809, SGF 13,573 -> 13,259, WTHOR 10,596
#     -> 10,595.
#   step 2, the result words: a claimed score of two digits each
#   (46-18) read at once by plain_score, and a Game tag's game kept from
#   the record before with its value (game_named), not sought by name
#   in the table of games each record (the notation's):
#     notation 15,921 -> 15,839, GGF 11,809 -> 11,771, SGF 13,259 ->
#     13,221, CSV 8,559, transcripts 7,822, WTHOR 10,595.
#   step 3, fewer than eight squares (a run after a pass near the end)
#   decoded one by one by square_cells, not copied into a vector by a
#   memcpy call:
#     CSV 8,559 -> 8,553, transcripts 7,822 -> 7,816, notation 15,839 ->
#     15,794, GGF 11,771 -> 11,727, SGF 13,221 -> 13,177, WTHOR 10,595 ->
#     10,589.
#   CPU (step 1), user + system by /usr/bin/time -f '%U %S' gamecheck
#   -q, medians of 7, main's and rpass's in turn, the set 16 times
#   (410,512 games), load 4-6 on 2 cores: CSV 0.23 -> 0.23 s, GGF 0.34
#   -> 0.33, SGF 0.37 -> 0.37, notation 0.41 -> 0.42 (a step of 1-3% is
#   below the noise).
# Main 07ae15b -> rpass: CSV 8,557 -> 8,553, transcripts 7,821 -> 7,816,
# notation 16,225 -> 15,794 (-2.7%), GGF 12,123 -> 11,727 (-3.3%), SGF
# 13,573 -> 13,177 (-2.9%), WTHOR 10,596 -> 10,589: x the CSV's
# instructions GGF 1.42x -> 1.37x, SGF 1.59x -> 1.54x, notation 1.90x ->
# 1.85x.  The replay's part (replay_records_pair, inclusive) over the
# CSV's, a game: GGF and SGF 447 -> 55, the notation 709 -> 284 (its
# Game, Size and Result tags' NUL checks, has_key_tag's strlen of each
# tag's name, passes_implied's look for a written pass, the Result tag
# against the token).  CPU as in step 1, at the end, two rounds at load
# 1.3-1.7: CSV 0.25 -> 0.24 s; 0.23 -> 0.24, GGF 0.36 -> 0.34; 0.34 ->
# 0.33, SGF 0.37 -> 0.37; 0.37 -> 0.36, notation 0.41 -> 0.41; 0.40 ->
# 0.41, transcripts 0.21 -> 0.21, WTHOR 0.28 -> 0.27: GGF 0.94x and
# 0.97x main's, the others within the noise.  Left for target 1: the
# readers' part (GGF's and SGF's tree_squares and root properties, the
# notation's movetext and tags), and a pass's rules_play (about 200
# instructions, the CSV's implied passes' too) in src/rules.
# Output the same at each step: bench/same-output.sh main 5cc3a50's
# gamecheck; the set's GGF and SGF with passes taken out, put in place
# of a move, put past the end, doubled, written pa, pass, [] and PA/1.5,
# games cut, results changed; 5,000 games of a mangled CSV written by
# main as GGF, SGF and the notation; a game with 24 results, written and
# in its Result tag, NULs among them, as notation, GGF and SGF: YAML,
# -q, -j 2, --write=transcript, ggf, sgf, pgn, --table=csv, --plies=40
# and 59, --implicit-pass=yes and no, and a --select of the position
# after a written pass, stdout, stderr and exit against main's; the
# set as WTHOR, transcripts and notation, YAML with -j 1 and 2; the
# golden cases (all 800) and, in a --enable-debug build, the 510 of
# them with passes, trees, results, selections, plies or --write under
# valgrind's memcheck (tests/valgrind-cases.sh gamecheck gameplay
# gamestat); a minute of fuzz_gamecheck (clang --enable-fuzzing) from
# its corpus and GGF, SGF and notation seeds with hostile passes.
#
# Branch csv5 against main 359b185, the CSV and the transcripts (issue
# 34, target 2).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games), main -> csv5:
#   step 1, a run of squares read 32 bytes at a time (sixteen squares
#   checked and decoded at once), its tokens stored eight at a time as
#   ten vectors of four words (text, len, line, col, offset) moved on by
#   a constant, what is left of the line under sixteen bytes read as
#   the run's last eight squares (those before read again the same);
#   square_run compiled for x86-64-v3 and any x86-64:
#     CSV 8,522 -> 8,155, transcripts 7,816 -> 7,449.
#   step 2, reversi_init's 8x8 start as constants (every record's, 144
#   instructions a record by its loops) and reversi_score compiled as
#   the hot entries are (the popcount instruction, not a call of
#   libgcc's __popcountdi2):
#     CSV 8,155 -> 8,004, transcripts 7,449 -> 7,297.
#   step 3, a CSV row whose moves are its last column read plainly
#   (csv_plain_row): the fields before them found by a loop that stops
#   at a comma, or gives up at a quote, the moves one run of squares to
#   the row's end (so none holds a comma or quote), no call of
#   csv_field or memchr a field; any other row read field by field as
#   before:
#     CSV 8,004 -> 7,735, transcripts 7,297.
#   step 4, the passes a transcript leaves unwritten played by the runs
#   of squares themselves (reversi's play_cells and play_cells_pair,
#   rules_play_cells_passing): where a run stops before a cell and the
#   mover has no move but the other side has one, the pass play() would
#   take there, and the run goes on, two games still side by side; not
#   a rules_play of the pass, implied_pass and the run entered again
#   (1.4 passes a game).  Only where passes are implied and no turn is
#   kept or shown:
#     CSV 7,735 -> 7,324, transcripts 7,297 -> 6,886, notation (main)
#     12,735 -> 12,697, WTHOR 10,531 -> 9,966, GGF 11,221 -> 11,162, SGF
#     12,318 -> 12,259 (those two write their passes: steps 2 and 4's
#     kernel with no passes).
#   step 5, set_up's position reused with no strcmp of its board's name
#   where the record names no board, as before (the game's default):
#     CSV 7,324 -> 7,297, transcripts 6,886 -> 6,863, notation 12,697 ->
#     12,701 (code placement: the same calls).
#   step 6, square_run compiled for x86-64-v4 too: instructions the same
#   (valgrind runs the v3 clone); CPU on huge.csv, user + system of
#   gamecheck -q by getrusage, 15 alternating runs, two rounds, load
#   2.7: 0.983x and 0.986x (median of pair ratios), 0.507 s against
#   0.516 s.  The same for the replay's square_cells16 gave 1.003x: not
#   done.
#   step 7, check_nuls with no look-up of its five tags where the record
#   notes none of them (an archive's record):
#     CSV 7,297 -> 7,241, transcripts 6,863 -> 6,807, WTHOR 9,966 ->
#     9,888, GGF 11,162 -> 11,078, SGF 12,259 -> 12,175, notation 12,701
#     -> 12,710.
# Main 359b185 -> csv5, instructions a game: CSV 8,522 -> 7,241 (-15.0%),
# transcripts 7,816 -> 6,807 (-12.9%), WTHOR 10,531 -> 9,888, GGF 11,221
# -> 11,078, SGF 12,318 -> 12,175, notation 12,735 -> 12,710.  CPU (the
# figures before step 7), user
# + system of gamecheck -q by getrusage, main's and csv5's alternating,
# 23:00 UTC, load 2-4 on 2 cores (other sessions' work): huge.csv
# (1,026,280 games) 11 pairs, median 0.534 s against 0.620 s, pair ratio
# 0.854 (an earlier round, 11 pairs: 0.535 s against 0.611 s); the set
# four times (big.EXT, 102,628 games), 7 pairs (pgn, sgf 15): CSV 0.852,
# transcripts 0.860, WTHOR 0.916, GGF 0.986, SGF 0.994, notation 0.997;
# gamestat on big.csv 0.879.  At the end (step 7), huge.csv, 15 pairs,
# 23:10 UTC, load 4.6-4.8: median 0.514 s against 0.617 s, pair ratio
# 0.829 (1,997,000 games a CPU second against 1,663,000).  On an idle
# machine main took 0.59 s (1.74M games a CPU second): 0.829x is about
# 0.49 s, 2.1M.  Benchmarks of item 3, a build of main 359b185 against
# csv5, 7 alternating runs, two rounds: bench_playout -n 400000 reversi
# 0.61 s against 0.60 s, 0.64 against 0.62; gameplay perft reversi 11
# 0.30 s against 0.30 s, 0.31 against 0.31 (the playout and perft code
# unchanged).  Output the same as main 5cc3a50's gamecheck:
# bench/same-output.sh; YAML, -q, -j 2 and -q -j 2 of the Othello set as
# CSV and transcripts, the lead's edge inputs, and 3,000 games each as
# CRLF, CR, a last line cut, quoted moves, moves before the winner, a
# byte of each row changed to each of 19 hostile bytes (NUL, quote,
# comma, blanks, 0x80, 0xff...), rows cut, a square of three bytes,
# rows of every shape (a quoted id, a quote in one, a field more or
# less, blanks around the moves, a pass written), moves cut at 2 to 66
# bytes; and YAML, -q, -q -j 2, --plies=40 and 59, --implicit-pass=yes
# and no, --max-errors=3, --write=transcript and pgn of the examples'
# and the cases' notation, the set as notation, and those; gamestat's
# summary the same on big.csv; the golden cases (800); test_record's
# reader cases under valgrind's memcheck (the v3 clone: nothing that
# main's does not also show).
#
# Branch tree5 against main 359b185, the GGF and SGF readers (issue 34,
# targets 1 and 4).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games, gamecheck -O2), main -> tree5:
#   main 359b185: CSV 8,523, GGF 11,221, SGF 12,318.
#   step 1, the two runs of properties nearly every SGF root writes
#   alike, GM[2]FF[4]SZ[8] and AB[e4][d5]AW[d4][e5]PL[B], each read at
#   once by one memcmp (sgf_root_run), where tree_props read them as
#   eight properties and ten values (test_record's
#   sgf_root_runs_as_read_apart: each against the same in lower case,
#   read one by one):
#     SGF 12,318 -> 11,109, GGF 11,221 -> 11,235, CSV 8,523.
#   step 2, GGF's two such runs, GM[Othello] and the start's BO[8 ... *]
#   (BO's 75 bytes no longer searched for their ']' and compared again
#   by ggf_board), read the same way (tree_root_run; the test now
#   tree_root_runs_as_read_apart, every form with each format's runs in
#   each format):
#     GGF 11,235 -> 10,938, SGF 11,109 -> 11,157.
#   step 3, tree_squares two moves at once in sixteen bytes (from the
#   byte before GGF's pair, so that in both formats the files are bytes
#   3 and 3 + stride): every byte checked by one OR, subtraction and AND
#   against the format's floors (files and ranks below 8 for a1 to h8,
#   the others the byte due), both squares from the bytes so taken
#   (each file ORed with its rank four bits up, one shift of the
#   vector), the two tokens five stores of two words that each step
#   alike; a pass or the line's last moves one by one as before
#   (test_record's tree_pairs_as_read_one_by_one: every byte as the file
#   and the rank of each move of a run of 24):
#     GGF 10,938 -> 10,677, SGF 11,157 -> 10,772.
#   step 4, less of the parse state zeroed a tree (the cells placed a
#   bit each, RE's text left unset: 87 -> 59 instructions), the SGF
#   start as tree_root_run placed it known to tree_placed_start with no
#   look at its four cells, tree_root_run not called once the board is
#   set up, and tree_run's copy of the move order its counts only:
#     GGF 10,677 -> 10,627, SGF 10,772 -> 10,717.
#   step 5 (target 4), a -j worker's pass over a tree that is its line
#   (skip_line_tree): one scan for the line's first paren, escape or
#   line end after its '(' (skip_special, 128 bytes a turn, compiled
#   for x86-64-v3 too as reversi.c's entries are), the line such a tree
#   where that is a ')' with a line end after it, not a memchr for its
#   LF and four more over the line for ')', '(', '\\' and CR (test_record's
#   tree_lines_skipped_as_read: each of those bytes at each byte of
#   trees about 32 and 128 bytes long, skipped as read).  Instructions
#   of gamecheck -q -j 2 over its processes (callgrind
#   --trace-children=yes), per skipped record about 800 -> 630:
#     GGF -j 2 293,155,271 -> 288,783,090 (x -j 1's 1.075 -> 1.059),
#     SGF -j 2 295,406,532 -> 291,180,864 (1.074 -> 1.059); main
#     359b185's 1.071 and 1.065.
#   step 6, tree_setup handed tree_start_pieces on 8x8 with Black to
#   move (the runs' BO and AB/AW/PL, tree_placed_start's) returns at
#   once: reversi's own start (test_record's
#   tree_start_pieces_are_reversis), so no Setup tag, where it made the
#   rules' start and compared its 64 cells:
#     GGF 10,627 -> 10,569, SGF 10,717 -> 10,660.
#   step 7, tree_squares four pairs checked at once (their sixteen bytes
#   each, one test of the four), each then written by pair_put, the
#   column and offset worked out from the index once after (and
#   tree_pairs_as_read_one_by_one now reads a tree of 64 moves first:
#   a new reader's arrays have room for a few moves only, so that few
#   of its pairs had gone through the loops):
#     GGF 10,569 -> 10,478, SGF 10,660 -> 10,594, CSV 8,523.
# Main 359b185 -> tree5: GGF 11,221 -> 10,478 (-6.6%), SGF 12,318 ->
# 10,594 (-14.0%), CSV 8,523 -> 8,523 (218,670,670 both): x the CSV's
# instructions GGF 1.32x -> 1.23x, SGF 1.45x -> 1.24x (the bar asked,
# 10,300 a game, 1.21x, not reached).  -j 2 over -j 1, instructions
# summed over the processes: GGF 1.071 -> 1.058, SGF 1.065 -> 1.058.
# CPU, task-clock by perf stat -e task-clock gamecheck -q, the set 16
# times (410,512 games), main's and tree5's in turn, medians of 11, at
# load 2.5-3 on 2 cores (other sessions' work): CSV 244 -> 239 ms, GGF
# 340 -> 320 (paired 0.958x), SGF 349 -> 318 (0.916x); x the CSV GGF
# 1.39 -> 1.34, SGF 1.43 -> 1.33.  -j 2 over -j 1 in CPU at that load
# (medians of 13 pairs): GGF 1.137 -> 1.131, SGF 1.106 -> 1.117, within
# its noise; the wall speed-up wants idle cores, which were not to be
# had.  Left: tree_squares about 19 instructions a move (a token's five
# words, its square and text stores), next_tree's own (tree_next, the
# root's RE and XT, the parse state), reader_line's copy of each line
# (reader.c's, but an in-place line needs a field of read.h's reader),
# the Result and GameId tags (reader_tag, record_tag_note_known: another
# helper's).  Output the same at each step: gamecheck YAML, -q, -j 2,
# -q -j 2 and -j 3 (stdout, stderr, exit) against main 5cc3a50's build
# on the set's GGF and SGF, 800 files of three trees mangled (0-4 edits:
# brackets, parens, escapes, CR, LF, NUL, passes, set-ups, case), each
# whole file CR LF, CR, in lower case, on one line, spaced, with
# upper-case squares and pass words, every byte of the moves of 5 games
# replaced by each of 18 bytes and of one game by each of ( ) [ ] \\
# (3,615 files); the same files read
# through the library by both builds, every record's error, tags, turns
# (text, length, line, column, offset) and squares compared, read and
# with every second and third record skipped (13,287 runs); the golden
# cases; test_record, test_tree, test_squares (and in a --enable-debug
# build); roundtrip.sh, bad-input.sh, adversarial.sh, dataset.sh,
# jobs.sh, groups.sh, jobs-reports.sh; the GGF and SGF golden cases and
# mangled files with -j 2 under valgrind's memcheck (debug build).
#
# Branch pgn5 against main 359b185, the notation's movetext and every
# format's tags.  Step 1: "12. f5 d6 13. " taken in one step a move in
# plain_tokens (two squares and their spaces by one 8-byte load and mask,
# their text "f5\0d6\0" one store, the next due number with its space
# one compare); a tag's known name found as it is added (reader_tag_len:
# a hash of its first four bytes and length, one candidate), so that a
# known name's duplicate needs no search, an unknown name's search passes
# the known ones, and record_tag_note_known finds the record noted.
# Instructions a game (valgrind --tool=callgrind gamecheck -q one.EXT,
# the set once, 25,657 games): notation 12,734 -> 12,393 (-2.7%), CSV
# 8,523 -> 8,525, GGF 11,221 -> 11,228, SGF 12,318 -> 12,325.
# Step 2: reader_tag_len inline (read.h) for a record's first 16 tags
# with room in the arrays, a call left only for the rest; reader_tag_text
# inline, so that a literal name's strlen is the compiler's.  Main ->
# step 2, the same command: notation 12,734 -> 12,233 (-3.9%), CSV 8,523
# -> 8,486, GGF 11,221 -> 11,201, SGF 12,318 -> 12,314, WTHOR 10,532 ->
# 10,454, transcripts 7,817 -> 7,816.
# Step 3: the common shape's loop tests no count (number_due ends in two
# entries that match no number) and no bound but one; build_lines sets
# up less a call.  Notation 12,233 -> 12,093 (main 12,734: -5.0%).
# Step 4: read_tag and reader_tag_len inlined where a tag line is read,
# text_add copying 1 to 3 bytes with no call (the Size tag's "8x8").
# Notation 12,093 -> 11,925 (main 12,734: -6.4%).
# Step 5: a pair's columns and offsets stored as two 16-byte vectors
# (place_two), which frees two registers of the loop.  Notation 11,925
# -> 11,840 (main 12,734: -7.0%).
# Step 6: reader_known_tag inline (read.h), its tables tag.c's.
# Notation 11,840 -> 11,776 (main 12,734: -7.5%), CSV 8,498.
# Step 7: number_due keeps a due number's count with its space (one add
# less a move); text_add always inlined (GCC had stopped inlining it in
# tag_named once known names were found there: SGF was 12,332).
# Main 359b185 -> pgn5, instructions a game, the same command: notation
# 12,734 -> 11,758 (-7.7%), CSV 8,523 -> 8,454, transcripts 7,817 ->
# 7,816, WTHOR 10,532 -> 10,260, GGF 11,221 -> 11,136, SGF 12,318 ->
# 12,249: the notation 1.49x -> 1.39x the CSV's instructions.
# CPU, user + system by /usr/bin/time -f '%U %S' gamecheck -q, the set
# 16 times (410,512 games), medians of 7, main's and pgn5's in turn, load
# 2.6-2.9 on 2 cores: CSV 0.23 -> 0.23 s, notation 0.35 -> 0.32 s
# (0.91x): the notation 1.52x -> 1.39x the CSV (target 1.25x: not met).
# -j 2 against -j 1 on the notation (item 4, same files and runs): CPU
# main 0.43/0.36 s (1.19x), pgn5 0.40/0.32 s (1.25x); instructions summed
# over the processes (callgrind --trace-children, the set once) main
# 1.148x, pgn5 1.160x: reading got cheaper, a worker's pass over the
# others' records (skip_pgn, about 1,610 a record) did not.  Wall times
# at that load were no measure (-j 2's wall as its CPU).
# Output the same at each step: bench/same-output.sh main 5cc3a50's
# gamecheck; the set in every format, the notation with CRLF and CR
# line ends and a mixed file of hostile notation records: YAML, -q, -j 2,
# -q -j 2, stdout, stderr and exit status; --write=ggf, sgf, pgn and transcript (with and
# without --keep-illegal) of the mixed notation, CRLF notation and the
# set's first 3 MB of GGF and SGF; the golden cases (all 800), and in an
# --enable-debug build all 800 under valgrind's memcheck
# (tests/valgrind-cases.sh gamecheck gamestat gameplay): no error.
#
# WTHOR after csv5 (the CSV 7,168 instructions a game on main 1b6e72c
# left WTHOR 1.34x it): a game's move bytes are taken as squares in one
# pass with no test a byte (wthor_run, compiled for x86-64-v3 and v4 as
# square_run is), each name and square byte from tables of 256, the
# tokens eight at a time as the line readers store theirs
# (run-tokens.h); a game with a pass or a bad byte is read one byte at a
# time as before.  Instructions per game, valgrind --tool=callgrind
# gamecheck -q one.wtb (the set once, 25,657 games): 9,618 -> 8,669
# (CSV 7,168 -> 7,169: 1.34x -> 1.21x).  CPU, perf stat -e task-clock,
# gamecheck -q on the set repeated 16 times (410,512 games) as WTHOR and
# as CSV in turn, medians of 9, load 3-3.6 on 2 cores: main 260.5 ms /
# 201.8 ms = 1.29 -> 244.8 / 201.3 = 1.22.  Output: YAML, -q, -j 2 and
# -q -j 2 (stdout, stderr, exit) the same as main 5cc3a50's on the set,
# the WTHOR fixtures and 150 files of 40 games with up to six move bytes
# made 0, 92 or no square (and every tenth cut short).
#
# Branch wpass against main 1b6e72c, the replay side of the formats that
# write their passes (issue 34, target 1): a written pass the rules take
# as the game going on (the player to move has no move, the other has
# one) played inside the paired run (replay_records_pair's first_cells
# puts it among the cells as RULES_CELL_PASS; reversi's
# play_cells_pair_written, a copy of play_cells_pair used only where a
# pair's squares hold such a pass, so that the CSV's loop stays as it
# was), where it used to end the run: then each game played the pass by
# rules_play, its squares decoded again and the rest played alone (GGF:
# 36,234 passes and 52,737 solo runs in the set).  A pass the rules
# refuse, two in a row and one past the end still stop the run and go
# the old way, their diagnostics the same.  Instructions a game,
# valgrind --tool=callgrind --callgrind-out-file=F gamecheck -q one.EXT
# (the set once, 25,657 games, gamecheck -O2), main -> wpass: GGF 10,238
# -> 9,850 (-3.8%), SGF 10,354 -> 9,966 (-3.8%), notation 11,733 ->
# 11,345 (-3.3%), CSV 7,169 -> 7,192 (+0.3%: first_cells' look past the
# squares and the count of passes played); big.csv 731.3M -> 733.7M.
# CPU, task-clock by perf stat -x, -e task-clock gamecheck -q big.EXT
# (102,628 games), medians of 11, main's and wpass's in turn, load 2.7-3
# on 2 cores: CSV 51.8 -> 52.3 ms and 54.6 -> 54.6 ms (two rounds: pair
# medians 1.004x, 1.007x), GGF 83.4 -> 80.9 ms (0.97x), SGF 79.2 -> 77.3
# ms (0.98x), notation 83.2 -> 81.5 ms (0.98x); huge.csv (1,026,280
# games, /usr/bin/time user + system, 9 pairs) 0.50 -> 0.50 s.  GGF
# 1.55x the CSV's CPU, SGF 1.48x, notation 1.56x (target 1.25x: not
# met).  bench_playout -n 200000 reversi 1.002x, bench_perft reversi 10
# 1.005x (7 pairs).  Output the same: bench/same-output.sh main
# 5cc3a50's gamecheck; the set in every format, YAML and -q, -j 1 and 2;
# 8,000 GGF, SGF and notation records of the set, twice, half of them
# with passes respelled (PA, pa, pass, PASS, Pass, --, SGF's [] and
# [tt]), taken out, doubled, put in place of a move, at the first move
# and past the end, and files of their first 1 to 5 records with a pass
# (odd and even counts), under nine option sets (YAML, -q, -j 2,
# --implicit-pass=yes and no, --write=transcript, --plies=40,
# --max-errors=3); a mangled CSV written as GGF, SGF and the notation by
# --write --keep-illegal and those checked; --write=ggf, sgf and pgn of
# the mutated records; the golden cases (800); tests/roundtrip.sh,
# bad-input.sh, adversarial.sh, dataset.sh; the unit tests touched in a
# --enable-debug --enable-sanitizers build.
#
# Branch lines against main 1b6e72c, the reading every format shares
# (issue 34, target 1).  Instructions a game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games, gamecheck -O2); main 1b6e72c: CSV 7,168, transcripts 6,807,
# WTHOR 9,618, GGF 10,238, SGF 10,354, notation 11,732.
#   step 1, a GGF or SGF line read where it stands in the input's block
#   when the block holds it whole, its end and all (reader_line_here,
#   rd->line_at), not copied into rd->line (430 bytes a tree): copied
#   still where it crosses into the next block, where a CR is the
#   block's last byte (its LF may be the next block's first) and where
#   it is longer than max_size (test_record's tree_lines_across_blocks:
#   a GGF and an SGF tree with a NUL, the block ending at each byte of
#   its line and around, LF, CR, CR LF and no end, each read as the same
#   tree alone; tree_line_filling_a_block: a line of exactly 64 KiB, a
#   byte and 2 more, and one longer than a block); line_end inline in
#   both its callers:
#     GGF 10,238 -> 10,114, SGF 10,354 -> 10,231, CSV 7,168 -> 7,169,
#     transcripts 6,807 -> 6,808, WTHOR 9,618, notation 11,732.
#   step 2, whether a record has a tag named ...KeyHash (replay_keys,
#   every record) noted by its reader as it notes the known tags (bit
#   RECORD_KEY_HASH_NAMED of rec->known: a length test a tag, most names
#   shorter than "KeyHash"), not a strlen and strcasecmp of every tag's
#   name; replay_keys a test before any frame, the rest out of line
#   (test_record's key_hash_names_noted: names of each case and near
#   misses, first, among a few, past the 16 scanned, after a duplicate,
#   in the notation and a GGF's XT, and a record made by hand, each as
#   the old rule says):
#     GGF 10,114 -> 10,067, SGF 10,231 -> 10,185, notation 11,732 ->
#     11,654, WTHOR 9,618 -> 9,529, CSV 7,169 -> 7,143, transcripts
#     6,808 -> 6,807.
# Main 1b6e72c -> lines: GGF 10,238 -> 10,067 (-1.7%), SGF 10,354 ->
# 10,185 (-1.6%), notation 11,732 -> 11,654 (-0.7%), WTHOR 9,618 ->
# 9,529 (-0.9%), CSV 7,168 -> 7,143 (-0.3%), transcripts 6,807 ->
# 6,807 (174,665,158 -> 174,665,120): x the CSV's instructions GGF
# 1.43 -> 1.41, SGF 1.44 -> 1.43, notation 1.64 -> 1.63 (the bar, 1.25,
# not met).  CPU, user + system by /usr/bin/time -f '%U %S' of ten
# gamecheck -q big.EXT in a row (102,628 games each), main's and lines'
# in turn, medians of 7 pairs, load 3.8-4.4 on 2 cores: CSV 0.54 ->
# 0.54 s, GGF 0.83 -> 0.82, SGF 0.84 -> 0.83, notation 0.91 -> 0.90,
# transcripts 0.49 -> 0.48, WTHOR 0.67 -> 0.68 (10 ms the resolution:
# read the instructions).  The Result and GameId tags (reader_tag_named,
# about 120 instructions a tag, most of it two text copies and the
# known-name hash) were left: nothing found there worth a change.
# Output the same: gamecheck YAML, -q, -j 2, -q -j 2 (stdout, stderr,
# exit) against main 5cc3a50's build on one.EXT in all six formats; the
# set's first 3,000 GGF and SGF trees with CR LF, CR, no last line end,
# cut at 300,001 bytes, 400 bytes mangled, and their first 400 trees on
# one line of over 64 KiB: YAML, -q, -j 2, --write=ggf, sgf and pgn,
# -q from a pipe (-j 2 too) and a gzip, and -q with --max-record-size
# 300, 2,000 and 70,000; the golden cases (all 800), test_record,
# test_tree, test_squares, test_referee, test_pgn_pass, roundtrip.sh,
# bad-input.sh, adversarial.sh, compress.sh, jobs.sh, groups.sh; the
# four unit tests in a --enable-sanitizers build.
#
# Branch pskip2 against main 1b6e72c, the notation's pass over the
# records a -j worker does not own (issue 34, item 4): a record as nearly
# all are written (blank lines of an LF, lines of one plain tag, movetext
# lines its score ends) passed in one step (pass_common_record), not line
# by line; its movetext looked at 64 bytes at a time with AVX2 (16 with
# SSE2), an LF before a digit or letter passed as a line of the same run
# (movetext_stop); a tag line held by 32 bytes checked by one look,
# its bytes classed by their nibbles (short_plain_tag); "46-18" alone at
# a line's end taken as the result with no pattern.  Anything else goes
# the way it went.  A record passed over (callgrind of a loop of
# record_reader_skip over the set once, 373 bytes a record): about
# 1,675 -> 866 instructions.  Instructions summed over the processes
# (valgrind --tool=callgrind --trace-children=yes gamecheck -q -j N
# one.pgn), -j 2 / -j 1: main 349.4M / 301.1M = 1.161 -> pskip2 328.7M /
# 301.1M = 1.092; gamestat -j N: 401.0M / 346.4M = 1.158 -> 380.3M /
# 346.4M = 1.098 (-j 1 the same: reading untouched).  CPU, /usr/bin/time
# -f '%U %S', medians of 7 runs of -j 1 and -j 2 in turn, main's and
# pskip2's in the same minutes at load 3-6 on 2 cores: on big.pgn
# (0.07-0.11 s, the clock's 0.01 s steps: no figure to read) and on it
# 5 times (513,140 games): gamecheck main 0.43/0.55 s (1.28x) -> pskip2
# 0.41/0.49 s (1.20x), gamestat 0.51/0.64 s (1.25x) -> 0.52/0.59 s
# (1.13x).  Output the same as main 5cc3a50's gamecheck (YAML, -q,
# stderr, exit status, -j 1, 2, 3) on one.pgn and notation files mangled
# (comments, % lines, tags after movetext, CRLF, CR, NULs, blank lines of
# spaces, results removed, cut short); bench/same-output.sh.
#
# Branch pskip3 against main 3b7d2c2, the same pass (what a -j worker
# does to every record before its share): a record's lines of plain
# tags judged all at once from masks of the 96 bytes from the first
# line's '[' (each line's name and value runs ended by a carry, as
# simdjson ends its strings: one look a record, most often, then 32
# bytes for a line it left; not one look a line); the movetext's LFs
# before a digit or a letter taken out of the hits by the vector (no
# branch a line), pass_byte's bytes found by a lookup of the low nibble;
# the score ending the record ("46-18" after a space, with no walk)
# looked at straight after movetext_stop, not through pass_movetext.
# Behaviour the same, byte for byte.  The pass alone, perf stat -x, -e
# task-clock gamecheck -q --shard 1/100000000 /tmp/lead/q.pgn (410,512
# records, all but one passed over), medians of 11 runs in turn at load
# 1.5-2 on 2 cores: main 57.0 ms -> 47.4 ms, of which the kernel's
# read(2) copy is about 21 ms (dd bs=64K of the file: 22 ms): the
# pass's own about 36 -> 26 ms.  The steps, each against the one before
# in the same minutes (medians of 7-15): tags 64 bytes a look, the LFs
# by the vector, pass_byte by lookup: main 58.4 -> 52.0 ms; the score
# after movetext_stop 52.0 -> 52.0 (fewer instructions only), then with
# no walk: main 53.9 -> 46.8; 32 bytes for the line a look left 50.8 ->
# 49.5; 96 bytes a first look 48.3 -> 46.5 (two looks of 64 wait one on
# the other: the pass is bound by such chains and by branches more than
# by instructions).  perf record,
# share of the run: plain_tag_lines_avx2 26.5% -> 17.8%,
# movetext_stop_avx2 12.4% -> 17.4% (it now does pass_movetext's LF
# work), skip_pgn 10.0% -> 6.9%, pass_movetext 4.6% -> 0.  Instructions
# (valgrind --tool=callgrind of the same command on one.pgn): 24.61M ->
# 24.88M (two looks of 64 bytes, not one of 96: 23.25M, 1.7 ms slower);
# gamecheck -q one.pgn (-j 1) 289,065,445 -> 289,065,676, the same; -j 2
# summed over the processes (--trace-children=yes) 316.70M -> 316.96M.
# Output the same as main 5cc3a50's gamecheck (YAML, -q, stderr, exit
# status; -j 2, -j 3, --shard 2/3, 1/3, 3/3 with -j 2, --max-record-size
# 2000 -j 2) on one.pgn, the examples' and cases' notation files, and
# one.pgn's first 2 MB with CRLF, CR, cut short, tags with trailing
# blanks, backslashes and double spaces, comments, delimiters and bytes
# mangled, a tag and a movetext line past 64 KiB; test_pgn_pass (a new
# case: tag lines whose ends fall at each byte of a look and the next,
# changed at each byte), test_record, jobs.sh, roundtrip.sh,
# bad-input.sh, adversarial.sh, the 800 golden cases; test_pgn_pass,
# test_record and jobs.sh in a --enable-sanitizers build.
#
# Branch tskip against main 3339cb2, a -j worker's pass over the GGF and
# SGF trees before its share (skip_tree): a tree that is its line found
# by one scan for its first paren, backslash, CR or LF (skip_special),
# with AVX2 (picked by __builtin_cpu_supports, the plain 32-byte vectors
# the fallback), looks 128 bytes at a time with one test, then 64, each
# byte looked up by its low four bits (vpshufb, one compare), not five
# compares; the byte-by-byte way out of line, so the line's way saves
# no registers.  Callgrind of gamecheck -q --shard 1/100000000 one.EXT
# (all but one record passed over), main -> tskip: GGF 14.50M -> 8.94M,
# SGF 14.56M -> 8.79M; skip_tree a record GGF 390 -> 173, SGF 392 ->
# 167 instructions.  gamecheck -q one.EXT (-j 1) the same: GGF 248.61M,
# SGF 251.60M, CSV 184.17M (within 250 instructions).  CPU, perf stat
# -x, -e task-clock gamecheck -q --shard 1/100000000 q.EXT (410,512
# records), medians of 9 runs of main's and tskip's in turn, load 4-5 on
# 2 cores: GGF 43.5 -> 37.1 ms, SGF 43.0 -> 36.2 ms (perf record: about
# two thirds of main's is the kernel copying the file, read(2)).  Output
# the same as main 5cc3a50's gamecheck (YAML, -q, -j 2, -j 3, -j 5,
# --shard 1/3, 2/3, 3/3: stdout, stderr, exit) on one.EXT, its
# --write=ggf and sgf, the tests' data trees and trees with ( ) [,
# escaped ], backslashes, CR, LF and CR LF in values at lengths about
# each 32-byte step, bare ] and unclosed trees, CR/CRLF/lone-CR line ends, lines over 64 KiB
# blocks; test_record (tree_lines_skipped_as_read now also at about 192
# and 256 bytes, the 64-byte step's edges), jobs.sh, roundtrip.sh and
# the GGF/SGF/tree golden cases, also in an --enable-debug
# --enable-sanitizers build.
#
# Branch tree6 against main 937bb6a, the GGF and SGF readers (issue 34,
# target 1).  Instructions per game, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games, gamecheck -O2), main -> tree6:
#   main 937bb6a: CSV 7,178, GGF 9,690, SGF 9,807.
#   step 1, tree_squares compiled for x86-64-v4 and v3 as the line
#   readers' square_run is (RUN_CLONES), and eight moves at a time where
#   four pairs check (four_pairs, the check pair_put's loop made): their
#   texts ("f5" and its NUL each, 24 bytes) and squares gathered from
#   the sixteen bytes of each pair by shuffles (eight_put), their tokens
#   ten stores of four words as the CSV's (run-tokens.h, its texts' step
#   now an argument: run_tokens_from, run_tokens_put_by), not twenty of
#   two and a text and two squares a move; pairs and single moves past
#   them as before (test_record's tree_eights_as_read_one_by_one: runs
#   of 0 to 40 moves after comments of 0 to 3 bytes, with and without a
#   pass and a tree before, each turn's text, NUL, square and place):
#     GGF 9,690 -> 9,420, SGF 9,807 -> 9,533, CSV 7,178 -> 7,178;
#     tree_squares 36.21M -> 29.26M (GGF), 36.38M -> 29.33M (SGF).
#   step 2, next_tree's parse state zeroed by sixteen-byte stores up
#   to RE's value (368 bytes; its 432 by memset were a rep stos, whose
#   start perf record put at a sixth of next_tree's cycles), and a run's
#   first place taken from its square's index, not loaded back from the
#   token its vector stores just wrote (test_record's records_as_written:
#   a GGF move in a node of its own and an SGF one on a line of its own
#   against the colour to move, after a tree, so that the run reads
#   them):
#     GGF 9,420 -> 9,391, SGF 9,533 -> 9,500, CSV 7,178.
#   CPU, perf stat -x, -e task-clock gamecheck -q big.EXT (102,628
#   games), medians of 9 runs of main's, step 1's and step 2's in turn,
#   load 0.8-1.4 on 2 cores: GGF 70.8 -> 70.6 -> 69.8 ms, CSV 48.9 ->
#   49.6 -> 48.9 ms (the same code: the spread of a run).
# Main 937bb6a -> tree6: GGF 248.61M -> 240.94M instructions (9,690 ->
# 9,391 a game, -3.1%), SGF 251.61M -> 243.74M (9,807 -> 9,500, -3.1%),
# CSV 184.17M the same (the line readers' run-tokens.h calls compile to
# the same code): x the CSV's instructions GGF 1.35 -> 1.31, SGF 1.37 ->
# 1.32.  CPU, perf stat -x, -e task-clock gamecheck -q, main's and
# tree6's in turn, load 2.2-3 on 2 cores, 10:21 UTC: big.EXT (102,628
# games) medians of 11, CSV 50.3 -> 49.5 ms, GGF 71.9 -> 70.7 (0.98x),
# SGF 71.8 -> 70.3 (0.98x); q.EXT (410,512 games) medians of 9, CSV
# 199.2 -> 199.0 ms, GGF 289.7 -> 286.6 (0.99x), SGF 304.9 -> 296.1
# (0.97x): x the CSV's CPU GGF 1.45 -> 1.44, SGF 1.53 -> 1.49.  The bar
# (1.25x) is not met: the instructions fell more than the time did.
# Where GGF's time goes against the CSV's (perf record of gamecheck -q
# big.EXT five times, share of each run): tree_squares 10.7% (the CSV's
# square_run 6.2%), next_tree 9.5% (next_line_record 2.8%), the
# kernel's read(2) copy 5.7% (1.9%: the file is 3.3 times the bytes),
# memchr for line ends 2.8% (1.2%), the replay of written passes
# (square_cells, replay_records_pair, replay_start, replay_finish: 11.1%
# against 7.5%), reader_tag_named 3.6% (3.8%).  Left: a tree's line is
# found by memchr before it is parsed, then scanned again; next_tree's
# own is spread over the root's properties (RE and XT through
# tree_props' general way, about 100 instructions each), tree_next and
# tree_run's set-up, none over 15%; tree_squares checks its eight moves
# as four pairs of sixteen bytes (two loads of 32 from the moves and a
# cross-lane gather were not tried).  Output the same at each step as
# main 5cc3a50's gamecheck: YAML, -q, -j 2, -q -j 2, --write=ggf,
# --write=sgf, --write=pgn --keep-illegal, -q --max-record-size 2600 and
# 300, --max-record-size 70000 -j 2 (stdout, stderr, exit) on one.ggf,
# one.sgf, their first 3,000 trees as is, CR LF, CR, with no last line
# end, in upper case, moves upper case and mixed, on one line, 200 a
# line (over 64 KiB), split by line ends and blanks, passes respelled,
# notes, variations, cut short, each of 14 bytes at every byte of the
# moves of 3 games, colours swapped, GGF moves in nodes of their own,
# first moves apart, 52 files of 300-600 trees mangled (0-6 edits of
# brackets, parens, escapes, line ends, NULs, passes, squares off the
# board), and the first 42 files written by main's --write=ggf and sgf
# (174 files, 1,740 runs); the golden cases (800), test_record,
# test_tree, test_squares, test_referee, roundtrip.sh, bad-input.sh,
# adversarial.sh, jobs.sh; test_record, test_tree, test_squares and
# gamecheck on those files (-q, -j 2, --write) in an
# --enable-sanitizers build: no report.
#
# Branch pgn6 against main 937bb6a, the notation's reading (issue 34,
# item 1).  Instructions, valgrind --tool=callgrind
# --callgrind-out-file=F gamecheck -q one.EXT (the set once, 25,657
# games, gamecheck -O2), main -> pgn6:
#   main 937bb6a: notation 289.32M (11,277 a game), CSV 184.17M (7,178).
#   step 1, plain_tokens' turns leave their text offsets (rd->turn_off)
#   unset: they point into the text as they are written (rd->turns_at),
#   and reader_text_grow (reader.c, text_add's growth) sets the offsets
#   of such turns from their pointers before the text moves; plain_movetext
#   sets them itself only where turns before its run point at nothing
#   yet (test_pgn_pass's reading_turns_as_the_text_moves: a stamp, note
#   or result of every length to 600 bytes after one to three lines of
#   moves, in a reader a longer record grew first):
#     notation 289.32M -> 286.74M (11,176 a game), CSV 184.17M the same,
#     GGF 248.61M the same.
#   step 2, a tag line whose name is one of sixteen that nearly every
#   record gives (Game, Size, Result, GameId, Event, ...: tag_names, by
#   a hash of the five bytes after its '[') read with no scan of its
#   name (named_tag) and no look-up of its known tag (reader_tag_known,
#   read.h: reader_tag_len with the answer given), the name copied as
#   one word of eight bytes (test_pgn_pass's
#   reading_tags_of_the_names_table: each name and near misses, another
#   case, a byte more or less, a tab, two to a record in every pair,
#   after values of 0 to 23 bytes):
#     notation 286.74M -> 281.01M (10,953 a game), CSV 184.17M, GGF
#     248.61M, SGF 251.59M the same (within 75 instructions).
#   step 3, plain_tokens' loop of pairs ("12. f5 d6 ") with fewer values
#   live: the text's place one pointer (no offset beside it), the two
#   blanks made NULs by the XOR that the test of them left in a register
#   (not a mask of its own), the bound one compare (about 57 -> 52
#   instructions a pair; the test of every byte is reading_pairs_of_
#   squares_at_every_byte's):
#     notation 281.01M -> 277.04M (10,798 a game), CSV 184.17M.
#   step 4, plain_movetext grows the turns' arrays and the text where
#   they have room for fewer than 128 more turns (plain_room: a reader's
#   first records; no diagnostic, nothing past half the most a record
#   may take), so that one call of plain_tokens reads a record's
#   movetext, not two or three as the room of the last record's arrays
#   bounded it (test_pgn_pass's reading_first_records_as_room_grows: a
#   new reader's records of 1 to 400 turns):
#     notation 277.04M -> 274.53M (10,700 a game).
#   step 5, a record's last line that plain_score ends ("46-18" and
#   blanks) read from where plain_score found the score, not its token
#   found again backwards from the line's end, its move number looked
#   for and score_dash called on it (test_pgn_pass's
#   reading_scores_ending_a_line: scores and near misses, after moves,
#   alone and after a number, with each line end):
#     notation 274.53M -> 270.41M (10,539 a game).
#   step 6, a tag's value read inline where a tag line is (plain_value,
#   plain_value_at: it was a call a tag), and a name of tag_names not
#   looked at again for its blank and quote:
#     notation 270.41M -> 267.87M (10,440 a game).  A -j worker's pass
#     (gamecheck -q --shard 1/100000000 one.pgn) 25.37M the same.
# Main 937bb6a -> pgn6: the notation 289.32M -> 267.87M (11,277 -> 10,440
# a game, -7.4%), CSV 184.17M, transcripts 175.55M, WTHOR 221.01M, GGF
# 248.61M, SGF 251.59M the same (within 150 instructions): the notation
# 1.571x the CSV's instructions -> 1.454x (the bar, 1.25x, not met).
# CPU, task-clock by perf stat -x, -e task-clock gamecheck -q q.EXT (the
# set 16 times, 410,512 games), main's and pgn6's in turn, medians of 11,
# two rounds, 10:21 UTC at load 3-3.4 on 2 cores (other sessions' work):
# notation 305.7 -> 289.4 ms and 310.8 -> 294.2 ms (pair medians 0.946x,
# 0.948x), CSV 199.4 -> 199.2 ms and 203.2 -> 201.8 ms (1.003x, 1.000x):
# the notation 1.53x the CSV's CPU -> 1.45x.  Tried and withdrawn: the
# loop of pairs taking a pair with the line's LF after it or between
# its squares ("f5 d6\n", "f5\nd6 ": 3 a game, each now two single
# squares and the loop entered again): 267.87M -> 269.01M at best, the
# test on the loop's way out kept more of its values on the stack
# (-> 273.37M with the crossing a call taking them by address).  Left:
# plain_tokens, about 2,050 a game (52 instructions a pair: the squares'
# two lookups each, the token's eight stores; line ends, passes and a
# game's last square as single squares, the loop entered about 5 times
# a game); the tag lines, about 250 each (build_lines' dispatch, the
# value's scan, two text copies, reader_tag_known); the replay's tags
# (set_up's Game, Size and the NUL checks, the Result word: about 430 a
# game over the CSV's, src/referee).  Output the same at each step:
# bench/same-output.sh main 5cc3a50's gamecheck; gamecheck YAML, -q,
# -j 2, -q -j 2, --write=pgn and --max-record-size 2000 (stdout, stderr,
# exit) of one.pgn, its first 2 MB with CRLF and CR line ends, cut short,
# mangled (1-3 bytes of half its records replaced, inserted or deleted:
# line ends, blanks, braces, NUL, quotes, escapes, results' bytes),
# rewrapped at widths 10-200 with doubled blanks and comments of stamps
# up to 900 bytes, records of 100 to 5,000 turns, the examples', golden
# cases' and fuzz corpora's notation; -q, YAML and -j 2 with
# --max-record-size 65536 to 200000 on the long records; -j 3, --shard
# 1/3, --shard 2/3 -j 2, --write=transcript and ggf, a pipe and a gzip
# of one.pgn; gamestat on one.pgn, the mangled and the rewrapped; the
# golden cases (800), test_pgn_pass, test_record, test_tree,
# test_squares, roundtrip.sh, bad-input.sh, adversarial.sh, jobs.sh;
# test_pgn_pass and test_record in an --enable-debug build, and the
# debug gamecheck under valgrind's memcheck on the hostile inputs.
#
# Main 6c8f40b -> 8c54c0b, WTHOR's move bytes (read-wthor.c, wthor_run):
# its line and squares pointers in locals (GCC read them again from the
# reader for every byte, as a store through them might have changed
# them) and the names' "names none" test one AND a byte (bit 0x40 of
# every letter), 17 -> 10 instructions a move.  Instructions (callgrind
# gamecheck -q one.wtb, 25,657 games): 221.01M -> 212.03M (8,614 ->
# 8,264 a game, -4.1%); CSV 184.17M the same: WTHOR 1.200x the CSV's
# instructions -> 1.151x.  CPU on a noisy shared host (a gamecheck -q
# q.csv from 0.27 to 0.44 s run to run at load 0.1-1), farm-bench -n 31
# or 51 --pin 1, pair medians, 17:45-17:50 UTC: q.wtb new/old 0.971
# (n 51; 0.945 at n 31); q.wtb x q.csv 1.209 (6c8f40b) -> 1.158
# (8c54c0b).  Output the same: full reports, stderr and exit of one.wtb
# and of a copy with 400 games' move bytes set to 0, 9, 10, 19, 20, 89,
# 90, 92, 99, 100, 200, 255 or any byte (358 malformed, 41 illegal);
# the golden cases' WTHOR (wthor-quirks.case fails with the test of
# names left out), wthor-fixtures.sh, roundtrip.sh, report-bytes.sh,
# jobs.sh, compress.sh.
# Then the tags that WTHOR (Event, Date, Black, White, GameId) and the
# trees (Result, GameId, Size, Setup, Termination, Komi, TimeControl)
# add under a literal name given with its known tag (reader.c,
# reader_tag_named_known; test_record's readers_note_known_tags_as_named
# fails with a wrong one): no look-up, no strlen of the name.
# Instructions (callgrind gamecheck -q one.EXT): WTHOR 212.03M ->
# 210.55M (8,206 a game), GGF 240.94M -> 239.68M, SGF 243.72M ->
# 242.46M (-0.5% to -0.7%); output the same (one.EXT and the mangled
# copies, against 6c8f40b's).
#
# Main 308885d, where the CPU goes (2026-12-04, 19:40-20:00 UTC, load
# about 1: a fuzzer pinned to the other core).  CPU x CSV's (farm-bench
# -n 21 --pin 1, pair medians of gamecheck -q q.EXT): transcripts 0.93,
# WTHOR 1.11, GGF 1.46, SGF 1.46, notation 1.48; instructions x CSV's
# (callgrind, one.EXT) 0.95, 1.14, 1.30, 1.32, 1.45: the trees lose
# 0.15 to the instructions in CPU, in user time (user x CSV 1.44), not
# the kernel's.  Reading alone (gamecheck -q --ids 0 q.EXT: every
# record read, none replayed): CSV 0.069 s, transcripts 0.051, WTHOR
# 0.095, GGF 0.163, notation 0.162; the replay (the rest) CSV 0.205,
# transcripts 0.203, WTHOR 0.214, GGF 0.238, notation 0.244, on as many
# instructions within 2-6%.  Written passes cost the difference: on the
# 9,154 games of the set that pass nowhere (x 16) GGF is 1.32x the
# CSV's CPU (1.23x its instructions) and the replays take 0.072 and
# 0.068 s; on the 16,503 that do, GGF reads a game 77 ns slower than one
# without (395 more instructions in tree_squares, 5.8 more mispredicts
# simulated by callgrind --branch-sim) and replays it 70 ns slower.  The
# notation with its passes left out (implied, formats/record.md; each
# record of one.pgn renumbered without them, x 16): 0.409 -> 0.374 s
# (0.917x), reading 0.161 -> 0.142 s (-12% for 3.4% fewer
# instructions), replay -6.5% (-1.2% instructions).  Tried and
# withdrawn: passes taken in square_moves' eight- and two-at-a-time
# loops (each move of a block the vectors refuse looked at by
# square_move, the block kept where all are squares or passes), so that
# a pass no longer ends them: GGF 239.68M -> 236.57M instructions,
# SGF 242.46M -> 239.87M, pass games' reading -208 instructions a game,
# but CPU new/old 0.996 (GGF) and 1.001 (SGF), n 41: the time a pass
# costs is not in those instructions.  Also no change: the trees' pair
# at a time way (-DARBITER_NO_AVX2) 1.008x the eight at a time's CPU on
# q.ggf; a 16 KiB input block instead of 64 KiB 1.008x (GGF and CSV).
# test_record's tree_eights_as_read_one_by_one now puts passes (PA, pa)
# at every move of its runs and nine on, not only a third of the way.
# Then the replay's share, timed inside it (a build that reads the
# time-stamp counter around each step of replay_records_pair, ticks a
# pair of games, medians of 3 runs of gamecheck -q q.EXT): replay_start
# CSV 252, GGF 241, notation 400 (its Game and Size tags); first_cells
# CSV 92, GGF 295 and notation 282 where a game of the pair writes a
# pass (178k pairs of 205k), 153 and 99 where none does; the moves
# 1,685, 1,640, 1,667; replay_finish 284, 400, 395.  first_cells went
# back to square_cells after each pass written (written_cells), a short
# run with a data-dependent end each time; now one run converts all the
# squares and marks those that are none in a 64-bit mask
# (square_cells_bad, replay.c), whose bits written_cells walks:
# first_cells 295 -> 254 (GGF), 282 -> 224 (notation).  CPU, farm-bench
# -n 41 --pin 1 pair medians new/old, two rounds 20:03 and 20:24 UTC:
# GGF 0.989 and 0.995, SGF 0.989, notation 0.980 and 0.982, CSV 0.998;
# instructions +0.4% to +0.5% (GGF 239.68M -> 240.81M, SGF 242.46M ->
# 243.60M, notation 267.84M -> 268.98M; CSV 184.27M -> 184.25M).
# Output the same (full reports,
# stderr, exit) on one.EXT of every format, their mangled copies and
# copies with 1% and 5% of the moves made passes or bad squares, with
# UTIL_V16 1 and 0 (the scalar way); make check 914 passed; dropping
# the mask's shift by the block makes pgn-implicit-pass-yes.case and
# wthor-quirks.case fail.
#
# Where the time goes, sampled (main d95df5a, 2026-12-04 22:45 UTC, load
# about 1, nothing else running).  This VM has no hardware counters, but
# a timer samples: perf record -e cpu-clock -F 20000 gamecheck -q q.EXT,
# then perf report --sort sym -n and perf annotate -l (the sampling makes
# the run about 1.9 times as long; the shares are what count).  Samples:
# CSV 7,939: reversi_play_cells_pair 4,079; its reading about 1,000
# (square_run 486, reader_tag_named_known 286, next_line_record 242),
# reader_reset 265; the kernel's read(2) copy 189.  GGF 14,193: the two
# play_cells_pair kernels 4,807 (the time-stamp counter above found the
# moves alike: this is where the passes are played and what is around
# them); the trees' reading 3,155 (tree_squares 1,653, next_tree 1,502);
# read(2)'s copy 678 (3.3x the bytes) and filemap 103; memchr 463 (each
# line's end, reader_line_here); replay_records_pair 552 (CSV 110),
# replay_start 323 (148), replay_finish 322 (133).  The notation 14,494:
# plain_tokens 2,226, next_pgn 2,056, the copy 671, replay_records_pair
# 553.  perf annotate -l puts no line of tree_squares or next_tree above
# 6% of its function, nor of plain_tokens above 10%: no one place to
# mend; the readers' gap is spread over their steps a byte and a
# property.  The copy (5% of GGF's and the notation's samples, 2.4% of
# the CSV's) would go only with mmap(2), which turns a file cut short
# under the reader into SIGBUS: not tried.

# Where the instructions go, counted (main 5a70e39, 2026-12-05):
# valgrind --tool=callgrind gamecheck -q one.EXT (the data set once,
# 25,657 games), per game, inclusive:
#                 total   replay_records_pair   reading (next_*)
#   CSV           7,190         5,400               1,410
#   notation     10,490         5,870               4,240
#   GGF           9,390         5,570               3,450
#   SGF           9,500         5,570               3,560
# Instructions put GGF at 1.31x the CSV, but its CPU time is 1.44x (the
# same minutes, farm-bench --pin 1 -n 9: notation 1.448, GGF 1.437, SGF
# 1.448): GGF's user time is 1.40x the CSV's (its reading, branchy,
# runs at fewer instructions a cycle than the replay's kernel) and its
# system time 0.040 s against 0.012 s (read(2)'s copy of 3.3x the bytes).
# The notation's movetext costs about 34 instructions a square
# (plain_tokens: a token's text, length, line, column and offset, two
# tokens a step, and the move numbers between), the CSV's 9
# (square_run: the same five words a token, eight tokens in ten vector
# stores, its squares evenly spaced).  Its replay side is 470 more a
# game (set_up's tag checks, passes_implied's memchr, the Result tag's
# check, the written passes): 4.5% of its instructions.
# mmap(2) instead of read(2), measured by a helper on a scratch copy
# (the whole file mapped read-only over a reserved zero page, each
# refill a window of it, no copy; output byte-identical on one.EXT and
# q.EXT; farm-bench --pin 1 -n 11 twice, new/old CPU): GGF 0.960-0.964,
# SGF 0.966-0.969, notation 0.970-0.978, CSV 0.981; the system time
# went (GGF 0.040 -> 0.012 s) and the user time stayed.  The formats
# then stand at 1.42-1.45x the CSV, and the peak RSS grows from 4 MB to
# the file's size (the page cache mapped: 176 MB for q.ggf), against
# target 1's flat RSS; and a file cut short while mapped is a SIGBUS.
# Not taken.  Target 1 needs the readers' tokens built at about the
# CSV's cost a square: a record's places kept as offsets alone, made
# lines and columns only where a diagnostic or a report asks (a change
# to struct record_token and to every reader and user of it), or the
# common shapes ("12. f5 d6 13. ", "B[f5]W[d6]") taken eight squares
# at a time as the CSV's are.
# The same games, the same facts: the CSV (id, winner, moves) names no
# game and no board, which its format implies; the notation's records
# carry both ([Game "reversi"], [Size "8x8"]), GGF's and SGF's their
# GM, BO, SZ, AB/AW/PL.  With those left out (the notation: grep -v,
# read with -g reversi; the trees: sed, read with -g reversi -f EXT),
# farm-bench --pin 1 -n 9 --vs 'gamecheck -q q.csv', 2026-12-05 10:56
# UTC, two helpers running on the other core: the notation 1.455 ->
# 1.351 (each tag about 0.05 of the CSV's time: 300 instructions to
# read it, 64-129 in set_up), GGF 1.438 -> 1.416, SGF 1.445 -> 1.408.
# The trees' gap is their moves (B[f5]W[d6], three times the CSV's
# bytes) and lines, not their roots (tree_root_run reads those at once).
set -eu
. "${srcdir:-.}/bench/lib.sh"
bench_start formats.sh
command -v farm-bench > /dev/null ||
    { echo "bench/formats.sh: no farm-bench; skipped"; exit 0; }
runs=${RUNS:-7}
ref=${ARBITER_REFERENCE:-}
bench_archive "${COPIES:-4}" > "$tmp/g.csv"
games=$(($(wc -l < "$tmp/g.csv") - 1))
for f in transcript pgn ggf sgf; do
	./gamecheck --write=$f "$tmp/g.csv" > "$tmp/g.$f" 2> /dev/null || true
done
./bench/bench_to_wthor -n "$games" "$data" > "$tmp/g.wtb"

# The median A/B cpu ratio of farm-bench A --vs B.
ratio() {	# A, B (each one command line, split as a shell splits words)
	# shellcheck disable=SC2086
	farm-bench -n "$runs" --timeout 600 --vs "$2" -- $1 2>&1 |
	    awk '/^A\/B cpu/ { print $4 }'
}
for f in transcript pgn wtb ggf sgf; do
	opt=
	[ "$f" != transcript ] || opt='-f transcript'
	line=$(printf '%-10s %d games: %s x CSV' "$f" "$games" \
	    "$(ratio "./gamecheck --quiet $opt $tmp/g.$f" \
	    "./gamecheck --quiet $tmp/g.csv")")
	if [ -n "$ref" ]; then
		line="$line, $(ratio "./gamecheck --quiet $opt $tmp/g.$f" \
		    "$ref/gamecheck --quiet $opt $tmp/g.$f") x reference"
	fi
	echo "$line"
done
# The notation without what the CSV's format implies (the game and the
# board), for the same facts on both sides.
grep -v '^\[Game \|^\[Size ' "$tmp/g.pgn" > "$tmp/g-bare.pgn"
printf '%-10s %d games: %s x CSV (no Game or Size tag)\n' pgn "$games" \
    "$(ratio "./gamecheck --quiet -g reversi $tmp/g-bare.pgn" \
    "./gamecheck --quiet $tmp/g.csv")"
