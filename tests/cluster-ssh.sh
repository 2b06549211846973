#!/bin/sh
# SPDX-License-Identifier: MIT
# GNU parallel over ssh to two loopback addresses, 127.0.0.1 and
# 127.0.0.2: an sshd started here on a private port (host key, user key
# and authorized_keys made for the test, in a temporary directory), and
# parallel's --sshlogin for each address through an ssh wrapper that uses
# them.  8 tasks run gamestat --partial --shard K/8, each over the whole
# Othello set, by absolute paths; the merge equals one run over the whole set,
# byte for byte.  One task is killed while it runs: parallel exits non-zero
# and the merge does not run; --resume-failed reruns that task alone, and
# the merge is the same bytes again.  Partials streamed back through ssh
# and piped to the merge: the same bytes; and a task that fails makes the
# pipeline fail (pipefail), not a short merge with exit 0.  Both addresses
# run tasks.  Skips (77) where sshd, ssh or GNU parallel is not installed,
# or not as root.
set -u
srcdir=${srcdir:-.}
if [ -z "${CLUSTER_TEST_TIMED:-}" ]; then
	CLUSTER_TEST_TIMED=1 exec timeout -k 30 240 /bin/sh "$0" "$@"
fi
. "$srcdir/tests/optional.sh"
for c in sshd ssh ssh-keygen; do
	need_program "$c" "openssh-server, openssh-client"
done
need_gnu_parallel
. "$srcdir/tests/cluster-lib.sh"
cluster_scratch
cleanup() {
	rm -f "$tmp"/hold.*
	cluster_stop
}
cluster_traps "$tmp/sshd.log"

# The input, read whole by every task, and the summary of one run over it.
cluster_input

# sshd on both addresses, a private port; keys of the test only.
cluster_port 16860 16899
ssh-keygen -q -t ed25519 -N '' -C arbiter-test-host -f "$tmp/host_key" &&
    ssh-keygen -q -t ed25519 -N '' -C arbiter-test -f "$tmp/key" ||
    ng "ssh-keygen"
cp "$tmp/key.pub" "$tmp/authorized_keys"
cat > "$tmp/sshd_config" << EOF
HostKey $tmp/host_key
PidFile $tmp/sshd.pid
AuthorizedKeysFile $tmp/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
X11Forwarding no
AllowTcpForwarding no
PrintMotd no
LogLevel VERBOSE
EOF
# sshd's privilege separation directory, which the openssh-server service
# makes at boot; an empty directory, left in place.
[ -d /run/sshd ] || mkdir -m 755 /run/sshd 2> /dev/null
# In a session of its own (setsid keeps the PID), out of the reach of
# timeout(1)'s signal to its process group: cleanup stops it.
setsid "$(command -v sshd)" -D -e -f "$tmp/sshd_config" -p "$port" \
    -o ListenAddress=127.0.0.1 -o ListenAddress=127.0.0.2 \
    > "$tmp/sshd.log" 2>&1 &
pids=$!
cat > "$tmp/ssh" << EOF
#!/bin/sh
exec ssh -F /dev/null -i "$tmp/key" -p $port -o IdentitiesOnly=yes \\
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \\
    -o BatchMode=yes -o LogLevel=ERROR "\$@"
EOF
chmod +x "$tmp/ssh"
for a in 127.0.0.1 127.0.0.2; do
	wait_until 20 "$tmp/ssh" $a true 2> /dev/null ||
	    ng "no ssh to $a: $(tail -n 3 "$tmp/sshd.log")"
done
export PARALLEL_HOME="$tmp/parallel"
logins="1/127.0.0.1,1/127.0.0.2"

