# ./ember test: host tests, lint and guest tests, one summary (sourced).
#
# Host tests are Meson tests (no VM); the Debian packages are built and
# checked on the host too (package.sh). Guest tests are the IGT-layout
# binaries and the kselftests, run in two lanes: on Debian's stock kernel
# (one VM boot, and one more of a guest installed from the packages) and on
# the debug kernel (debug_kernel.sh: KASAN, lockdep,
# kmemleak; one boot for the tests, ember's KUnit suites and a leak scan,
# one for the lane's self-check). Every IGT
# subtest, kselftest and KUnit case counts as one test; debug-lane names
# start with "debug: ".
# The last line is "N passed, N failed"; the exit status is non-zero on any
# failure.

EMBER_TEST_PASSED=0
EMBER_TEST_FAILED=0
EMBER_TEST_SKIPPED=0
EMBER_TEST_FAILURES=()
# What a failed guest test printed and what the kernel logged meanwhile, a
# few lines each, printed under its name in the summary: CI keeps only the
# tail of the log, and a failure that does not come back needs its reason
# there. Set by ember_test_parse_guest before it records a failure.
EMBER_TEST_DETAIL=

ember_test_record() { # name result
	case "$2" in
	pass) EMBER_TEST_PASSED=$((EMBER_TEST_PASSED + 1)) ;;
	skip) EMBER_TEST_SKIPPED=$((EMBER_TEST_SKIPPED + 1)) ;;
	*) EMBER_TEST_FAILED=$((EMBER_TEST_FAILED + 1))
	   EMBER_TEST_FAILURES+=("$1 ($2)${EMBER_TEST_DETAIL:+$'\n'$EMBER_TEST_DETAIL}") ;;
	esac
	EMBER_TEST_DETAIL=
}

# The lines that explain a failed test, from its output ($1, the lines since
# it started): assertion and error lines first, else the last ones.
ember_test_failure_lines() { # output
	local picked
	picked=$(printf '%s\n' "$1" | grep -E 'CRITICAL|[Ff]ail|[Ee]rror|[Tt]imeout|[Tt]imed out|Assert|assert|expected|got ' |
		grep -vE '^(Stack trace| *#[0-9])' | head -n 8)
	[ -n "$picked" ] || picked=$(printf '%s\n' "$1" | grep -v '^ *$' | tail -n 6)
	printf '%s\n' "$picked"
}

# The guest kernel's lines during IGT subtest $3 of binary $2 (its last run
# in dmesg.log $1), without IGT's own marks.
ember_test_subtest_kmsg() { # dmesg.log binary subtest
	[ -f "$1" ] || return 0
	tr -d '\r' < "$1" | awk -v start="[IGT] $2: starting subtest $3" \
		-v end="[IGT] $2: finished subtest $3" '
		index($0, start) { n = 0; on = 1; next }
		index($0, end) { on = 0 }
		on && !/\[IGT\]/ { sub(/^\[[ 0-9.]*\] /, ""); lines[n++] = $0 }
		END { for (i = 0; i < n && i < 6; i++) print lines[i] }'
}

