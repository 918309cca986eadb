#!/bin/sh
# Runs the GPU fuzzer for a bounded time from a freshly generated seed
# corpus; fails on any crash, leak, hang (-timeout) or sanitizer report.
# A failure prints libFuzzer's seed and each reproducer in full (base64),
# so a CI log alone rebuilds it, and keeps the reproducers in
# $EMBER_FUZZ_ARTIFACTS (default: fuzz-artifacts in the current directory,
# the build directory under meson test).
# Usage: run_fuzz.sh FUZZER SEED-GENERATOR SECONDS
set -eu
fuzzer=$(readlink -f "$1") seeds=$(readlink -f "$2") seconds=$3
artifacts=${EMBER_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}
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
	grep -m1 '^INFO: Seed:' fuzz.log || true
	mkdir -p "$artifacts"
	for f in crash-* timeout-* leak-* oom-* slow-unit-*; do
		[ -e "$f" ] || continue
		cp "$f" "$artifacts/"
		echo "reproducer: $artifacts/$f ($(wc -c <"$f") bytes);" \
			"rebuild it with: base64 -d > $f, run: $fuzzer $f"
		base64 "$f"
	done
fi
exit $status
