#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: sh tests/hide-optional.sh DIR
# Fills DIR (new or empty) with a link to every program on PATH, and in
# /usr/sbin, /sbin and /usr/games, except the optional programs some tests
# use when they are there: GNU parallel, Slurm and munge, ssh and sshd,
# GRhino, Chromium, groff, valgrind and clang.  With PATH=DIR the tests see
# a machine where none of them is installed, and must pass or skip (77),
# never fail: .ci/run runs the README's make check so, and
# tests/optional-hidden.sh runs the tests that look for them so.
set -u
dir=${1:?usage: sh tests/hide-optional.sh DIR}
mkdir -p "$dir" || exit 99
hidden=" $(printf '%s' 'parallel sem niceload sql
    slurmctld slurmd slurmdbd slurmstepd sbatch srun salloc scontrol scancel
    squeue sinfo sacct sacctmgr sattach sbcast scrontab sdiag sprio sreport
    sshare sstat strigger munged munge unmunge mungekey remunge
    ssh sshd ssh-keygen ssh-agent ssh-add ssh-keyscan scp sftp
    gtp-rhino grhino chromium chromium-browser google-chrome
    groff nroff troff grotty tbl eqn
    valgrind clang clang-14 clang-15 clang-16 clang-17 clang-18' | tr -s ' \n\t' '   ') "
IFS=:
for d in $PATH /usr/sbin /sbin /usr/games; do
	[ -d "$d" ] || continue
	for p in "$d"/*; do
		[ -f "$p" ] && [ -x "$p" ] || continue
		name=${p##*/}
		case $hidden in *" $name "*) continue ;; esac
		[ -e "$dir/$name" ] || ln -s "$p" "$dir/$name" || exit 99
	done
done