# EMBER_TEST_DETAIL for a failed guest test, indented under its name.
ember_test_set_detail() { # output kernel-lines
	local out
	out=$(ember_test_failure_lines "$1" | sed 's/^/        | /')
	[ -z "$2" ] || out+=$'\n'$(printf '%s\n' "$2" | sed 's/^/        kernel: /')
	EMBER_TEST_DETAIL=$out
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

# Records a TAP/KTAP result line ("ok N name", "not ok N name # SKIP ...").
ember_test_record_tap() { # name-prefix line
	local prefix=$1 line=$2 verdict=pass name
	case "$line" in "not ok "*) verdict=fail; line=${line#not } ;; esac
	name=${line#ok }; name=${name#* }; name=${name#- }
	case "$name" in *" # SKIP"*|*" # skip"*) verdict=skip ;; esac
	name=${name%% #*}
	ember_test_record "$prefix$name" "$verdict"
}

# Parses the guest runner's output (results.log of a VM run). $2 prefixes
# every test name: the lane ("debug: "), empty for the stock lane.
ember_test_parse_guest() {
	local log=$1 lane=${2:-} line binary="" kind="" sub result rc reported=0 section="" suite=""
	local kunit_suites=0 leaks=() output="" dmesg
	local -a children=()
	dmesg=$(dirname "$log")/dmesg.log
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		"Starting subtest: "*|"@@"*|"ok "*|"not ok "*) ;;
		*) output+=$line$'\n' ;;
		esac
		case "$section:$line" in
		*:"@@TEST-BINARY "*) binary=${line#@@TEST-BINARY }; reported=0; section=igt; kind=igt
			output= ;;
		igt:"Starting subtest: "*) output= ;;
		*:"@@KSELFTEST "*) binary=${line#@@KSELFTEST }; reported=0; section=kselftest
			kind=kselftest ;;
		# TAP runners report like kselftests.
		*:"@@TAP "*) binary=${line#@@TAP }; reported=0; section=kselftest
			kind=kselftest ;;
		*:"@@KUNIT-END") section= ;;
		*:"@@KUNIT "*) suite=${line#@@KUNIT }; section=kunit; children=()
			kunit_suites=$((kunit_suites + 1)) ;;
		*:"@@KMEMLEAK") section=kmemleak; leaks=() ;;
		kmemleak:"@@KMEMLEAK-END") section=
			EMBER_TEST_LEAKS=("${leaks[@]}") ;;
		kmemleak:*) leaks+=("$line") ;;
		igt:"Subtest "*": "*)
			sub=${line#Subtest }; result=${sub#*: }; sub=${sub%%: *}
			result=${result%% *}
			reported=1
			case "$result" in
			SUCCESS) ember_test_record "$lane$binary@$sub" pass ;;
			SKIP) ember_test_record "$lane$binary@$sub" skip ;;
			*) ember_test_set_detail "$output" "$(ember_test_subtest_kmsg "$dmesg" "$binary" "$sub")"
			   ember_test_record "$lane$binary@$sub" "$result" ;;
			esac
			output= ;;
		kselftest:"ok "*|kselftest:"not ok "*)
			reported=1
			case "$line" in "not ok "*" # SKIP"*|"not ok "*" # skip"*) ;;
			"not ok "*) ember_test_set_detail "$output" "" ;;
			esac
			ember_test_record_tap "$lane$binary@" "$line"
			output= ;;
		# KUnit: parameterised cases list their parameters first, one
		# level deeper; each parameter counts as one test.
		kunit:"        ok "*|kunit:"        not ok "*)
			children+=("${line#        }") ;;
		kunit:"    ok "*|kunit:"    not ok "*)
			if [ ${#children[@]} = 0 ]; then
				ember_test_record_tap "${lane}kunit: $suite@" "${line#    }"
			else
				sub=${line#    }; sub=${sub#not }; sub=${sub#ok }; sub=${sub#* }
				for result in "${children[@]}"; do
					ember_test_record_tap "${lane}kunit: $suite@${sub%% #*}@" "$result"
				done
				children=()
			fi ;;
		*:"@@TEST-EXIT "*)
			rc=${line##* }
			section=
			case "$rc" in 0|77) ;; *) ember_test_set_detail "$output" "" ;; esac
			output=
			case "$rc" in
			0|77) ;;
			4) if [ "$kind" != kselftest ]; then ember_test_record "$lane$binary" "exit status 4"
			   elif [ $reported = 0 ]; then ember_test_record "$lane$binary" skip; fi ;;
			# IGT fails with 98, kselftest with 1, after their subtests.
			1) if [ $reported = 0 ] || [ "$kind" != kselftest ]; then
				ember_test_record "$lane$binary" "exit status $rc"
			   fi ;;
			*) if [ "$rc" = 124 ]; then ember_test_record "$lane$binary" "timeout"
			   elif [ $reported = 0 ] || [ "$rc" != 98 ]; then
				ember_test_record "$lane$binary" "exit status $rc"
			   fi ;;
			esac ;;
		esac
	done < "$log"
	EMBER_TEST_KUNIT_SUITES=$kunit_suites
}

# The guest kernel's extra arguments in the test lanes: a 2 s job timeout
# instead of the driver's 10 s default, so that the recovery tests' hangs
# (injected, or endless waits) are found in seconds; every test reads the
# timeout from DEV_QUERY rather than assume it.
ember_test_kernel_args() {
	echo "ember.job_timeout_ms=2000${EMBER_VM_KERNEL_ARGS:+ $EMBER_VM_KERNEL_ARGS}"
}

ember_test_guest() {
	local filter=$1 status=0
	step "test: stock lane: guest tests (one VM boot)"
	ember_vm_lane stock
	EMBER_VM_KERNEL_ARGS=$(ember_test_kernel_args) \
		ember_vm --timeout 1500 -- "run-tests '$filter'; run-tests --device-killers '$filter'" ||
		status=$?
	ember_test_parse_guest "$EMBER_VM_RUN/results.log"
	if [ $status != 0 ] && [ $EMBER_TEST_FAILED = 0 ]; then
		ember_test_record "guest: VM run" "exit status $status"
	fi
	if grep -qE 'BUG:|WARNING:|Oops|general protection|Call Trace' \
		"$EMBER_VM_RUN/dmesg.log" "$EMBER_VM_RUN/console.log"; then
		ember_test_record "guest: kernel log clean" "kernel warning or oops, see $EMBER_VM_RUN/dmesg.log"
	else
		ember_test_record "guest: kernel log clean" pass
	fi
}

