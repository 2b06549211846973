#!/bin/sh
# SPDX-License-Identifier: MIT
# A real Slurm cluster of two nodes on loopback addresses: munged with a
# key made for the test, slurmctld, and two slurmd, node1 on 127.0.0.1 and
# node2 on 127.0.0.2, all started here in the foreground with their PIDs
# kept, every file (config, state, spool, logs, socket) in a temporary
# directory, private ports.  An array job of 8 tasks runs gamestat
# --partial --shard K/8, each task over the whole Othello set, and a merge
# job waits on it with --dependency=afterok; the merge equals one run of
# gamestat over the whole set, byte for byte.  One task is cancelled while it runs: the merge
# then never starts (DependencyNeverSatisfied), the task is resubmitted,
# and a new merge gives the same bytes again.  Both nodes run tasks.  A
# round robin played as an array of its pairings (gameplay match
# --pairing K), one cancelled and resubmitted, merged by --resume: the
# records and summary of one machine, byte for byte.
#
# Two slurmd on one host: Debian's Slurm is built with multiple-slurmd
# support (scontrol show config: MULTIPLE_SLURMD = Yes), so each slurmd is
# started with -N NODE, each NodeName has its own Port=, and %n keeps their
# spool, PID and log files apart; no network or mount namespaces needed.
# slurmctld reaches node2 at 127.0.0.2.  No cgroups (we may be in a
# container): proctrack/linuxproc, task/none; no slurmdbd, so jobs are
# followed with scontrol, polled: sbatch --wait can return long after the
# job ended.  Skips (77) where Slurm or munge is not installed, or not as
# root.
set -u
srcdir=${srcdir:-.}
if [ -z "${CLUSTER_TEST_TIMED:-}" ]; then
	CLUSTER_TEST_TIMED=1 exec timeout -k 30 300 /bin/sh "$0" "$@"
fi
. "$srcdir/tests/optional.sh"
for c in slurmctld slurmd sbatch scontrol scancel squeue sinfo munged \
    mungekey; do
	need_program "$c" "slurm-wlm, munge"
done
. "$srcdir/tests/cluster-lib.sh"
cluster_scratch
# munged wants every directory above its socket searchable by all.
chmod 755 "$tmp"

cleanup() {
	if [ -n "$pids" ]; then
		# Jobs first, so that no slurmstepd outlives its slurmd.
		timeout 10 scancel --quiet --user="$(id -un)" 2> /dev/null
		wait_until 15 no_jobs
		cluster_stop
	fi
}
cluster_traps "$tmp/log/*"

no_jobs() {
	[ -z "$(timeout 10 squeue --noheader 2> /dev/null)" ]
}

# state JOB: the JobState of one job (or of every task of an array, one a
# line).
state() {
	timeout 10 scontrol --oneliner show job "$1" 2> /dev/null |
	    sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'
}

is_state() {	# JOB STATE: every line of state JOB is STATE
	s=$(state "$1" | sort -u)
	[ "$s" = "$2" ]
}

reason_never() {	# JOB
	timeout 10 scontrol --oneliner show job "$1" 2> /dev/null |
	    grep -q 'JobState=PENDING Reason=DependencyNeverSatisfied'
}

# The input, read whole by every task, and the summary of one run over it.
cluster_input

mkdir "$tmp/log" "$tmp/state" "$tmp/spool" "$tmp/spool/node1" \
    "$tmp/spool/node2" "$tmp/munge" "$tmp/out"
chmod 700 "$tmp/state"
ports=$(free_ports 3 16817 16859) ||
    ng "no free ports in 16817-16859"
set -- $ports
ctld_port=$1 node1_port=$2 node2_port=$3

mungekey --create --keyfile="$tmp/munge/key" || ng "mungekey"
# Each daemon in a session of its own (setsid keeps the PID): timeout(1)
# signals its whole process group, and the daemons must outlive the test's
# shell long enough for cleanup to cancel the jobs and stop them in order.
setsid munged --foreground --socket="$tmp/munge/socket" \
    --key-file="$tmp/munge/key" --pid-file="$tmp/munge/pid" \
    --log-file="$tmp/log/munged" --seed-file="$tmp/munge/seed" \
    > "$tmp/log/munged.out" 2>&1 &
pids="$!"
wait_until 10 test -S "$tmp/munge/socket" || ng "munged did not start"

