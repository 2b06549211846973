/* SPDX-License-Identifier: MIT */
/*
 * The --select expressions (formats/select.md): a lexer, a parser by
 * recursive descent (one function per rule of the grammar), and the
 * evaluation of the tree against a record's view.  Nodes live in one
 * array and point at each other by index; the texts they compare with
 * are copies owned by the selection.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "record/select.h"
#include "rules/symmetry.h"

enum tok {
	T_END,
	T_LPAREN,
	T_RPAREN,
	T_OP,
	T_WORD,
	T_STRING,
};

enum op {
	OP_EQ,
	OP_NE,
	OP_LT,
	OP_LE,
	OP_GT,
	OP_GE,
	OP_MATCH,
	OP_NOMATCH
};

/* What a test looks at: a tag, or one of the record's own fields. */
enum field {
	F_TAG,
	F_PLAYER,
	F_STATUS,
	F_WINNER,
	F_CAUSE,
	F_TURNS,
	F_OPENING,
	F_POSITION,
	F_RESULT,
};

static const char *const field_names[] = {
	[F_PLAYER] = "player",
	[F_STATUS] = "status",
	[F_WINNER] = "winner",
	[F_CAUSE] = "cause",
	[F_TURNS] = "turns",
	[F_OPENING] = "opening",
	[F_POSITION] = "position",
	[F_RESULT] = "result",
};

static const char *const statuses[] = { "finished", "unfinished", "illegal",
	"malformed", "forfeited" };

enum kind {
	N_AND,
	N_OR,
	N_NOT,
	N_HAS,
	N_TEST
};

struct node {
	enum kind	  kind;
	size_t		  a, b; /* operands of AND, OR (a, b) and NOT (a) */
	enum field	  field;
	enum op		  op;
	char		 *name; /* the tag's */
	char		 *value;
	pcre2_code	 *re;
	pcre2_match_data *md;
	/* A position's pattern: its cells (PAT_ANY a wildcard), reached. */
	signed char *cells;
	int	     ncells;
	int16_t	    *fixed; /* the cells that are no wildcard, in order */
	int	     nfixed;
	bool	     reached;
};

/* A pattern's cell that any piece, or none, matches. */
#define PAT_ANY (-1)

struct record_select {
	struct node *nodes;
	size_t	     n, cap;
	size_t	     root;
	/* The symmetries of the game and board of the last position seen. */
	const struct rules_game *game;
	char			board[sizeof((struct rules_board *)0)->name];
	int			geometry;
	struct rules_symmetries sym;
};

/*
 * Bounds on what an expression may hold, so that a hostile one cannot
 * exhaust the stack of the parser or of the evaluation (both recursive).
 */
#define MAX_NODES 4096
#define MAX_DEPTH 200

/* The parser's state: the text, where it is, and the token just read. */
struct parse {
	const char *s;
	size_t	    at, start; /* after the token; the token's start */
	enum tok    tok;
	enum op	    op;
	char	   *text; /* a WORD's or STRING's, owned */
	struct record_select *sel;
	struct diag	     *d;
	int		      depth; /* of parentheses and nots */
};

static int
bad(struct parse *p, size_t at, const char *what)
{
	struct diag_pos pos = { 1, at + 1, at };

	diag_set_at(p->d, DIAG_NONE, pos, 1, "%s", what);
	return -1;
}

static bool
is_op_char(char c)
{
	return c == '=' || c == '!' || c == '<' || c == '>' || c == '~';
}

static bool
is_word_char(char c)
{
	return c != '\0' && !isspace((unsigned char)c) && c != '(' &&
	    c != ')' && c != '"' && !is_op_char(c);
}

/* A quoted string: \" and \\ stand for " and \. */
static int
lex_string(struct parse *p)
{
	size_t n = 0;
	char  *t;

	t = malloc(strlen(p->s + p->at) + 1);
	if (t == NULL)
		return bad(p, p->at, "out of memory");
	for (p->at++;; p->at++) {
		if (p->s[p->at] == '\0') {
			free(t);
			return bad(p, p->start, "a quote is not closed");
		}
		if (p->s[p->at] == '"')
			break;
		if (p->s[p->at] == '\\' &&
		    (p->s[p->at + 1] == '"' || p->s[p->at + 1] == '\\'))
			p->at++;
		t[n++] = p->s[p->at];
	}
	p->at++;
	t[n] = '\0';
	p->text = t;
	p->tok = T_STRING;
	return 0;
}

