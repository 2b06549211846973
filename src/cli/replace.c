/* SPDX-License-Identifier: MIT */
/*
 * Writing every output file whole or not at all (output.h): the new
 * contents go to a temporary file in the target's directory, flushed to
 * disk and renamed over the target, so that a failure or a crash leaves
 * the old file or the new one.  The in-place update adds an advisory lock
 * on the file itself held for the whole read-modify-write cycle, so that
 * two writers never lose an update.  Which output is an input is decided
 * here too.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/input.h"
#include "cli/output.h"
#include "util/util.h"

/* Links followed in resolving a path, as the kernel's limit. */
#define MAX_LINKS 40
/* The random tail of a temporary file's name; the most of PROG in it. */
#define TEMP_RANDOM 6
#define TEMP_PROG   16
/* "p" and a process id of up to 20 digits, and "-". */
#define TEMP_PID 22

/* The directory and base name of path, as two new strings. */
static int
split_path(const char *path, char **dir, char **base)
{
	char *a = strdup(path), *b = strdup(path);

	*dir = *base = NULL;
	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		errno = ENOMEM;
		return -1;
	}
	*dir = strdup(dirname(a));
	*base = strdup(basename(b));
	free(a);
	free(b);
	if (*dir == NULL || *base == NULL) {
		free(*dir);
		free(*base);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* dir/ + a + b + c, a new string; NULL (errno ENOMEM) if memory runs out. */
static char *
path_join(const char *dir, const char *a, const char *b, const char *c)
{
	size_t n = strlen(dir) + strlen(a) + strlen(b) + strlen(c) + 2;
	char  *p;

	if ((p = malloc(n)) == NULL)
		return NULL;
	snprintf(p, n, "%s/%s%s%s", dir, a, b, c);
	return p;
}

/*
 * The hidden prefix of path's temporary files, ".BASE.PROG-TAG": TAG is
 * "pPID-", our process id, for a file of cli_output_open, and "INO-", the
 * inode number in hex, for a file locked (ino not 0), which no hex number
 * can be taken for; with any_pid, TAG is "p" alone, what every writer's
 * prefix starts with.  BASE is cut short so that the name with its random
 * tail (and a process id of any length) fits in NAME_MAX (and so is
 * PROG, should argv[0] be long), and then *cut is set.  A new string, or
 * NULL (errno ENOMEM).
 */
static char *
temp_prefix(const char *base, ino_t ino, bool any_pid, bool *cut)
{
	const char *prog = cli_progname();
	char	    num[32] = "";
	size_t	    room, n = strlen(base), np = strlen(prog), nn;
	char	   *p;

	if (ino != 0)
		snprintf(num, sizeof num, "%jx-", (uintmax_t)ino);
	else if (any_pid)
		snprintf(num, sizeof num, "p");
	else
		snprintf(num, sizeof num, "p%ld-", (long)getpid());
	/* The room a process id may take, whatever ours is. */
	nn = ino != 0 ? strlen(num) : TEMP_PID;
	if (np > TEMP_PROG)
		np = TEMP_PROG;
	room = NAME_MAX - np - nn - 3 - TEMP_RANDOM;
	*cut = n > room;
	if (n > room)
		n = room;
	nn = strlen(num);
	if ((p = malloc(n + np + nn + 4)) == NULL)
		return NULL;
	snprintf(p, n + np + nn + 4, ".%.*s.%.*s-%s", (int)n, base, (int)np,
	    prog, num);
	return p;
}

/*
 * Calls drop(path) for each file of dir named temp_prefix(base, ino,
 * any_pid) and then a tail that tail_ok takes; for none where the prefix
 * was cut short, lest it be another file's.
 */
static void
each_temp(const char *dir, const char *base, ino_t ino, bool any_pid,
    bool (*tail_ok)(const char *), void (*drop)(const char *))
{
	struct dirent *de;
	size_t	       n;
	char	      *prefix, *p;
	bool	       cut;
	DIR	      *d;

	if ((prefix = temp_prefix(base, ino, any_pid, &cut)) == NULL)
		return;
	n = strlen(prefix);
	if (!cut && (d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strncmp(de->d_name, prefix, n) != 0 ||
			    !tail_ok(de->d_name + n))
				continue;
			if ((p = path_join(dir, "", de->d_name, "")) == NULL)
				continue;
			drop(p);
			free(p);
		}
		closedir(d);
	}
	free(prefix);
}

