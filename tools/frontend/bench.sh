# ./ember bench, host part: the device-core benchmarks in bench/ (sourced).
#
# They run on the host with no VM and print one line per figure, with its
# ratio to a baseline measured in the same run (bench/README.md).

ember_bench_host() {
	local b
	step "bench: host benchmarks (device core, no VM)"
	for b in copy_bandwidth copy_image_bandwidth fence_roundtrip raster_throughput; do
		"$EMBER_BUILD/bench/$b" | sed 's/^/    /' || die "bench: $b failed"
	done
	"$EMBER_BUILD/bench/raster_throughput" 4 | sed 's/^/    /' ||
		die "bench: raster_throughput 4 failed"
	step "bench: shader kernels, Ember shader core vs lavapipe (host, no VM)"
	mkdir -p "$EMBER_OUT"
	"$EMBER_BUILD/bench/shader/bench-shader" --ref-out "$EMBER_OUT/bench-shader.ref" |
		sed 's/^/    /' || die "bench: bench-shader failed"
	step "bench: the demo scene's triangles and fragments on lavapipe (host, no VM)"
	VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.json \
		"$EMBER_BUILD/bench/graphics/bench-graphics" \
		--ref-out "$EMBER_OUT/bench-graphics.ref" | sed 's/^/    /' ||
		die "bench: bench-graphics failed"
}

# The guest run's arguments: the host's shader and graphics figures of this run.
ember_bench_guest_args() {
	cat "$EMBER_OUT/bench-shader.ref" "$EMBER_OUT/bench-graphics.ref" 2>/dev/null |
		tr '\n' ' ' || true
}

# ./ember bench --stack [--rounds N] [--stream-mib M] [KERNEL...]: the
# shader kernels on Ember's shader core driven directly (host) and through
# the whole stack (guest: Vulkan, ember.ko, the VM), in turns, N rounds
# (default 5), with the median of the paired guest/host ratios
# (tools/frontend/bench_stack.py). --stream-mib: M MiB streams in copy,
# triad and reduce (default 16) on both sides.
ember_bench_stack() {
	local rounds=5 channel host_pid status=0
	local -a kernels=() options=()
	while [ $# -gt 0 ]; do
		case "$1" in
		--rounds) rounds=$2; shift 2 ;;
		--stream-mib)
			[[ "${2:-}" =~ ^[1-9][0-9]*$ ]] && [ "$2" -le 128 ] ||
				die "bench --stack: --stream-mib takes 1 to 128 (three streams fit the guest's 1 GiB)"
			options+=("$1" "$2"); shift 2 ;;
		*) kernels+=("$1"); shift ;;
		esac
	done
	[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "bench --stack: --rounds takes a positive number"
	[ ${#kernels[@]} -gt 0 ] ||
		kernels=(sgemm_tiled stream_copy stream_triad reduce_bandwidth)
	kernels+=("${options[@]}")
	step "bench: ${kernels[*]}, host shader core and through Vulkan in the VM, $rounds rounds in turns"
	mkdir -p "$EMBER_OUT"
	channel=$EMBER_OUT/bench-stack-$$.sock
	rm -f "$channel"
	python3 "$EMBER_ROOT/tools/frontend/bench_stack.py" "$channel" \
		"$EMBER_BUILD/bench/shader/bench-shader" "${kernels[@]}" &
	host_pid=$!
	EMBER_VM_HOST_CHANNEL=$channel ember_vm --timeout $((600 + rounds * 600)) -- \
		/usr/libexec/ember/bench-stack "$rounds" "${kernels[@]}" || status=$?
	if [ "$status" != 0 ]; then
		kill "$host_pid" 2>/dev/null || true
		wait "$host_pid" 2>/dev/null || true
		rm -f "$channel"
		die "bench --stack: the guest half failed (status $status)"
	fi
	wait "$host_pid" || status=$?
	rm -f "$channel"
	[ "$status" = 0 ] || die "bench --stack: the host half failed (status $status)"
}
