# ./ember test: host tests, lint and guest tests, one summary (sourced).
#
# Host tests are Meson tests (no VM). Guest tests are the IGT-layout
# binaries, all run in one VM boot; every IGT subtest counts as one test.
# The last line is "N passed, N failed"; the exit status is non-zero on any
# failure.

EMBER_TEST_PASSED=0
EMBER_TEST_FAILED=0
EMBER_TEST_SKIPPED=0
EMBER_TEST_FAILURES=()

ember_test_record() { # name result
	case "$2" in
	pass) EMBER_TEST_PASSED=$((EMBER_TEST_PASSED + 1)) ;;
	skip) EMBER_TEST_SKIPPED=$((EMBER_TEST_SKIPPED + 1)) ;;
	*) EMBER_TEST_FAILED=$((EMBER_TEST_FAILED + 1)); EMBER_TEST_FAILURES+=("$1 ($2)") ;;
	esac
}

ember_test_host() {
	local log=$EMBER_BUILD/meson-logs/testlog.json name result
	step "test: host tests (meson test)"
	rm -f "$log"
	meson test -C "$EMBER_BUILD" --no-rebuild --print-errorlogs 2>&1 |
		grep -vE '^(ninja: |Full log written)' | sed 's/^/    /' || true
	[ -f "$log" ] || { ember_test_record "host: meson test" "did not run"; return; }
	# Every TAP subtest counts as one test; a test without TAP counts once.
	while IFS=$'\t' read -r name result; do
		case "$result" in
		OK|EXPECTEDFAIL) ember_test_record "host: $name" pass ;;
		SKIP) ember_test_record "host: $name" skip ;;
		*) ember_test_record "host: $name" "$result" ;;
		esac
	done < <(python3 -c '
import json, re, sys
tap = re.compile(r"^(not )?ok \d+( - )?([^#]*)(#\s*(SKIP|TODO).*)?$", re.I)
for line in open(sys.argv[1]):
    t = json.loads(line)
    subs = [tap.match(l) for l in t.get("stdout", "").splitlines()]
    subs = [m for m in subs if m]
    for m in subs:
        verdict = "FAIL" if m.group(1) else "OK"
        if m.group(5) and m.group(5).upper() == "SKIP":
            verdict = "SKIP"
        print(t["name"] + "@" + m.group(3).strip() + "\t" + verdict)
    if not subs or (t["result"] not in ("OK", "SKIP", "EXPECTEDFAIL")
                    and all(not m.group(1) for m in subs)):
        print(t["name"] + "\t" + t["result"])' "$log")
}

ember_test_lint() {
	if ember_lint; then
		ember_test_record "lint: checkpatch --strict" pass
	else
		ember_test_record "lint: checkpatch --strict" fail
	fi
}

# Parses the guest runner's output (results.log of the last VM run).
ember_test_parse_guest() {
	local log=$1 line binary="" sub result rc reported=0
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		"@@TEST-BINARY "*) binary=${line#@@TEST-BINARY }; reported=0 ;;
		"Subtest "*": "*)
			sub=${line#Subtest }; result=${sub#*: }; sub=${sub%%: *}
			result=${result%% *}
			reported=1
			case "$result" in
			SUCCESS) ember_test_record "$binary@$sub" pass ;;
			SKIP) ember_test_record "$binary@$sub" skip ;;
			*) ember_test_record "$binary@$sub" "$result" ;;
			esac ;;
		"@@TEST-EXIT "*)
			rc=${line##* }
			case "$rc" in
			0|77) ;;
			*) if [ "$rc" = 124 ]; then ember_test_record "$binary" "timeout"
			   elif [ $reported = 0 ] || [ "$rc" != 98 ]; then
				ember_test_record "$binary" "exit status $rc"
			   fi ;;
			esac ;;
		esac
	done < "$log"
}

ember_test_guest() {
	local filter=$1 status=0
	step "test: guest tests (one VM boot)"
	ember_vm --timeout 1500 -- run-tests "$filter" || status=$?
	ember_test_parse_guest "$EMBER_OUT/vm/last/results.log"
	if [ $status != 0 ] && [ $EMBER_TEST_FAILED = 0 ]; then
		ember_test_record "guest: VM run" "exit status $status"
	fi
	if grep -qE 'BUG:|WARNING:|Oops|general protection|Call Trace' \
		"$EMBER_OUT/vm/last/dmesg.log" "$EMBER_OUT/vm/last/console.log"; then
		ember_test_record "guest: kernel log clean" "kernel warning or oops, see $EMBER_OUT/vm/last/dmesg.log"
	else
		ember_test_record "guest: kernel log clean" pass
	fi
}

ember_test() {
	local host_only=0 filter='*' f
	while [ $# -gt 0 ]; do
		case "$1" in
		--host-only) host_only=1; shift ;;
		--filter) filter=$2; shift 2 ;;
		*) die "test: unknown option '$1' (see ./ember --help)" ;;
		esac
	done
	local start=$SECONDS
	if [ "$filter" = '*' ]; then
		ember_test_host
		ember_test_lint
	fi
	[ $host_only = 1 ] || ember_test_guest "$filter"

	step "test: summary ($((SECONDS - start)) s)"
	for f in "${EMBER_TEST_FAILURES[@]}"; do
		printf '    %sFAILED%s %s\n' "$_red" "$_reset" "$f"
	done
	[ $EMBER_TEST_SKIPPED = 0 ] || echo "$EMBER_TEST_SKIPPED skipped"
	echo "$EMBER_TEST_PASSED passed, $EMBER_TEST_FAILED failed"
	[ $EMBER_TEST_FAILED = 0 ] && [ $EMBER_TEST_PASSED -gt 0 ]
}