host=$(hostname -s)
export SLURM_CONF="$tmp/slurm.conf"
unset SLURM_JOB_ID SLURM_JOBID SLURM_ARRAY_JOB_ID
cat > "$SLURM_CONF" << EOF
ClusterName=arbiter-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.%n.pid
SlurmctldLogFile=$tmp/log/slurmctld
SlurmdLogFile=$tmp/log/slurmd.%n
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=0
KillWait=2
NodeName=node1 NodeAddr=127.0.0.1 NodeHostname=$host Port=$node1_port CPUs=1 State=UNKNOWN
NodeName=node2 NodeAddr=127.0.0.2 NodeHostname=$host Port=$node2_port CPUs=1 State=UNKNOWN
PartitionName=shards Nodes=node1,node2 Default=YES MaxTime=10 State=UP
EOF

setsid slurmctld -D -i -f "$SLURM_CONF" > "$tmp/log/slurmctld.out" 2>&1 &
pids="$! $pids"
for n in node1 node2; do
	setsid slurmd -D -N $n -f "$SLURM_CONF" > "$tmp/log/slurmd.$n.out" 2>&1 &
	pids="$! $pids"
done
nodes_idle() {
	[ "$(timeout 10 sinfo --noheader --Node --format='%N %t' 2> /dev/null |
	    sort | tr '\n' ' ')" = "node1 idle node2 idle " ]
}
wait_until 30 nodes_idle || ng "the two nodes are not up and idle"

# The tasks: absolute paths only; each partial written under a temporary
# name and renamed, so that a task killed midway leaves no partial.  The
# hold file, the test's only addition, keeps a task running until removed
# or cancelled.
cat > "$tmp/shard.sbatch" << EOF
#!/bin/sh
#SBATCH --job-name=gamestat-shard
#SBATCH --array=1-8
#SBATCH --output=$tmp/out/shard-%a.out
set -eu
k=\$SLURM_ARRAY_TASK_ID
echo "\$SLURMD_NODENAME" > "$tmp/out/node.\$k"
while [ -e "$tmp/hold.\$k" ]; do sleep 0.1; done
"$gamestat" --partial --shard \$k/8 "$tmp/games.csv" > "$tmp/partial.\$k.tmp"
mv "$tmp/partial.\$k.tmp" "$tmp/partial.\$k"
EOF
cat > "$tmp/merge.sbatch" << EOF
#!/bin/sh
#SBATCH --job-name=gamestat-merge
#SBATCH --output=$tmp/out/merge.out
set -eu
"$gamestat" --merge --expect 8 \$(seq -f "$tmp/partial.%g" 8) > "$tmp/merged.tmp"
mv "$tmp/merged.tmp" "$tmp/merged"
EOF

touch "$tmp/hold.3"
array=$(timeout 20 sbatch --parsable --chdir="$tmp" "$tmp/shard.sbatch") ||
    ng "sbatch of the array"
merge=$(timeout 20 sbatch --parsable --chdir="$tmp" \
    --dependency=afterok:"$array" "$tmp/merge.sbatch") ||
    ng "sbatch of the merge"
others="1 2 4 5 6 7 8"
others_done() {
	for k in $others; do
		is_state "${array}_$k" COMPLETED || return 1
	done
}
wait_until 60 others_done || ng "tasks 1-2 and 4-8 did not complete"
wait_until 20 is_state "${array}_3" RUNNING || ng "task 3 is not running"
timeout 20 scancel "${array}_3" || ng "scancel ${array}_3"
wait_until 20 is_state "${array}_3" CANCELLED || ng "task 3 not cancelled"
wait_until 20 reason_never "$merge" ||
    ng "a merge whose task was cancelled is not held for ever"
[ ! -e "$tmp/partial.3" ] && [ ! -e "$tmp/merged" ] ||
    ng "a partial or a merge after task 3 was cancelled"
echo "ok: task 3 cancelled, the merge held (DependencyNeverSatisfied)"

# Resubmit the one task, and a merge after it and the 7 that completed.
rm "$tmp/hold.3"
timeout 20 scancel "$merge"
again=$(timeout 20 sbatch --parsable --chdir="$tmp" --array=3 \
    "$tmp/shard.sbatch") || ng "sbatch of task 3 again"
dep="afterok:$again"
for k in $others; do
	dep="$dep:${array}_$k"
done
merge=$(timeout 20 sbatch --parsable --chdir="$tmp" --dependency="$dep" \
    "$tmp/merge.sbatch") || ng "sbatch of the second merge"
wait_until 60 is_state "$merge" COMPLETED || ng "the merge did not complete"
[ -s "$tmp/merged" ] || ng "the merge job wrote nothing"
cmp "$tmp/whole" "$tmp/merged" ||
    ng "the merge of 8 shards differs from one run"
