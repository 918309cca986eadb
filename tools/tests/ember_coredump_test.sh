#!/bin/sh
# Host test of ember-coredump (TAP) on a devcoredump captured from the
# guest (ember_submit_basic@devcoredump-decoded's fault: a WRITE_IMM to an
# unmapped VA): the explanation is the expected one, standard input
# works, what is not a complete Ember dump fails, and the fault record of
# other kinds (the captured one rewritten: illegal instruction, bad packet,
# bad state, bad descriptor, bad queue) is explained by its detail.
# Usage: ember_coredump_test.sh EMBER-COREDUMP SAMPLE EXPECTED
tool=$(readlink -f "$1") sample=$(readlink -f "$2") expected=$(readlink -f "$3")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..9"

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

# Test N is that the tool fails (exit status 1) on FILE, saying MESSAGE.
expect_failure() { # n name file message
	"$tool" "$3" > "$tmp/failure" 2>&1
	status=$?
	if [ $status = 1 ] && grep -qF "$4" "$tmp/failure"; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2 # exit status $status"
		sed 's/^/# /' "$tmp/failure" | head -n 5
	fi
}

expect_failure 3 rejects-other-text "$expected" 'not an Ember devcoredump of format 1'
grep -v '^end$' "$name" > "$tmp/truncated"
expect_failure 4 a-truncated-dump-fails "$tmp/truncated" 'truncated (no "end" line)'

# Test N: the captured dump with its fault record's kind and detail
# replaced explains the fault with LINE.
expect_kind() { # n name kind detail line
	sed "s/kind=1(translation)/kind=$3/; s/detail=0x2 /detail=$4 /" "$name" |
		"$tool" - > "$tmp/kind" 2>&1
	if grep -qxF "$5" "$tmp/kind"; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2"
		sed 's/^/# /' "$tmp/kind" | sed -n 6,8p
	fi
}

# Reason 1 = EMBER_ISA_ERR_OPCODE at instruction 7.
expect_kind 5 illegal-instruction-names-the-instruction-and-isa-error \
	'4(illegal-instruction)' 0x1000007 \
	'  instruction 7 of the shader, at GPU VA 0xfffefffff000: unknown opcode'
# The header of a WRITE_IMM with 5 payload dwords.
expect_kind 6 bad-packet-decodes-the-packet-header '3(bad-packet)' 0x50012 \
	'  user packet WRITE_IMM (0x12) len=5 flags=0x0 at GPU VA 0xfffefffff000 (header 0x00050012; for a bad IB size, the size)'
# EMBER_BAD_STATE_DETAIL(EMBER_GFX_BLOCK_VIEWPORTS, 2): a viewport's width.
expect_kind 7 bad-state-names-the-block-and-dword '10(bad-state)' 0x3000002 \
	'  dword 2 of the viewports state block, at GPU VA 0xfffefffff000'
expect_kind 8 bad-descriptor-names-the-dword '8(bad-descriptor)' 0x5 \
	'  dword 5 of the descriptor at GPU VA 0xfffefffff000 (0: not loaded from memory)'
# EMBER_QUEUE_ERR_POINTERS.
expect_kind 9 queue-fault-names-the-queue-error '9(queue)' 0xa \
	'  bad read or write pointers (queue error 10)'
