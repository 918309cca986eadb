# ./ember lint: checkpatch.pl --strict on the kernel driver, the uAPI and
# the kernel-side test code (selftest, planted bugs) (sourced).

# Prints checkpatch's findings; returns non-zero on any ERROR or WARNING.
ember_lint() {
	local checkpatch files out errors warnings checks
	checkpatch=$(ember_checkpatch)
	[ -f "$checkpatch" ] || die "checkpatch.pl is missing; run ./ember setup"
	files=$(cd "$EMBER_ROOT" && find kernel uapi tools/debug-kernel tools/testing -name '*.[ch]' | sort)
	step "lint: checkpatch --strict on $(echo "$files" | wc -l) files"
	# shellcheck disable=SC2086
	out=$(cd "$EMBER_ROOT" && perl "$checkpatch" --strict --no-tree --terse \
		--show-types --no-summary -f $files 2>&1) || true
	errors=$(grep -c ': ERROR:' <<<"$out" || true)
	warnings=$(grep -c ': WARNING:' <<<"$out" || true)
	checks=$(grep -c ': CHECK:' <<<"$out" || true)
	[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/    /'
	info "checkpatch: $errors errors, $warnings warnings, $checks checks"
	[ "$errors" = 0 ] && [ "$warnings" = 0 ]
}
