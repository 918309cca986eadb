# shellcheck shell=bash
# ./ember soak and ./ember fuzz: one guest test run for longer than the
# suite runs it, its length given to the test through an environment
# variable, on the stock kernel or (--debug) the debug kernel.

# ember_endurance NAME TEST_BINARY SECONDS_VARIABLE DEFAULT_MINUTES [--minutes N] [--debug]
# The fuzzer's EMBER_FUZZ_SEED and EMBER_FUZZ_REPLAY go to the guest too.
ember_endurance() {
	local name=$1 binary=$2 variable=$3 minutes=$4 vm_opts=() env='' v
	shift 4
	for v in EMBER_FUZZ_SEED EMBER_FUZZ_REPLAY; do
		[ -n "${!v:-}" ] || continue
		[[ ${!v} =~ ^[0-9a-fA-Fx,]+$ ]] || die "$v must be numbers separated by commas"
		env+="$v=${!v} "
	done
	while [ $# -gt 0 ]; do
		case "$1" in
		--minutes) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "$name: --minutes needs a whole number"
			   minutes=$2; shift 2 ;;
		--debug) vm_opts+=(--debug); shift ;;
		*) die "$name: unknown option '$1' (see ./ember --help)" ;;
		esac
	done
	step "$name: $minutes min of $binary in the VM${vm_opts[*]:+ (debug kernel)}${env:+ ($env)}"
	# The test's own time, then its wind-down, then the boot.
	ember_vm --timeout $((minutes * 60 + 900)) "${vm_opts[@]}" -- \
		"$env$variable=$((minutes * 60)) /usr/libexec/ember/igt/$binary"
}
