#!/usr/bin/env bash
# Runs each libFuzzer target (test/fuzz/, built with ASan and UBSan) for the
# given number of seconds, starting from the committed seed corpus in
# test/fuzz/corpus/<target>; new inputs go to a temporary corpus, crashing
# ones are kept under test/fuzz/crashes/.  Prints one line per target with
# its executions, and "fuzz: N passed, N failed" (a target passes when it
# finishes its time without a crash).  Exits non-zero on any crash.
#
# Usage: scripts/fuzz.sh [seconds per target, default 10]
# (make fuzz-build first; make fuzz runs this with FUZZ_TIME, default 120)

set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-10}
passed=0
failed=0
work=$(mktemp -d /tmp/ulid-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT

for target in decode roundtrip generator monotonic typeid; do
	bin=$root/test/fuzz/fuzz_$target
	[ -x "$bin" ] || { echo "$bin is not built: run make fuzz-build" >&2; exit 1; }
	mkdir -p "$work/$target" "$root/test/fuzz/crashes"
	status=0
	"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$root/test/fuzz/crashes/${target}-" \
		"$work/$target" "$root/test/fuzz/corpus/$target" >"$work/$target.log" 2>&1 || status=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$work/$target.log")
	if [ "$status" -eq 0 ] && [ -n "$runs" ]; then
		passed=$((passed + 1))
		echo "fuzz_$target: ${runs} executions in ${seconds} s, 0 crashes," \
			"corpus $(find "$work/$target" -type f | wc -l) new inputs"
	else
		failed=$((failed + 1))
		tail -n 40 "$work/$target.log"
		echo "fuzz_$target: CRASHED (exit $status) after ${runs:-?} executions;" \
			"input kept in test/fuzz/crashes/"
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
