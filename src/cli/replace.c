/* SPDX-License-Identifier: MIT */
/*
 * Reading a file whole, and replacing one safely in place (cli.h): an
 * advisory lock on the file itself held for the whole read-modify-write
 * cycle, the new text written to a temporary file in the same directory,
 * flushed to disk, and renamed over the old one, so that a crash leaves
 * the old file or the new one and two writers never lose an update.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* Temporary files are hidden: .NAME.gameplay-XXXXXX beside NAME. */
#define TEMP_TAG	".gameplay-"

static int
read_fd(int fd, char **text, size_t *len)
{
	size_t	 cap = 8192, n = 0;
	ssize_t	 r;
	char	*buf, *p;

	if ((buf = malloc(cap)) == NULL)
		return -1;
	for (;;) {
		if (n + 1 >= cap) {
			if ((p = realloc(buf, cap * 2)) == NULL)
				goto out_free_buf;
			buf = p;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			goto out_free_buf;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;

out_free_buf:
	free(buf);
	return -1;
}

int
cli_read_file(const char *path, char **text, size_t *len)
{
	int	 fd, rc, saved;

	if (strcmp(path, "-") == 0)
		return read_fd(STDIN_FILENO, text, len);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	rc = read_fd(fd, text, len);
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

/* The directory and base name of path, as two new strings. */
static int
split_path(const char *path, char **dir, char **base)
{
	char	*a = strdup(path), *b = strdup(path);

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
	size_t	 n = strlen(dir) + strlen(a) + strlen(b) + strlen(c) + 2;
	char	*p;

	if ((p = malloc(n)) == NULL)
		return NULL;
	snprintf(p, n, "%s/%s%s%s", dir, a, b, c);
	return p;
}

/*
 * Removes the temporary files of earlier runs that died before their
 * rename.  Only the holder of the lock on the current file writes one, so
 * while we hold it every such file is stale.
 */
static void
remove_stale(const char *dir, const char *base)
{
	size_t	 n = strlen(base), t = strlen(TEMP_TAG);
	struct dirent *de;
	char	*p;
	DIR	*d;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] != '.' || strncmp(de->d_name + 1, base,
		    n) != 0 || strncmp(de->d_name + 1 + n, TEMP_TAG, t) != 0 ||
		    strlen(de->d_name + 1 + n + t) != 6)
			continue;
		if ((p = path_join(dir, "", de->d_name, "")) == NULL)
			continue;
		unlink(p);
		free(p);
	}
	closedir(d);
}

int
cli_locked_open(struct cli_locked *lf, const char *path)
{
	struct stat now;
	int	 saved;

	memset(lf, 0, sizeof *lf);
	lf->fd = -1;
	if (split_path(path, &lf->dir, &lf->base) == -1)
		return -1;
	if ((lf->path = strdup(path)) == NULL)
		goto out_fail;
	/*
	 * The lock is on the file itself.  A writer that held it before us
	 * may have renamed a new file over the one we opened: then our lock
	 * guards a file no longer at path, and we start again on the new one.
	 */
	for (;;) {
		if ((lf->fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
			goto out_fail;
		while (flock(lf->fd, LOCK_EX) == -1)
			if (errno != EINTR)
				goto out_fail;
		if (fstat(lf->fd, &lf->st) == -1)
			goto out_fail;
		if (stat(path, &now) == -1) {
			if (errno != ENOENT)
				goto out_fail;
		} else if (now.st_dev == lf->st.st_dev &&
		    now.st_ino == lf->st.st_ino)
			break;
		close(lf->fd);
		lf->fd = -1;
	}
	if (!S_ISREG(lf->st.st_mode)) {
		errno = EINVAL;
		goto out_fail;
	}
	remove_stale(lf->dir, lf->base);
	if (read_fd(lf->fd, &lf->text, &lf->len) == -1)
		goto out_fail;
	return 0;

out_fail:
	saved = errno;
	cli_locked_close(lf);
	errno = saved;
	return -1;
}

int
cli_locked_replace(struct cli_locked *lf, const char *text, size_t len)
{
	char	*tmp = NULL;
	size_t	 off = 0;
	ssize_t	 w;
	int	 fd = -1, dfd, saved;

	if ((tmp = path_join(lf->dir, ".", lf->base, TEMP_TAG "XXXXXX")) ==
	    NULL)
		return -1;
	if ((fd = mkstemp(tmp)) == -1)
		goto out_free_tmp;
	/* The new file keeps the old one's mode (and owner, where allowed). */
	if (fchmod(fd, lf->st.st_mode & 07777) == -1)
		goto out_unlink;
	if (fchown(fd, lf->st.st_uid, lf->st.st_gid) == -1 && errno != EPERM)
		goto out_unlink;
	while (off < len) {
		w = write(fd, text + off, len - off);
		if (w == -1 && errno == EINTR)
			continue;
		if (w == -1)
			goto out_unlink;
		off += (size_t)w;
	}
	if (fsync(fd) == -1)
		goto out_unlink;
	if (close(fd) == -1) {
		fd = -1;
		goto out_unlink;
	}
	fd = -1;
	/*
	 * A testing hook, on purpose undocumented outside the tests: die
	 * where a crash would leave the temporary file and the old record.
	 */
	if (getenv("ARBITER_TEST_DIE_BEFORE_RENAME") != NULL)
		_exit(CLI_INTERNAL);
	if (rename(tmp, lf->path) == -1)
		goto out_unlink;
	/* The rename itself is made durable by syncing the directory. */
	if ((dfd = open(lf->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) != -1) {
		(void)fsync(dfd);
		close(dfd);
	}
	free(tmp);
	return 0;

out_unlink:
	saved = errno;
	if (fd != -1)
		close(fd);
	unlink(tmp);
	errno = saved;
out_free_tmp:
	free(tmp);
	return -1;
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