static int
lex(struct parse *p)
{
	static const struct {
		const char *text;
		enum op	    op;
	} ops[] = { { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE },
		{ "!~", OP_NOMATCH }, { "=", OP_EQ }, { "<", OP_LT },
		{ ">", OP_GT }, { "~", OP_MATCH } };
	size_t i, n;

	free(p->text);
	p->text = NULL;
	while (isspace((unsigned char)p->s[p->at]))
		p->at++;
	p->start = p->at;
	switch (p->s[p->at]) {
	case '\0': p->tok = T_END; return 0;
	case '(':
	case ')': p->tok = p->s[p->at++] == '(' ? T_LPAREN : T_RPAREN; return 0;
	case '"': return lex_string(p);
	}
	for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		n = strlen(ops[i].text);
		if (strncmp(p->s + p->at, ops[i].text, n) == 0) {
			p->at += n;
			p->tok = T_OP;
			p->op = ops[i].op;
			return 0;
		}
	}
	if (!is_word_char(p->s[p->at]))
		return bad(
		    p, p->at, "an operator is =, !=, <, <=, >, >=, ~ or !~");
	for (n = p->at; is_word_char(p->s[n]); n++)
		;
	p->text = strndup(p->s + p->at, n - p->at);
	if (p->text == NULL)
		return bad(p, p->at, "out of memory");
	p->at = n;
	p->tok = T_WORD;
	return 0;
}

static bool
is_keyword(const struct parse *p, const char *word)
{
	return p->tok == T_WORD && strcasecmp(p->text, word) == 0;
}

/* A new node; its index, or SIZE_MAX when memory ran out. */
static size_t
node_new(struct parse *p, enum kind kind)
{
	struct record_select *sel = p->sel;
	struct node	     *grown;

	if (sel->n == MAX_NODES) {
		bad(p, p->start, "an expression of over 4096 terms");
		return SIZE_MAX;
	}
	if (sel->n == sel->cap) {
		grown = realloc(
		    sel->nodes, (sel->cap ? 2 * sel->cap : 8) * sizeof *grown);
		if (grown == NULL) {
			bad(p, p->start, "out of memory");
			return SIZE_MAX;
		}
		sel->nodes = grown;
		sel->cap = sel->cap ? 2 * sel->cap : 8;
	}
	memset(&sel->nodes[sel->n], 0, sizeof sel->nodes[0]);
	sel->nodes[sel->n].kind = kind;
	return sel->n++;
}

static size_t expr(struct parse *p);