/* Is s "XXXXXX", the random tail of a temporary name? */
static bool
stale_tail(const char *s)
{
	return strlen(s) == TEMP_RANDOM;
}

static void
drop_stale(const char *p)
{
	struct stat st;

	if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid())
		unlink(p);
}

/*
 * Removes the temporary files of earlier runs that died before their
 * rename.  Only the holder of the lock on the current file writes one
 * named for its inode, so while we hold it every such file is stale: a
 * regular file of ours named exactly so.
 */
static void
remove_stale(const char *dir, const char *base, ino_t ino)
{
	each_temp(dir, base, ino, false, stale_tail, drop_stale);
}

/*
 * path with every symbolic link at its end followed, as open(2) would
 * follow them, to the file that is (or would be) written: a new string,
 * or NULL (errno).  A dangling link resolves to the file it would create.
 */
static char *
resolve_links(const char *path)
{
	struct stat st;
	char	    buf[PATH_MAX], *p, *q, *dir, *base;
	ssize_t	    n;
	int	    links;

	if ((p = strdup(path)) == NULL)
		return NULL;
	for (links = 0;; links++) {
		if (lstat(p, &st) == -1) {
			if (errno == ENOENT)
				return p;
			goto out_free_p;
		}
		if (!S_ISLNK(st.st_mode))
			return p;
		if (links == MAX_LINKS) {
			errno = ELOOP;
			goto out_free_p;
		}
		if ((n = readlink(p, buf, sizeof buf - 1)) == -1)
			goto out_free_p;
		buf[n] = '\0';
		if (buf[0] == '/')
			q = strdup(buf);
		else {
			if (split_path(p, &dir, &base) == -1)
				goto out_free_p;
			q = path_join(dir, "", buf, "");
			free(dir);
			free(base);
		}
		if (q == NULL)
			goto out_free_p;
		free(p);
		p = q;
	}

out_free_p:
	free(p);
	return NULL;
}

/*
 * May the invoking user write path itself?  The effective ids decide, as
 * they do for open(2); root may write any file.  errno says why not.
 */
static bool
may_write(const char *path)
{
	return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0;
}

/*
 * The outputs with a temporary file, for the signal handler and exit(3):
 * changed only with the signals below blocked.
 */
static struct cli_output *temps;
static const int	  caught[] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction	  caught_was[3];
/*
 * SIGXFSZ is ignored while a temporary file is open, so that writing past
 * the file size limit fails (EFBIG) and the temporary file is removed,
 * instead of killing us with it left behind.
 */
static struct sigaction xfsz_was;

static void
remove_temps(void)
{
	struct cli_output *o;

	/*
	 * A child forked with the list (gameplay match -j's referees)
	 * inherits it and the handler, but not the files: its parent's are
	 * not its to remove when a signal ends it.
	 */
	for (o = temps; o != NULL; o = o->next)
		if (o->tmp != NULL && o->owner == getpid())
			unlink(o->tmp);
}

static void
on_signal(int sig)
{
	size_t i;

	remove_temps();
	/* The signal goes on to what was there: a handler, or death. */
	for (i = 0; i < sizeof caught / sizeof caught[0]; i++)
		if (caught[i] == sig)
			sigaction(sig, &caught_was[i], NULL);
	raise(sig);
}

