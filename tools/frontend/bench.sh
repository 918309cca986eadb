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
	step "bench: shader kernels, Ember shader core vs lavapipe (host, no VM)"
	mkdir -p "$EMBER_OUT"
	"$EMBER_BUILD/bench/shader/bench-shader" --ref-out "$EMBER_OUT/bench-shader.ref" |
		sed 's/^/    /' || die "bench: bench-shader failed"
}

# The guest run's arguments: the host's shader figures of this run.
ember_bench_guest_args() {
	tr '\n' ' ' < "$EMBER_OUT/bench-shader.ref" 2>/dev/null || true
}
