#!/bin/sh
# Host test of ember-coredump (TAP) on a devcoredump captured from the
# guest (ember_submit_basic@devcoredump-decoded's fault: a WRITE_IMM to an
# unmapped VA): the explanation is the expected one, standard input
# works, and what is not a complete Ember dump fails.
# Usage: ember_coredump_test.sh EMBER-COREDUMP SAMPLE EXPECTED
tool=$(readlink -f "$1") sample=$(readlink -f "$2") expected=$(readlink -f "$3")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..4"

cd "$(dirname "$sample")" || exit 1
name=$(basename "$sample")
if "$tool" "$name" > "$tmp/out" 2>&1 && diff -u "$expected" "$tmp/out" > "$tmp/diff"; then
	echo "ok 1 - explains-a-captured-translation-fault"
else
	echo "not ok 1 - explains-a-captured-translation-fault"
	sed 's/^/# /' "$tmp/diff" "$tmp/out" | head -n 60
fi

if "$tool" - < "$name" > "$tmp/stdin" 2>&1 &&
   [ "$(sed 1d "$tmp/stdin")" = "$(sed 1d "$expected")" ] &&
   head -n1 "$tmp/stdin" | grep -q '^-: Ember devcoredump (format 1): a fault'; then
	echo "ok 2 - reads-standard-input"
else
	echo "not ok 2 - reads-standard-input"
	sed 's/^/# /' "$tmp/stdin" | head -n 20
fi

"$tool" "$expected" > "$tmp/other" 2>&1
status=$?
if [ $status = 1 ] && grep -q 'not an Ember devcoredump of format 1' "$tmp/other"; then
	echo "ok 3 - rejects-other-text"
else
	echo "not ok 3 - rejects-other-text # exit status $status"
fi

grep -v '^end$' "$name" > "$tmp/truncated"
"$tool" "$tmp/truncated" > "$tmp/trunc" 2>&1
status=$?
if [ $status = 1 ] && grep -q 'truncated (no "end" line)' "$tmp/trunc"; then
	echo "ok 4 - a-truncated-dump-fails"
else
	echo "not ok 4 - a-truncated-dump-fails # exit status $status"
fi