static void
block_signals(bool block, sigset_t *was)
{
	static bool	 installed;
	struct sigaction sa;
	sigset_t	 set;
	size_t		 i;

	if (!block) {
		sigprocmask(SIG_SETMASK, was, NULL);
		return;
	}
	sigemptyset(&set);
	for (i = 0; i < sizeof caught / sizeof caught[0]; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, was);
	if (installed)
		return;
	installed = true;
	atexit(remove_temps);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	/* One cleanup at a time: the others wait while it runs. */
	sa.sa_mask = set;
	for (i = 0; i < sizeof caught / sizeof caught[0]; i++) {
		/* An ignored signal (nohup) stays ignored. */
		if (sigaction(caught[i], NULL, &caught_was[i]) == 0 &&
		    caught_was[i].sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
	}
}

/* Takes out off the list of temporary files, and frees it. */
static void
output_clean(struct cli_output *out)
{
	struct cli_output **o;
	sigset_t	    was;

	block_signals(true, &was);
	for (o = &temps; *o != NULL; o = &(*o)->next)
		if (*o == out) {
			*o = out->next;
			if (temps == NULL)
				sigaction(SIGXFSZ, &xfsz_was, NULL);
			break;
		}
	block_signals(false, &was);
	free(out->tmp);
	free(out->path);
	memset(out, 0, sizeof *out);
}

/* Six letters or digits, different on every call. */
static void
temp_random(char *s)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "abcdefghijklmnopqrstuvwxyz0123456789";
	static uint64_t	  calls;
	struct timespec	  ts;
	uint64_t	  x;
	int		  i;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 32 ^
	    (uint64_t)getpid() << 12 ^ ++calls * 0x9e3779b97f4a7c15ULL;
	/* splitmix64's finaliser spreads the bits. */
	x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ x >> 27) * 0x94d049bb133111ebULL;
	x ^= x >> 31;
	for (i = 0; i < TEMP_RANDOM; i++, x /= sizeof set - 1)
		s[i] = set[x % (sizeof set - 1)];
	s[TEMP_RANDOM] = '\0';
}

/*
 * Holds the temporary file fd (just made at out->tmp) for as long as we
 * live: an exclusive flock(2) on a descriptor of its own, out->lockfd,
 * kept until the file is renamed or removed.  The kernel drops it when a
 * writer dies however it dies, so that a temporary file nobody holds is
 * known stale (remove_orphans).  -1 with errno ENOENT if a cleaner took
 * the file between its creation and our lock: make another.
 */
static int
temp_hold(struct cli_output *out, int fd)
{
	struct stat st;

	if ((out->lockfd = fcntl(fd, F_DUPFD_CLOEXEC, 3)) == -1)
		return -1;
	while (flock(out->lockfd, LOCK_EX) == -1)
		if (errno != EINTR)
			goto out_close;
	if (fstat(fd, &st) == -1)
		goto out_close;
	if (st.st_nlink == 0) {
		errno = ENOENT;
		goto out_close;
	}
	return 0;

out_close:
	close(out->lockfd);
	out->lockfd = -1;
	return -1;
}

/* Is s "PID-XXXXXX", the tail of a name of cli_output_open's files? */
static bool
orphan_tail(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n > 0 && s[n] == '-' && strlen(s + n + 1) == TEMP_RANDOM;
}

static void
drop_orphan(const char *p)
{
	struct stat st, now;
	int	    fd;

	fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd != -1 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid() && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
	    lstat(p, &now) == 0 && now.st_dev == st.st_dev &&
	    now.st_ino == st.st_ino)
		unlink(p);
	if (fd != -1)
		close(fd);
}

/*
 * Removes the temporary files of writers of base in dir that died before
 * their rename (SIGKILL, a crash, a power cut): a regular file of ours
 * named .BASE.PROG-pPID-XXXXXX that nobody holds (temp_hold), which we may
 * lock, and which is still the file we locked when we unlink it.
 */
static void
remove_orphans(const char *dir, const char *base)
{
	each_temp(dir, base, 0, true, orphan_tail, drop_orphan);
}

/*
 * Creates and holds (temp_hold) a new temporary prefix + random tail in
 * dir for out, of the given mode, trying other names while one is taken
 * or was removed as stale before it was held.  Returns its descriptor,
 * out->tmp its name; or -1 with errno and out->tmp NULL.
 */
static int
temp_create(struct cli_output *out, const char *dir, const char *prefix,
    mode_t mode)
{
	char tail[TEMP_RANDOM + 1];
	int  fd = -1, tries, saved;

	for (tries = 0; tries < 100 && fd == -1; tries++) {
		if (out->tmp != NULL) {
			/* Removed as stale before we held it: another. */
			free(out->tmp);
			out->tmp = NULL;
		}
		temp_random(tail);
		if ((out->tmp = path_join(dir, "", prefix, tail)) == NULL)
			break;
		fd = open(out->tmp,
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd == -1) {
			saved = errno;
			free(out->tmp);
			out->tmp = NULL;
			errno = saved;
			if (errno != EEXIST)
				break;
			continue;
		}
		if (temp_hold(out, fd) == -1) {
			saved = errno;
			close(fd);
			fd = -1;
			errno = saved;
			if (errno != ENOENT) {
				unlink(out->tmp);
				free(out->tmp);
				out->tmp = NULL;
				break;
			}
		}
	}
	return fd;
}