/* A number as turns are counted: digits, no sign. */
static bool
is_count(const char *s)
{
	return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

static int pgn_date(const char *s, int f[3]);

/*
 * A tag whose name ends in Date compared by =, !=, < ... is compared with
 * a PGN date: one that is none, or a month or a day out of range, would
 * silently compare as text.
 */
static int
check_date(struct parse *p, const struct node *t, size_t value_at)
{
	size_t n = strlen(t->name);
	int    f[3], k;

	if (t->field != F_TAG || n < 4 ||
	    strcasecmp(t->name + n - 4, "date") != 0 || t->op == OP_MATCH ||
	    t->op == OP_NOMATCH)
		return 0;
	k = pgn_date(t->value, f);
	if (k == 0 || (k > 1 && (f[1] == 0 || f[1] > 12)) ||
	    (k > 2 && (f[2] == 0 || f[2] > 31)))
		return bad(p, value_at,
		    "not a date: a date is YYYY, YYYY.MM or YYYY.MM.DD, "
		    "? for what is unknown");
	return 0;
}

/*
 * position = "PATTERN": a Setup value (formats/record.md) whose cells may
 * also be ? (any piece, or none), blanks ignored; the colour to move, X
 * or O after the cells, is told apart when the board is known.  The
 * pattern's cells as piece values, into t.
 */
static int
check_position(struct parse *p, struct node *t, size_t op_at, size_t value_at)
{
	static const char	 sym[] = "-XO?xo";
	static const signed char piece[] = { RULES_EMPTY, RULES_PIECE(0),
		RULES_PIECE(1), PAT_ANY, RULES_PIECE(0) | RULES_PINNED,
		RULES_PIECE(1) | RULES_PINNED };
	const char		*v, *c;
	/* The column of a cell: past the quote of a string. */
	size_t at = value_at + (p->tok == T_STRING);
	int    i;

	if (t->op != OP_EQ && t->op != OP_NE)
		return bad(p, op_at, "a position is = or != a pattern");
	if ((t->cells = malloc(strlen(t->value) + 1)) == NULL)
		return bad(p, value_at, "out of memory");
	for (v = t->value; *v != '\0'; v++) {
		if (isspace((unsigned char)*v))
			continue;
		if ((c = strchr(sym, *v)) == NULL)
			return bad(p, at + (size_t)(v - t->value),
			    "a position is X, O, x, o, - or ? by cell, in "
			    "cell order (a Setup value), and the colour to "
			    "move");
		t->cells[t->ncells++] = piece[c - sym];
	}
	if (t->ncells == 0)
		return bad(p, value_at, "a position is one cell or more");
	if ((t->fixed = malloc((size_t)t->ncells * sizeof *t->fixed)) == NULL)
		return bad(p, value_at, "out of memory");
	for (i = 0; i < t->ncells && i < RULES_MAX_CELLS; i++)
		if (t->cells[i] != PAT_ANY)
			t->fixed[t->nfixed++] = (int16_t)i;
	return 0;
}

/* What a test may do, by field; the value checked where it can be. */
static int
check_test(struct parse *p, struct node *t, size_t op_at, size_t value_at)
{
	size_t i;

	switch (t->field) {
	case F_TURNS:
		if (t->op == OP_MATCH || t->op == OP_NOMATCH)
			return bad(p, op_at, "turns are compared as numbers");
		if (!is_count(t->value))
			return bad(p, value_at, "turns are a number");
		return 0;
	case F_OPENING:
		if (t->op != OP_EQ && t->op != OP_NE)
			return bad(p, op_at, "an opening is = or != its turns");
		if (t->value[strspn(t->value, " \t\n")] == '\0')
			return bad(
			    p, value_at, "an opening is one turn or more");
		return 0;
	case F_POSITION: return check_position(p, t, op_at, value_at);
	case F_STATUS:
	case F_WINNER:
	case F_CAUSE:
		if (t->op != OP_EQ && t->op != OP_NE && t->op != OP_MATCH &&
		    t->op != OP_NOMATCH)
			return bad(p, op_at,
			    "a status, winner or cause is =, !=, ~ or !~");
		if (t->field != F_STATUS || t->op == OP_MATCH ||
		    t->op == OP_NOMATCH)
			return 0;
		for (i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
			if (strcmp(t->value, statuses[i]) == 0)
				return 0;
		return bad(p, value_at,
		    "a status is finished, unfinished, illegal, malformed or "
		    "forfeited");
	default: return check_date(p, t, value_at);
	}
}

static int
compile_re(struct parse *p, struct node *t, size_t value_at)
{
	PCRE2_SIZE erroff;
	int	   err;
	char	   msg[160];

	t->re = pcre2_compile((PCRE2_SPTR)t->value, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &erroff, NULL);
	if (t->re == NULL) {
		pcre2_get_error_message(err, (PCRE2_UCHAR *)msg, sizeof msg);
		/* At the byte PCRE2 names (past a string's quote; its
		 * escapes, if any, shift it). */
		return bad(p, value_at + (p->tok == T_STRING) + erroff, msg);
	}
	(void)pcre2_jit_compile(t->re, PCRE2_JIT_COMPLETE);
	t->md = pcre2_match_data_create_from_pattern(t->re, NULL);
	if (t->md == NULL)
		return bad(p, value_at, "out of memory");
	return 0;
}

/* test = NAME op value; NAME a field, tag:NAME or a tag's name. */
static size_t
test(struct parse *p)
{
	size_t	     k, op_at, value_at, i;
	struct node *t;
	const char  *name;

	if (p->tok != T_WORD) {
		bad(p, p->start, "a tag's name, a field or ( was due");
		return SIZE_MAX;
	}
	if ((k = node_new(p, N_TEST)) == SIZE_MAX)
		return SIZE_MAX;
	t = &p->sel->nodes[k];
	t->field = F_TAG;
	name = p->text;
	if (strncasecmp(name, "tag:", 4) == 0)
		name += 4;
	else
		for (i = 0; i < sizeof field_names / sizeof field_names[0]; i++)
			if (field_names[i] != NULL &&
			    strcasecmp(name, field_names[i]) == 0)
				t->field = (enum field)i;
	/* A word is the expression's bytes: tag: ends where the name is due. */
	if (*name == '\0' || (t->name = strdup(name)) == NULL) {
		bad(p, p->start + (*name ? 0 : (size_t)(name - p->text)),
		    *name ? "out of memory" : "a tag's name is due");
		return SIZE_MAX;
	}
	if (lex(p) == -1)
		return SIZE_MAX;
	op_at = p->start;
	if (p->tok != T_OP) {
		bad(p, p->start,
		    "an operator (=, !=, <, <=, >, >=, ~, !~) was due");
		return SIZE_MAX;
	}
	t->op = p->op;
	if (lex(p) == -1)
		return SIZE_MAX;
	value_at = p->start;
	if (p->tok != T_WORD && p->tok != T_STRING) {
		bad(p, p->start, "a value was due");
		return SIZE_MAX;
	}
	t->value = p->text;
	p->text = NULL;
	if (check_test(p, t, op_at, value_at) == -1 ||
	    ((t->op == OP_MATCH || t->op == OP_NOMATCH) &&
		compile_re(p, t, value_at) == -1) ||
	    lex(p) == -1)
		return SIZE_MAX;
	return k;
}

/* factor = "not" factor | "(" expr ")" | "has" NAME | test */
static size_t
factor(struct parse *p)
{
	size_t k, a, open;

	if ((is_keyword(p, "not") || p->tok == T_LPAREN) &&
	    p->depth == MAX_DEPTH) {
		bad(p, p->start, "an expression nested over 200 deep");
		return SIZE_MAX;
	}
	if (is_keyword(p, "not")) {
		p->depth++;
		if (lex(p) == -1 || (a = factor(p)) == SIZE_MAX ||
		    (k = node_new(p, N_NOT)) == SIZE_MAX)
			return SIZE_MAX;
		p->sel->nodes[k].a = a;
		p->depth--;
		return k;
	}
	if (p->tok == T_LPAREN) {
		p->depth++;
		open = p->start;
		if (lex(p) == -1 || (k = expr(p)) == SIZE_MAX)
			return SIZE_MAX;
		if (p->tok != T_RPAREN) {
			bad(p, p->tok == T_END ? open : p->start,
			    p->tok == T_END ? "a parenthesis is not closed" :
					      "and, or or ) was due");
			return SIZE_MAX;
		}
		p->depth--;
		return lex(p) == -1 ? SIZE_MAX : k;
	}
	if (is_keyword(p, "has")) {
		if (lex(p) == -1)
			return SIZE_MAX;
		if (p->tok != T_WORD || strcasecmp(p->text, "tag:") == 0) {
			/* After tag:, the name is due where it ends. */
			bad(p, p->start + (p->tok == T_WORD ? 4 : 0),
			    "a tag's name was due after has");
			return SIZE_MAX;
		}
		if ((k = node_new(p, N_HAS)) == SIZE_MAX)
			return SIZE_MAX;
		p->sel->nodes[k].name = strdup(
		    strncasecmp(p->text, "tag:", 4) == 0 ? p->text + 4 :
							   p->text);
		if (p->sel->nodes[k].name == NULL) {
			bad(p, p->start, "out of memory");
			return SIZE_MAX;
		}
		return lex(p) == -1 ? SIZE_MAX : k;
	}
	return test(p);
}

/* The binary rules: term = factor { "and" factor }, expr likewise. */
static size_t
binary(struct parse *p, const char *word, enum kind kind,
    size_t (*operand)(struct parse *))
{
	size_t a, b, k;

	if ((a = operand(p)) == SIZE_MAX)
		return SIZE_MAX;
	while (is_keyword(p, word)) {
		if (lex(p) == -1 || (b = operand(p)) == SIZE_MAX ||
		    (k = node_new(p, kind)) == SIZE_MAX)
			return SIZE_MAX;
		p->sel->nodes[k].a = a;
		p->sel->nodes[k].b = b;
		a = k;
	}
	return a;
}

static size_t
term(struct parse *p)
{
	return binary(p, "and", N_AND, factor);
}

static size_t
expr(struct parse *p)
{
	return binary(p, "or", N_OR, term);
}

struct record_select *
record_select_new(const char *s, struct diag *d)
{
	struct parse p = { .s = s, .d = d };

	if ((p.sel = calloc(1, sizeof *p.sel)) == NULL) {
		diag_set(d, DIAG_NONE, "out of memory");
		return NULL;
	}
	if (lex(&p) == -1)
		goto out_free;
	if (p.tok == T_END) {
		bad(&p, p.start, "an expression was due");
		goto out_free;
	}
	if ((p.sel->root = expr(&p)) == SIZE_MAX)
		goto out_free;
	if (p.tok != T_END) {
		bad(&p, p.start,
		    p.tok == T_RPAREN ? "a ) without its (" :
					"and, or or the end was due");
		goto out_free;
	}
	return p.sel;
out_free:
	free(p.text);
	record_select_free(p.sel);
	return NULL;
}

void
record_select_free(struct record_select *sel)
{
	size_t i;

	if (sel == NULL)
		return;
	for (i = 0; i < sel->n; i++) {
		free(sel->nodes[i].cells);
		free(sel->nodes[i].fixed);
		free(sel->nodes[i].name);
		free(sel->nodes[i].value);
		pcre2_match_data_free(sel->nodes[i].md);
		pcre2_code_free(sel->nodes[i].re);
	}
	free(sel->nodes);
	free(sel);
}

/*
 * A PGN date's fields (year, month, day), -1 where written "?" or "??";
 * the number of fields given (1 to 3), or 0 if s is no date.
 */
static int
pgn_date(const char *s, int f[3])
{
	static const int width[3] = { 4, 2, 2 };
	int		 n, i;

	for (n = 0; n < 3; n++) {
		if (n > 0 && *s++ != '.')
			return 0;
		f[n] = 0;
		for (i = 0; i < width[n]; i++, s++) {
			if (*s == '?')
				f[n] = -1;
			else if (isdigit((unsigned char)*s) && f[n] >= 0)
				f[n] = f[n] * 10 + (*s - '0');
			else
				return 0;
		}
		if (*s == '\0')
			return n + 1;
	}
	return 0;
}

/*
 * A number as PGN tags write them: an optional minus and digits, then
 * perhaps more fields of digits after points (rounds: 3.10 follows 3.9).
 */
static bool
is_number(const char *s)
{
	if (*s == '-')
		s++;
	for (;;) {
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
		if (*s == '\0')
			return true;
		if (*s++ != '.')
			return false;
	}
}

/* Numbers field by field; one that stops first is the smaller. */
static int
compare_numbers(const char *a, const char *b)
{
	long long x, y;
	char	 *ea, *eb;

	for (;;) {
		x = strtoll(a, &ea, 10);
		y = strtoll(b, &eb, 10);
		if (x != y)
			return x < y ? -1 : 1;
		if (*ea == '\0' || *eb == '\0')
			return (*ea != '\0') - (*eb != '\0');
		a = ea + 1;
		b = eb + 1;
	}
}

/*
 * a against b: dates field by field as far as both are known (so a year
 * is equal to each of its days), numbers field by field, the rest byte by
 * byte.  date says the tag holds dates (its name ends in "Date").
 */
static int
compare(const char *a, const char *b, bool date)
{
	int fa[3], fb[3], na, nb, i;

	if (date && (na = pgn_date(a, fa)) > 0 && (nb = pgn_date(b, fb)) > 0) {
		for (i = 0; i < na && i < nb && fa[i] >= 0 && fb[i] >= 0; i++)
			if (fa[i] != fb[i])
				return fa[i] < fb[i] ? -1 : 1;
		return 0;
	}
	if (is_number(a) && is_number(b))
		return compare_numbers(a, b);
	i = strcmp(a, b);
	return i < 0 ? -1 : i > 0;
}

/* Whether c, a comparison's sign, is what operator op asks. */
static bool
ordered(enum op op, int c)
{
	switch (op) {
	case OP_EQ: return c == 0;
	case OP_NE: return c != 0;
	case OP_LT: return c < 0;
	case OP_LE: return c <= 0;
	case OP_GT: return c > 0;
	default: return c >= 0;
	}
}

static bool
holds(const struct node *t, const char *v, bool date)
{
	int rc, f[3];

	if (v == NULL)
		return false;
	if (t->op == OP_MATCH || t->op == OP_NOMATCH) {
		rc = pcre2_match(
		    t->re, (PCRE2_SPTR)v, strlen(v), 0, 0, t->md, NULL);
		/* A match that fails (a limit hit) holds for neither. */
		if (rc < PCRE2_ERROR_NOMATCH)
			return false;
		return (rc >= 0) == (t->op == OP_MATCH);
	}
	/* A record's date that is none holds no order, as if absent. */
	if (date && pgn_date(v, f) == 0)
		return false;
	return ordered(t->op, compare(v, t->value, date));
}

/*
 * A count (the turns) against the value, as holds would compare it
 * written in decimal, without writing it: a value of digits alone (as
 * compare's numbers of one field) is a number, anything else goes to
 * holds.  Every record of an archive comes here for a test of turns.
 */
static bool
holds_count(const struct node *t, size_t n)
{
	char		   count[24];
	const char	  *s = t->value;
	unsigned long long x = 0;
	int		   digits = 0;

	if (t->op != OP_MATCH && t->op != OP_NOMATCH) {
		for (; *s >= '0' && *s <= '9' && digits < 19; s++, digits++)
			x = 10 * x + (unsigned long long)(*s - '0');
		if (*s == '\0' && digits > 0 && digits < 19)
			return ordered(t->op, n < x ? -1 : n > x);
	}
	snprintf(count, sizeof count, "%zu", n);
	return holds(t, count, false);
}

/* Whether the record's turns begin with the value's, blank-separated. */
static bool
opens_with(const struct record_select_view *v, const char *want)
{
	size_t i = 0, n;

	for (;;) {
		while (isspace((unsigned char)*want))
			want++;
		if (*want == '\0')
			return true;
		n = strcspn(want, " \t\n");
		if (i == v->nturns)
			return false;
		if (v->turns != NULL ?
			(strlen(v->turns[i]) != n ||
			    strncasecmp(v->turns[i], want, n) != 0) :
			(v->tokens[i].len != n ||
			    strncasecmp(v->tokens[i].text, want, n) != 0))
			return false;
		want += n;
		i++;
	}
}

static bool
test_holds(const struct node *t, const struct record_select_view *v)
{
	size_t i, n;
	bool   any, negated;

	switch (t->field) {
	case F_TAG:
		n = strlen(t->name);
		return holds(t, v->tag(v->ctx, t->name),
		    n >= 4 && strcasecmp(t->name + n - 4, "date") == 0);
	case F_PLAYER:
		/* = or ~: either player; != or !~: neither is (an unknown
		 * player is nobody). */
		if (t->op == OP_NE || t->op == OP_NOMATCH)
			return (v->player[0] == NULL ||
				   holds(t, v->player[0], false)) &&
			    (v->player[1] == NULL ||
				holds(t, v->player[1], false));
		return holds(t, v->player[0], false) ||
		    holds(t, v->player[1], false);
	case F_STATUS:
		/* = or ~: one of the words does; != or !~: none does. */
		negated = t->op == OP_NE || t->op == OP_NOMATCH;
		any = false;
		for (i = 0; i < v->nstatuses; i++)
			any |= holds(t, v->statuses[i], false) != negated;
		return any != negated;
	case F_WINNER:
		return holds(t, v->winner != NULL ? v->winner : "none", false);
	case F_CAUSE: return holds(t, v->cause, false);
	case F_RESULT: return holds(t, v->result, false);
	case F_TURNS: return holds_count(t, v->nturns);
	case F_OPENING: return opens_with(v, t->value) == (t->op == OP_EQ);
	case F_POSITION: return t->reached == (t->op == OP_EQ);
	}
	return false;
}

static bool
eval(const struct record_select *sel, size_t k,
    const struct record_select_view *v)
{
	const struct node *t = &sel->nodes[k];

	switch (t->kind) {
	case N_AND: return eval(sel, t->a, v) && eval(sel, t->b, v);
	case N_OR: return eval(sel, t->a, v) || eval(sel, t->b, v);
	case N_NOT: return !eval(sel, t->a, v);
	case N_HAS: return v->tag(v->ctx, t->name) != NULL;
	case N_TEST: return test_holds(t, v);
	}
	return false;
}

/* Whether a test of the selection looks at one of the fields of mask. */
static bool
asks(const struct record_select *sel, unsigned mask)
{
	size_t i;

	for (i = 0; i < sel->n; i++)
		if (sel->nodes[i].kind == N_TEST &&
		    (mask & 1u << sel->nodes[i].field) != 0)
			return true;
	return false;
}

bool
record_select_replays(const struct record_select *sel)
{
	return asks(sel,
	    1u << F_STATUS | 1u << F_WINNER | 1u << F_CAUSE | 1u << F_POSITION |
		1u << F_RESULT);
}

bool
record_select_positions(const struct record_select *sel)
{
	return asks(sel, 1u << F_POSITION);
}

void
record_select_reset(struct record_select *sel)
{
	size_t i;

	for (i = 0; i < sel->n; i++)
		sel->nodes[i].reached = false;
}

/*
 * Whether the pattern t matches pos under one of the symmetries s: the
 * pattern's cell c against the piece on the cell the symmetry takes c
 * to.  Only the cells the pattern fixes are looked at (t->fixed), so
 * that a pattern of a few cells costs a few reads a symmetry.
 */
static bool
pattern_matches(const struct node *t, const struct rules_position *pos,
    const struct rules_symmetries *s)
{
	int n = pos->board.ncells, k, j, c;

	if (t->ncells == n + 1) {
		/* The last is the colour to move: X or O, else no match. */
		if (t->cells[n] != PAT_ANY &&
		    t->cells[n] != RULES_PIECE(rules_to_move(pos)))
			return false;
	} else if (t->ncells != n)
		return false;
	for (k = 0; k < s->n; k++) {
		/* The colour to move, last if given, is no cell. */
		for (j = 0; j < t->nfixed && t->fixed[j] < n; j++) {
			c = t->fixed[j];
			if (t->cells[c] != rules_piece(pos, s->map[k][c]))
				break;
		}
		if (j == t->nfixed || t->fixed[j] >= n)
			return true;
	}
	return false;
}

void
record_select_position(
    struct record_select *sel, const struct rules_position *pos)
{
	size_t i;

	/* The board's symmetries, worked out once per board. */
	if (sel->game != pos->game ||
	    strcmp(sel->board, pos->board.name) != 0 ||
	    sel->geometry != (int)pos->board.geometry + 1) {
		rules_symmetries_of_game(pos, &sel->sym);
		sel->game = pos->game;
		memcpy(sel->board, pos->board.name, sizeof sel->board);
		sel->geometry = (int)pos->board.geometry + 1;
	}
	for (i = 0; i < sel->n; i++)
		if (sel->nodes[i].kind == N_TEST &&
		    sel->nodes[i].field == F_POSITION && !sel->nodes[i].reached)
			sel->nodes[i].reached = pattern_matches(
			    &sel->nodes[i], pos, &sel->sym);
}

bool
record_select_match(
    const struct record_select *sel, const struct record_select_view *v)
{
	return eval(sel, sel->root, v);
}