# One more boot on the stock kernel: a guest installed from the packages
# the packages lane built (package_guest.sh).
ember_test_package_guest() {
	if [ -z "${EMBER_PACKAGE_TEST_WORK:-}" ]; then
		ember_test_record "package: a guest installed from the packages" \
			"the packages or their DKMS module did not build (above)"
		return
	fi
	ember_package_test_guest "$EMBER_PACKAGE_TEST_WORK"
}

# The debug lane's detectors, as they report in the kernel log. Leaks are
# read from kmemleak itself after the suite (debug-checks kmemleak): its
# log line would also count what the boot leaked before ember loaded.
EMBER_TEST_DETECTORS='BUG:|WARNING:|Oops|general protection fault'

# Prints "LINE<TAB>TEST<TAB>REPORT" for every detector report in a guest
# kernel log, TEST being the test that was running: the last
# "ember-test: BINARY" mark of tools/guest/run-tests, refined to
# BINARY@SUBTEST by the IGT library's "[IGT] BINARY: starting subtest" marks.
ember_test_kernel_reports() { # dmesg.log
	tr -d '\r' < "$1" | awk -v detectors="$EMBER_TEST_DETECTORS" '
		BEGIN { test = "boot, modprobe ember and KUnit" }
		/ember-test: / { test = substr($0, index($0, "ember-test: ") + 12); binary = test }
		/\[IGT\] [^ ]+: starting subtest / { test = binary "@" $NF }
		/\[IGT\] [^ ]+: finished subtest / { test = binary }
		$0 ~ detectors { sub(/^\[[ 0-9.]*\] /, ""); print NR "\t" test "\t" $0 }'
}

# Prints a report of the kernel log with the lines that follow it.
ember_test_show_report() { # dmesg.log line test report
	printf '    %s%s%s during %s:\n' "$_red" "$4" "$_reset" "$3"
	tr -d '\r' < "$1" | sed -n "$(($2 + 1)),$(($2 + 24))p" | sed 's/^\[[ 0-9.]*\] /      /'
}

# Seconds from the guest kernel's start to /init, from its log.
ember_test_boot_seconds() { # dmesg.log
	tr -d '\r' < "$1" | sed -n 's/^\[ *\([0-9]*\)\.[0-9]*\] Run \/init as init process.*/\1/p' | head -n1
}

