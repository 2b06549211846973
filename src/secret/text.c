/* SPDX-License-Identifier: MIT */
/*
 * Texts only the referee may read (a player's conditional moves,
 * gameplay(1) "queue"): read as a key file is read, without following a
 * link and only from a file of the user running the tool that no one else
 * may read or write, and replaced whole through a new file of mode 0600
 * and a rename, so that a reader sees the old text or the new one.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "secret/file.h"
#include "secret/secret.h"

int
secret_text_read(const char *path, const char *what, char **text, size_t *len,
    struct diag *d)
{
	struct stat st;
	char	   *buf;
	int	    fd, rc;

	*text = NULL;
	*len = 0;
	if (lstat(path, &st) == -1 && errno == ENOENT)
		return 1;
	if (secret_file_open(path, what, &fd, d) == -1)
		return -1;
	if (fstat(fd, &st) == -1) {
		close(fd);
		return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(errno));
	}
	/* One byte more than the file, to see it whole; and the NUL. */
	if ((buf = malloc((size_t)st.st_size + 2)) == NULL) {
		close(fd);
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	}
	rc = secret_file_read_fd(
	    fd, path, what, buf, (size_t)st.st_size + 1, len, d);
	close(fd);
	if (rc == -1) {
		free(buf);
		return -1;
	}
	buf[*len] = '\0';
	*text = buf;
	return 0;
}

int
secret_text_write(
    const char *path, const char *text, size_t len, struct diag *d)
{
	char   *tmp;
	size_t	n = strlen(path) + 8, done = 0;
	ssize_t w;
	int	fd, saved;

	if (len == 0) {
		if (unlink(path) == -1 && errno != ENOENT)
			return diag_set(
			    d, DIAG_NONE, "%s: %s", path, strerror(errno));
		return 0;
	}
	if ((tmp = malloc(n)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	snprintf(tmp, n, "%s.XXXXXX", path);
	/* mkstemp makes the file 0600, new, of the user running the tool. */
	if ((fd = mkstemp(tmp)) == -1) {
		saved = errno;
		free(tmp);
		return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(saved));
	}
	while (done < len) {
		if ((w = write(fd, text + done, len - done)) == -1) {
			if (errno == EINTR)
				continue;
			goto out_unlink;
		}
		done += (size_t)w;
	}
	if (fchmod(fd, 0600) == -1 || fsync(fd) == -1)
		goto out_unlink;
	if (close(fd) == -1) {
		fd = -1;
		goto out_unlink;
	}
	fd = -1;
	/* A rename replaces a link at path; it never writes through one. */
	if (rename(tmp, path) == -1)
		goto out_unlink;
	free(tmp);
	return 0;
out_unlink:
	saved = errno;
	if (fd != -1)
		close(fd);
	unlink(tmp);
	free(tmp);
	return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(saved));
}