/*
 * Creates out's temporary file beside out->path, with old's mode, group
 * and (where allowed) owner if it replaces a file (old not NULL), named
 * for old's inode if that is locked.  Returns 0, -1 (errno), or -2 after
 * saying why.
 */
static int
output_temp(struct cli_output *out, const struct stat *old, bool locked)
{
	char		*dir, *base, *prefix = NULL;
	sigset_t	 was;
	struct sigaction sa;
	int		 fd = -1, saved, rc = -1;
	bool		 cut;

	if (split_path(out->path, &dir, &base) == -1)
		return -1;
	if ((prefix = temp_prefix(base, locked ? old->st_ino : 0, false, &cut)) ==
	    NULL)
		goto out_free;
	if (!locked)
		remove_orphans(dir, base);
	/* Registered as created, so that no signal falls in between. */
	block_signals(true, &was);
	fd = temp_create(out, dir, prefix, old != NULL ? 0600 : 0666);
	if (fd != -1) {
		if (temps == NULL) {
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = SIG_IGN;
			sigaction(SIGXFSZ, &sa, &xfsz_was);
		}
		out->next = temps;
		temps = out;
		out->owner = getpid();
	}
	saved = errno;
	block_signals(false, &was);
	errno = saved;
	if (fd == -1)
		goto out_free;
	/*
	 * The owner first: chown(2) may clear the set-id bits.  Another
	 * user's file becomes ours, but its group stays (one we are in), or
	 * it is not replaced: its owner might lose the right to write it.
	 */
	if (old != NULL && fchown(fd, old->st_uid, old->st_gid) == -1 &&
	    (errno != EPERM || fchown(fd, (uid_t)-1, old->st_gid) == -1)) {
		if (errno != EPERM)
			goto out_close;
		cli_error("%s: cannot keep the group of the file: refusing "
			  "to replace it",
		    out->name);
		rc = -2;
		goto out_close;
	}
	if (old != NULL && fchmod(fd, old->st_mode & 07777) == -1)
		goto out_close;
	if ((out->fp = fdopen(fd, "w")) == NULL)
		goto out_close;
	free(prefix);
	free(dir);
	free(base);
	return 0;

out_close:
	saved = errno;
	close(fd);
	unlink(out->tmp);
	close(out->lockfd);
	errno = saved;
out_free:
	saved = errno;
	free(prefix);
	free(dir);
	free(base);
	errno = saved;
	return rc;
}

int
cli_output_open(struct cli_output *out, const char *path, int flags)
{
	struct stat st;
	bool	    exists;
	int	    rc;

	memset(out, 0, sizeof *out);
	if (path == NULL) {
		out->fp = stdout;
		out->name = "stdout";
		return 0;
	}
	out->name = path;
	out->flags = flags;
	if (flags & (CLI_OUTPUT_EXCL | CLI_OUTPUT_NOFOLLOW))
		exists = lstat(path, &st) == 0;
	else
		exists = stat(path, &st) == 0;
	if (!exists && errno != ENOENT)
		goto out_fail;
	if (exists && (flags & CLI_OUTPUT_EXCL)) {
		errno = EEXIST;
		goto out_fail;
	}
	/* A directory is neither written nor replaced. */
	if (exists && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto out_fail;
	}
	/* Not a file to replace (a FIFO, a device): written as it is. */
	if (exists && !S_ISREG(st.st_mode) && !(flags & CLI_OUTPUT_NOFOLLOW)) {
		if ((out->fp = fopen(path, "w")) == NULL)
			goto out_fail;
		return 0;
	}
	if (exists && !S_ISREG(st.st_mode))
		exists = false;
	if (exists && !may_write(path))
		goto out_fail;
	out->path = flags & CLI_OUTPUT_NOFOLLOW ? strdup(path) :
						  resolve_links(path);
	if (out->path == NULL)
		goto out_fail;
	if ((rc = output_temp(out, exists ? &st : NULL, false)) != 0) {
		if (rc == -1)
			cli_error("%s: cannot create a file beside it: %s",
			    path, strerror(errno));
		output_clean(out);
		return -1;
	}
	return 0;

out_fail:
	cli_error("%s: %s", path, strerror(errno));
	output_clean(out);
	return -1;
}