# The debug lane: the same guest tests on the debug kernel, plus KUnit and
# a kmemleak scan, in one boot; every detector report fails it. Then its
# self-check, in a boot of its own so that lockdep (which stops after its
# first report) cannot be silenced by it.
ember_test_debug() {
	local filter=$1 status=0 start run reports line test what bug caught headlines
	start=$SECONDS
	# In a subshell, so a failed build fails the lane, not the summary.
	if ! (ember_debug_kernel); then
		ember_test_record "debug: kernel build" "failed, see the errors above"
		return 0
	fi
	EMBER_TEST_TIMES+=("debug kernel build: $((SECONDS - start)) s")
	ember_debug_kernel >/dev/null
	ember_vm_lane debug

	step "test: debug lane: guest tests, KUnit, kmemleak (one VM boot)"
	start=$SECONDS
	EMBER_VM_KERNEL_ARGS=$(ember_test_kernel_args) \
		ember_vm --timeout 2700 -- "run-tests --debug-kernel '$filter'; debug-checks kunit; run-tests --debug-kernel --device-killers '$filter'; debug-checks kmemleak" ||
		status=$?
	run=$EMBER_VM_RUN
	EMBER_TEST_TIMES+=("debug lane suite: $((SECONDS - start)) s (kernel reached /init after $(ember_test_boot_seconds "$run/dmesg.log") s)")
	EMBER_TEST_LEAKS=()
	ember_test_parse_guest "$run/results.log" "debug: "
	[ "$EMBER_TEST_KUNIT_SUITES" -gt 0 ] ||
		ember_test_record "debug: kunit" "no ember KUnit suite ran, see $run/dmesg.log"
	if [ $status != 0 ]; then
		ember_test_record "debug: VM run" "exit status $status, see $run"
	fi
	reports=0
	headlines=()
	while IFS=$'\t' read -r line test what; do
		ember_test_show_report "$run/dmesg.log" "$line" "$test" "$what"
		reports=$((reports + 1))
		headlines+=("$what during $test")
	done < <(ember_test_kernel_reports "$run/dmesg.log")
	if [ ${#EMBER_TEST_LEAKS[@]} -gt 0 ]; then
		printf '    %skmemleak%s after the suite:\n' "$_red" "$_reset"
		printf '      %s\n' "${EMBER_TEST_LEAKS[@]}" | head -n 60
		reports=$((reports + 1))
	fi
	if [ $reports = 0 ]; then
		ember_test_record "debug: kernel log clean (KASAN, lockdep, kmemleak, warnings)" pass
	else
		# The headlines again: a log cut to its tail (CI) still names them.
		[ ${#EMBER_TEST_LEAKS[@]} = 0 ] || headlines+=("kmemleak: ${EMBER_TEST_LEAKS[0]}")
		ember_test_record "debug: kernel log clean (KASAN, lockdep, kmemleak, warnings)" \
			"$reports detector reports above, see $run/dmesg.log; first: ${headlines[0]}"
	fi

	[ "$filter" = '*' ] || return 0
	step "test: debug lane self-check: planted leak, lock inversion, use-after-free"
	start=$SECONDS
	status=0
	ember_vm --timeout 900 -- debug-checks planted || status=$?
	run=$EMBER_VM_RUN
	[ $status = 0 ] || ember_test_record "debug: self-check VM run" "exit status $status, see $run"
	EMBER_TEST_TIMES+=("debug lane self-check: $((SECONDS - start)) s")
	EMBER_TEST_LEAKS=()
	ember_test_parse_guest "$run/results.log" "debug: "
	for bug in lock_inversion use_after_free leak; do
		case "$bug" in
		lock_inversion) caught=$(ember_test_kernel_reports "$run/dmesg.log" |
			awk -F'\t' '$2 == "planted-lock_inversion" && /circular locking dependency/' | head -n1) ;;
		use_after_free) caught=$(ember_test_kernel_reports "$run/dmesg.log" |
			awk -F'\t' '$2 == "planted-use_after_free" && /KASAN: slab-use-after-free/' | head -n1) ;;
		leak) caught=$(printf '%s\n' "${EMBER_TEST_LEAKS[@]}" | grep -m1 'planted_leak_write') ;;
		esac
		if [ -n "$caught" ]; then
			info "planted $bug caught: $(printf '%s' "$caught" | cut -f3 | sed 's/^ *//')"
			ember_test_record "debug: self-check@planted-$bug" pass
		else
			ember_test_record "debug: self-check@planted-$bug" "not reported, see $run/dmesg.log"
		fi
	done
}

# Runs lane $1 (a function) with the rest as arguments and adds the
# lane's own counts to EMBER_TEST_LANES.
ember_test_lane() { # name function args...
	local name=$1 passed=$EMBER_TEST_PASSED failed=$EMBER_TEST_FAILED start=$SECONDS
	shift
	"$@"
	EMBER_TEST_LANES+=("$name: $((EMBER_TEST_PASSED - passed)) passed, $((EMBER_TEST_FAILED - failed)) failed ($((SECONDS - start)) s)")
}

ember_test() {
	local host_only=0 stock=1 debug=1 filter='*' f
	while [ $# -gt 0 ]; do
		case "$1" in
		--host-only) host_only=1; shift ;;
		--stock-only) debug=0; shift ;;
		--debug-only) stock=0; shift ;;
		--filter) filter=$2; shift 2 ;;
		*) die "test: unknown option '$1' (see ./ember --help)" ;;
		esac
	done
	local start=$SECONDS
	EMBER_TEST_LANES=() EMBER_TEST_TIMES=()
	if [ "$filter" = '*' ]; then
		ember_test_lane "host tests" ember_test_host
		ember_test_lint
		ember_test_lane "packages" ember_package_test
	fi
	if [ $host_only = 0 ]; then
		[ $stock = 0 ] || ember_test_lane "stock lane ($EMBER_KVER)" ember_test_guest "$filter"
		if [ $stock = 1 ] && [ "$filter" = '*' ]; then
			ember_test_lane "packages in a guest ($EMBER_KVER)" ember_test_package_guest
		fi
		[ $debug = 0 ] || ember_test_lane "debug lane" ember_test_debug "$filter"
	fi

	step "test: summary ($((SECONDS - start)) s)"
	for f in "${EMBER_TEST_LANES[@]}" "${EMBER_TEST_TIMES[@]}"; do
		info "$f"
	done
	for f in "${EMBER_TEST_FAILURES[@]}"; do
		printf '    %sFAILED%s %s\n' "$_red" "$_reset" "$f"
	done
	[ $EMBER_TEST_SKIPPED = 0 ] || echo "$EMBER_TEST_SKIPPED skipped"
	echo "$EMBER_TEST_PASSED passed, $EMBER_TEST_FAILED failed"
	[ $EMBER_TEST_FAILED = 0 ] && [ $EMBER_TEST_PASSED -gt 0 ]
}
