/* SPDX-License-Identifier: MIT */
/*
 * Pipes between gameplay and the processes it starts (the engines, the
 * workers of a tournament): made with both ends closed on exec, so that
 * no other child inherits them and keeps a pipe from ending, and closed
 * by both ends on the paths that give up.  What runs at either end is the
 * callers'.
 */
#include <fcntl.h>
#include <unistd.h>

#include "util/util.h"

int
pipe_cloexec(int fd[2])
{
	if (pipe(fd) == -1)
		return -1;
	if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) == -1 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) == -1) {
		pipe_close(fd);
		return -1;
	}
	return 0;
}

void
pipe_close(const int fd[2])
{
	close(fd[0]);
	close(fd[1]);
}
