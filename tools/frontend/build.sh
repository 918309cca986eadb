# ./ember build: Meson (device, tools, tests) + Kbuild (ember.ko), sourced.
#
# Both are incremental: a second run only rebuilds what changed. Guest
# binaries are installed into $EMBER_BUILD/guest-root (meson install
# --destdir), from which the VM's initramfs is assembled.

EMBER_GUEST_ROOT=$EMBER_BUILD/guest-root
EMBER_KBUILD=$EMBER_BUILD/kbuild
EMBER_MODULE=$EMBER_KBUILD/kernel/drm_gpu/ember.ko

ember_build_meson() {
	if [ ! -f "$EMBER_BUILD/build.ninja" ]; then
		step "build: configuring Meson in $EMBER_BUILD"
		meson setup "$EMBER_BUILD" "$EMBER_ROOT" --prefix=/usr \
			-Dkselftest_dir="$(ember_kselftest_dir)" \
			-Dvulkan_headers_dir="$(ember_vulkan_headers_dir)" >"$EMBER_BUILD.setup.log" 2>&1 || {
			cat "$EMBER_BUILD.setup.log" >&2
			die "meson setup failed (log above)"
		}
		rm -f "$EMBER_BUILD.setup.log"
	elif ! grep -qF "\"$(ember_kselftest_dir)\"" "$EMBER_BUILD/meson-info/intro-buildoptions.json" ||
	     ! grep -qF "\"$(ember_vulkan_headers_dir)\"" "$EMBER_BUILD/meson-info/intro-buildoptions.json"; then
		meson configure "$EMBER_BUILD" -Dkselftest_dir="$(ember_kselftest_dir)" \
			-Dvulkan_headers_dir="$(ember_vulkan_headers_dir)" >/dev/null ||
			die "meson configure -Dkselftest_dir -Dvulkan_headers_dir failed"
	fi
	step "build: user space, ember-gpu, tools and tests (ninja)"
	ninja -C "$EMBER_BUILD" || die "the Meson build failed (errors above)"
	DESTDIR="$EMBER_GUEST_ROOT" meson install -C "$EMBER_BUILD" --quiet --only-changed \
		>"$EMBER_BUILD/install.log" 2>&1 || {
		cat "$EMBER_BUILD/install.log" >&2
		die "meson install into $EMBER_GUEST_ROOT failed (log above)"
	}
}

ember_build_module() {
	local kdir=/lib/modules/$EMBER_KVER/build
	[ -d "$kdir" ] || die "kernel headers for $EMBER_KVER are missing; run ./ember setup"
	step "build: ember.ko against $EMBER_KVER"
	# Kbuild writes its objects beside the sources; build in a mirror so the
	# source tree stays clean. rsync keeps mtimes, so make stays incremental.
	mkdir -p "$EMBER_KBUILD"
	rsync -a --delete --exclude='*.o' --exclude='*.ko' --exclude='*.cmd' \
		--exclude='*.mod*' --exclude='Module.symvers' --exclude='modules.order' \
		--exclude='.*' "$EMBER_ROOT/kernel" "$EMBER_ROOT/uapi" "$EMBER_KBUILD/"
	make -s -C "$kdir" M="$EMBER_KBUILD/kernel" CONFIG_DRM_EMBER=m W=1 modules ||
		die "building ember.ko failed (errors above)"
	[ -f "$EMBER_MODULE" ] || die "the kernel build produced no $EMBER_MODULE"
}

ember_build() {
	mkdir -p "$EMBER_BUILD" "$EMBER_OUT"
	ember_build_meson
	ember_build_module
	step "build: done"
}