/* Puts the complete temporary file in place.  Returns 0, or -1 (errno). */
static int
output_publish(struct cli_output *out)
{
	sigset_t was;
	char	*dir, *base;
	int	 dfd;

	/*
	 * A testing hook, on purpose undocumented outside the tests: die
	 * where a crash would leave the temporary file and the old file.
	 */
	if (getenv("ARBITER_TEST_DIE_BEFORE_RENAME") != NULL)
		_exit(CLI_INTERNAL);
	if (out->flags & CLI_OUTPUT_EXCL) {
		/*
		 * link(2) fails where a file appeared meanwhile.  Where the
		 * file system has no hard links, a second look must do.
		 */
		if (link(out->tmp, out->path) == 0)
			unlink(out->tmp);
		else if (errno == EEXIST)
			return -1;
		else if (access(out->path, F_OK) == 0 || errno != ENOENT) {
			errno = EEXIST;
			return -1;
		} else if (rename(out->tmp, out->path) == -1)
			return -1;
	} else if (rename(out->tmp, out->path) == -1)
		return -1;
	/* Gone from the list's view before it is freed. */
	block_signals(true, &was);
	free(out->tmp);
	out->tmp = NULL;
	block_signals(false, &was);
	close(out->lockfd);
	/* The rename itself is made durable by syncing the directory. */
	if (split_path(out->path, &dir, &base) == 0) {
		dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd != -1) {
			(void)fsync(dfd);
			close(dfd);
		}
		free(dir);
		free(base);
	}
	return 0;
}

bool
cli_output_commit(struct cli_output *out)
{
	int err = 0;

	if (out->fp == NULL)
		return true;
	if (out->fp == stdout) {
		fflush(stdout);
		output_clean(out);
		return cli_output_ok(stdout, "stdout");
	}
	errno = 0;
	if (fflush(out->fp) == EOF || ferror(out->fp))
		err = errno != 0 ? errno : EIO;
	if (err == 0 && out->tmp != NULL && fsync(fileno(out->fp)) == -1)
		err = errno;
	if (fclose(out->fp) == EOF && err == 0)
		err = errno;
	out->fp = NULL;
	if (err == 0 && out->tmp != NULL && output_publish(out) == -1)
		err = errno;
	if (err != 0) {
		cli_error("%s: %s", out->name, strerror(err));
		cli_output_abort(out);
		return false;
	}
	output_clean(out);
	return true;
}

void
cli_output_abort(struct cli_output *out)
{
	if (out->fp == stdout)
		fflush(stdout);
	else if (out->fp != NULL)
		fclose(out->fp);
	if (out->tmp != NULL) {
		unlink(out->tmp);
		close(out->lockfd);
	}
	output_clean(out);
}

bool
cli_output_distinct(const char *path, const char *const *inputs, int n)
{
	struct stat out, in;
	int	    i, rc;

	rc = path == NULL ? fstat(STDOUT_FILENO, &out) : stat(path, &out);
	if (rc == -1 || !S_ISREG(out.st_mode))
		return true;
	for (i = 0; i < n; i++) {
		rc = cli_input_stat(inputs[i], &in);
		if (rc == 0 && in.st_dev == out.st_dev &&
		    in.st_ino == out.st_ino) {
			cli_error("%s: is also an input (%s): refusing to "
				  "write over it",
			    path != NULL ? path : "stdout",
			    cli_input_name(inputs[i]));
			return false;
		}
	}
	return true;
}

/*
 * Where output path (NULL: standard output) would land: its device and
 * inode, or for a file not there yet its directory's and its name.
 * Returns false where that is not a regular file or the place is unknown.
 */
static bool
output_place(const char *path, struct stat *st, char **base)
{
	char *real, *dir;
	bool  ok = false;

	*base = NULL;
	if (path == NULL)
		return fstat(STDOUT_FILENO, st) == 0 && S_ISREG(st->st_mode);
	if (stat(path, st) == 0)
		return S_ISREG(st->st_mode);
	if (errno != ENOENT || (real = resolve_links(path)) == NULL)
		return false;
	if (split_path(real, &dir, base) == 0) {
		ok = stat(dir, st) == 0;
		free(dir);
	}
	free(real);
	return ok;
}

