#!/bin/sh
# Runs the GPU fuzzer for a bounded time from a freshly generated seed
# corpus; fails on any crash, leak, hang (-timeout) or sanitizer report.
# Usage: run_fuzz.sh FUZZER SEED-GENERATOR SECONDS
set -eu
fuzzer=$(readlink -f "$1") seeds=$(readlink -f "$2") seconds=$3
work=$(mktemp -d /tmp/ember-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/seeds" "$work/corpus"
"$seeds" "$work/seeds"
cd "$work"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 corpus seeds >fuzz.log 2>&1 || status=$?
grep -E '^(stat::number_of_executed_units|stat::new_units_added)' fuzz.log || true
if [ $status != 0 ]; then
	tail -n 60 fuzz.log
	ls crash-* timeout-* leak-* 2>/dev/null | while read -r f; do
		echo "reproducer: $f"; od -A x -t x1 "$f" | head -20
	done
fi
exit $status