# Partials on the shared file system: each written under a temporary name
# and renamed, the merge only after every task exited 0.  The PID file and
# the hold are the test's: task 3 waits for its hold file to go, or to be
# killed.
task="echo \$\$ > $tmp/task.{}.pid; while [ -e $tmp/hold.{} ]; do sleep 0.1; done; $gamestat --partial --shard {}/8 $tmp/games.csv > $tmp/partial.{}.tmp && mv $tmp/partial.{}.tmp $tmp/partial.{}"
merge() {
	"$gamestat" --merge --expect 8 $(seq -f "$tmp/partial.%g" 8) \
	    > "$tmp/merged"
}
touch "$tmp/hold.3"
parallel --ssh "$tmp/ssh" -S "$logins" --joblog "$tmp/joblog" "$task" \
    ::: 1 2 3 4 5 6 7 8 > "$tmp/parallel.out" 2>&1 &
run=$!
pids="$run $pids"
seven_done() {
	for k in 1 2 4 5 6 7 8; do
		[ -e "$tmp/partial.$k" ] || return 1
	done
	[ -s "$tmp/task.3.pid" ]
}
wait_until 60 seven_done || ng "tasks 1-2 and 4-8 did not complete"
kill "$(cat "$tmp/task.3.pid")" || ng "no task 3 to kill"
wait "$run"
status=$?
pids=${pids#"$run "}
[ "$status" != 0 ] || ng "parallel exited 0 with task 3 killed"
[ ! -e "$tmp/partial.3" ] || ng "a partial from the killed task"
[ "$(awk -F'\t' '$1 == 3 { print $7 }' "$tmp/joblog")" != 0 ] ||
    ng "the joblog has task 3 succeeded: $(cat "$tmp/joblog")"
echo "ok: task 3 killed, parallel exited $status, no merge"

rm "$tmp/hold.3"
timeout 60 parallel --ssh "$tmp/ssh" -S "$logins" --joblog "$tmp/joblog" \
    --resume-failed "$task" ::: 1 2 3 4 5 6 7 8 ||
    ng "parallel --resume-failed exited $?"
[ "$(awk -F'\t' 'NR > 1 { print $1 }' "$tmp/joblog" | sort | tr '\n' ' ')" = \
    "1 2 3 3 4 5 6 7 8 " ] ||
    ng "--resume-failed ran more than task 3: $(cat "$tmp/joblog")"
merge || ng "gamestat --merge"
cmp "$tmp/whole" "$tmp/merged" ||
    ng "the merge of 8 shards differs from one run"
echo "ok: 8 shards over ssh, task 3 rerun, merged: the same bytes"
[ "$(awk -F'\t' 'NR > 1 { print $2 }' "$tmp/joblog" | sort -u |
    tr '\n' ' ')" = "127.0.0.1 127.0.0.2 " ] ||
    ng "the tasks did not run on both addresses: $(cat "$tmp/joblog")"
echo "ok: both addresses ran tasks"

# Partials streamed back through ssh to one merge; with pipefail a failed
# task fails the pipeline, and the summary is not renamed into place.
stream() {	# the tasks' --shard K/N
	bash -c 'set -o pipefail
	    timeout 60 parallel --ssh "$1" -S "$2" --halt now,fail=1 \
	        "$3" --partial --shard {} "$5" ::: "${@:6}" |
	        "$3" --merge --expect 8 > "$4.tmp" &&
	    mv "$4.tmp" "$4"' stream "$tmp/ssh" "$logins" "$gamestat" \
	    "$tmp/streamed" "$tmp/games.csv" "$@"
}
stream 1/8 2/8 3/8 4/8 5/8 6/8 7/8 8/8 || ng "the streamed run failed"
cmp "$tmp/whole" "$tmp/streamed" ||
    ng "the streamed merge differs from one run"
echo "ok: partials streamed through ssh, merged: the same bytes"
rm "$tmp/streamed"
# Task 5 fails (its shard is refused: exit 2).
if stream 1/8 2/8 3/8 4/8 9/8 6/8 7/8 8/8 2> "$tmp/err"; then
	ng "a failed task and the pipeline exited 0"
fi
[ ! -e "$tmp/streamed" ] || ng "a short merge was renamed into place"
echo "ok: a failed task fails the pipeline"

# 7 of the 8 partials: the merge refuses them (exit 1), writes nothing,
# and says which shard is missing and that --expect 8 is not met.
cluster_short_refused "$tmp"/partial.[1234567]
exit 0