echo "ok: 8 shards on Slurm, one resubmitted, merged: the same bytes"

# Both nodes ran tasks.
[ "$(sort -u "$tmp"/out/node.* | tr '\n' ' ')" = "node1 node2 " ] ||
    ng "the tasks did not run on both nodes: $(cat "$tmp"/out/node.*)"
echo "ok: both nodes ran tasks"

# A tournament shared out: a round robin of three built-in engines, two
# games a pairing, as an array of its three pairings (gameplay match
# --pairing K); task 2 is cancelled while it runs and resubmitted; the
# merge job puts the slices' records end to end and resumes the whole
# tournament over them, which plays nothing: the records and the summary
# (cross table, ratings) of one machine, byte for byte.
gameplay=$(pwd)/gameplay
cat > "$tmp/rr.sh" << EOF
#!/bin/sh
exec "$gameplay" match --engine "$gameplay engine random" \\
    --engine "$gameplay engine greedy" --engine "$gameplay engine mcts:10" \\
    -n 2 --alternate -S 5 "\$@" reversi
EOF
sh "$tmp/rr.sh" --summary "$tmp/rr-whole.yaml" > "$tmp/rr-whole.pgn" \
    2> /dev/null || ng "the tournament on one machine"
cat > "$tmp/pairing.sbatch" << EOF
#!/bin/sh
#SBATCH --job-name=tournament-pairing
#SBATCH --array=1-3
#SBATCH --output=$tmp/out/pairing-%a.out
set -eu
k=\$SLURM_ARRAY_TASK_ID
while [ -e "$tmp/hold-rr.\$k" ]; do sleep 0.1; done
sh "$tmp/rr.sh" --pairing \$k > "$tmp/rr.\$k.tmp"
mv "$tmp/rr.\$k.tmp" "$tmp/rr.\$k.pgn"
EOF
cat > "$tmp/rr-merge.sbatch" << EOF
#!/bin/sh
#SBATCH --job-name=tournament-merge
#SBATCH --output=$tmp/out/rr-merge.out
set -eu
cat "$tmp/rr.1.pgn" "$tmp/rr.2.pgn" "$tmp/rr.3.pgn" > "$tmp/rr-all.pgn"
sh "$tmp/rr.sh" --resume -o "$tmp/rr-all.pgn" --summary "$tmp/rr-sum.tmp" \\
    2> "$tmp/rr-merge.err"
mv "$tmp/rr-sum.tmp" "$tmp/rr-sum.yaml"
EOF
touch "$tmp/hold-rr.2"
array=$(timeout 20 sbatch --parsable --chdir="$tmp" "$tmp/pairing.sbatch") ||
    ng "sbatch of the pairings"
others="1 3"
wait_until 60 others_done || ng "pairings 1 and 3 did not complete"
wait_until 20 is_state "${array}_2" RUNNING || ng "pairing 2 is not running"
timeout 20 scancel "${array}_2" || ng "scancel ${array}_2"
wait_until 20 is_state "${array}_2" CANCELLED || ng "pairing 2 not cancelled"
[ ! -e "$tmp/rr.2.pgn" ] || ng "records of a cancelled pairing"
rm "$tmp/hold-rr.2"
again=$(timeout 20 sbatch --parsable --chdir="$tmp" --array=2 \
    "$tmp/pairing.sbatch") || ng "sbatch of pairing 2 again"
merge=$(timeout 20 sbatch --parsable --chdir="$tmp" \
    --dependency="afterok:$again:${array}_1:${array}_3" \
    "$tmp/rr-merge.sbatch") || ng "sbatch of the tournament's merge"
wait_until 60 is_state "$merge" COMPLETED ||
    ng "the tournament's merge did not complete: $(cat "$tmp/out/rr-merge.out")"
cmp "$tmp/rr-whole.pgn" "$tmp/rr-all.pgn" ||
    ng "the pairings' records differ from one machine's"
cmp "$tmp/rr-whole.yaml" "$tmp/rr-sum.yaml" ||
    ng "the merged tournament's summary differs from one machine's"
grep -q '^gameplay: game' "$tmp/rr-merge.err" &&
    ng "the merge played games: $(cat "$tmp/rr-merge.err")"
echo "ok: a round robin as 3 pairings on Slurm, one resubmitted: the same records and summary"

# 7 of the 8 partials: the merge refuses them (exit 1), writes nothing,
# and says which shard is missing and that --expect 8 is not met.
cluster_short_refused $(seq -f "$tmp/partial.%g" 7)
exit 0
