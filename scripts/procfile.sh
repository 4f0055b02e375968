#!/usr/bin/env bash
# Runs every process of a Procfile (name: command) at once, each line of
# their output prefixed with its name; Ctrl-C or the end of any of them
# stops them all. A stand-in for foreman that needs nothing but bash.
set -euo pipefail

procfile=${1:-Procfile}
[[ -r $procfile ]] || { echo "procfile.sh: cannot read $procfile" >&2; exit 2; }

pids=()
stop() {
	trap - INT TERM EXIT
	for pid in "${pids[@]}"; do
		kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
	done
	wait || true
}
trap stop INT TERM EXIT

set -m # each process in its own group, so that stop reaches its children
while IFS= read -r line || [[ -n $line ]]; do
	[[ $line =~ ^([A-Za-z0-9_-]+):[[:space:]]*(.+)$ ]] || continue
	name=${BASH_REMATCH[1]} cmd=${BASH_REMATCH[2]}
	bash -c "$cmd" > >(sed -u "s/^/$name | /") 2>&1 &
	pids+=("$!")
	echo "procfile.sh: started $name (pid $!)"
done < "$procfile"
set +m

[[ ${#pids[@]} -gt 0 ]] || { echo "procfile.sh: no process in $procfile" >&2; exit 2; }
# The first to end ends the others.
wait -n || true