bool
cli_output_apart(const char *path, const char *other)
{
	struct stat a, b;
	char	   *na, *nb;
	bool	    apart = true, pa, pb;

	if (path == NULL && other == NULL)
		return true;
	/* Both looked at: each may have named its place, found or not. */
	pa = output_place(path, &a, &na);
	pb = output_place(other, &b, &nb);
	if (pa && pb)
		apart = a.st_dev != b.st_dev || a.st_ino != b.st_ino ||
		    (na == NULL) != (nb == NULL) ||
		    (na != NULL && strcmp(na, nb) != 0);
	free(na);
	free(nb);
	if (!apart)
		cli_error("%s: is also %s: two outputs cannot be one file",
		    path != NULL ? path : "stdout",
		    other != NULL ? other : "stdout");
	return apart;
}

/* Reads the file locked whole into lf->text, NUL terminated. */
static int
read_locked(struct cli_locked *lf)
{
	struct buf b;

	buf_init(&b);
	if (buf_read_fd(&b, lf->fd) == -1) {
		buf_fini(&b);
		return -1;
	}
	lf->text = b.s;
	lf->len = b.len;
	return 0;
}

int
cli_locked_open(struct cli_locked *lf, const char *path)
{
	struct stat now;
	const char *kind;

	memset(lf, 0, sizeof *lf);
	lf->fd = -1;
	lf->name = path;
	if ((lf->path = resolve_links(path)) == NULL ||
	    split_path(lf->path, &lf->dir, &lf->base) == -1)
		goto out_fail;
	/*
	 * The lock is on the file itself.  A writer that held it before us
	 * may have renamed a new file over the one we opened: then our lock
	 * guards a file no longer at path, and we start again on the new one.
	 */
	for (;;) {
		/* Checked before opening: a FIFO would block the open. */
		if (stat(lf->path, &lf->st) == -1)
			goto out_fail;
		if (!S_ISREG(lf->st.st_mode))
			goto out_not_regular;
		if (!may_write(lf->path))
			goto out_fail;
		if ((lf->fd = open(lf->path,
			 O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW |
			     O_CLOEXEC)) == -1)
			goto out_fail;
		while (flock(lf->fd, LOCK_EX) == -1)
			if (errno != EINTR)
				goto out_fail;
		if (fstat(lf->fd, &lf->st) == -1)
			goto out_fail;
		if (stat(lf->path, &now) == -1) {
			if (errno != ENOENT)
				goto out_fail;
		} else if (now.st_dev == lf->st.st_dev &&
		    now.st_ino == lf->st.st_ino)
			break;
		close(lf->fd);
		lf->fd = -1;
	}
	if (!S_ISREG(lf->st.st_mode))
		goto out_not_regular;
	if (lf->st.st_nlink > 1) {
		cli_error("%s: has other hard links, which replacing it would "
			  "leave with the old contents",
		    path);
		goto out_close;
	}
	remove_stale(lf->dir, lf->base, lf->st.st_ino);
	if (read_locked(lf) == -1)
		goto out_fail;
	/* Written back compressed it would not be; plain, not asked for. */
	if ((kind = cli_compression(lf->text, lf->len)) != NULL) {
		cli_error("%s: a %s-compressed record cannot be changed in "
			  "place (decompress it first)",
		    path, kind);
		goto out_close;
	}
	return 0;

out_not_regular:
	cli_error("%s: not a regular file, so not replaced", path);
	goto out_close;
out_fail:
	cli_error("%s: %s", path, strerror(errno));
out_close:
	cli_locked_close(lf);
	return -1;
}

int
cli_locked_output(struct cli_locked *lf, struct cli_output *out)
{
	int rc = 0;

	memset(out, 0, sizeof *out);
	out->name = lf->name;
	if ((out->path = strdup(lf->path)) == NULL ||
	    (rc = output_temp(out, &lf->st, true)) == -1) {
		cli_error("%s: cannot create a file beside it: %s", lf->name,
		    strerror(errno));
		output_clean(out);
		return -1;
	}
	if (rc != 0) {
		output_clean(out);
		return -1;
	}
	return 0;
}

void
cli_locked_close(struct cli_locked *lf)
{
	/* Closing the descriptor releases the lock. */
	if (lf->fd != -1)
		close(lf->fd);
	free(lf->text);
	free(lf->path);
	free(lf->dir);
	free(lf->base);
	memset(lf, 0, sizeof *lf);
	lf->fd = -1;
}
