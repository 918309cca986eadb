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
