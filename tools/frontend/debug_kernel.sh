# The debug lane's kernel: Debian's linux-source-6.12 (the same 6.12.95 as
# the stock guest kernel) configured with the kernel's bug detectors, with
# ember built in tree as drivers/gpu/drm/ember (sourced, not run).
#
# One build tree per (source version, config fragment) lives in
# $EMBER_CACHE/debug-kernel/; changing either builds a new tree from
# scratch (~16 min on 2 cores) and removes the old one. ember's sources are
# copied into the tree before every build, so an ember change recompiles
# ember only. The planted-bugs module of the lane's
# self-check is built against the same tree, as an external module.

EMBER_DK_FRAGMENT=$EMBER_ROOT/tools/debug-kernel/debug.config
EMBER_DK_PLANTED=$EMBER_ROOT/tools/debug-kernel/planted_bugs

# Sets EMBER_DK_DIR (the tree for the current fragment and version).
ember_dk_paths() {
	local key
	key=$( { echo "$EMBER_KPKG_VERSION"; cat "$EMBER_DK_FRAGMENT"; } | sha256sum | cut -c1-12)
	EMBER_DK_DIR=$EMBER_CACHE/debug-kernel/$EMBER_KPKG_VERSION-$key
	EMBER_DK_SRC=$EMBER_DK_DIR/src
	EMBER_DK_OBJ=$EMBER_DK_DIR/obj
	EMBER_DK_IMAGE=$EMBER_DK_OBJ/arch/x86/boot/bzImage
	# modules_install output: lib/modules/$EMBER_DK_KVER/..., ember.ko included.
	EMBER_DK_MODROOT=$EMBER_DK_DIR/modroot
	EMBER_DK_PLANTED_KO=$EMBER_DK_DIR/planted_bugs/ember_planted_bugs.ko
}

# Extracts the source and hooks drivers/gpu/drm/ember into DRM's Kconfig
# and Makefile, the two lines an upstream submission would add.
ember_dk_extract() {
	[ -f "$EMBER_DK_SRC/.ember-extracted" ] && return 0
	info "extracting /usr/src/linux-source-6.12.tar.xz"
	rm -rf "$EMBER_DK_SRC"
	mkdir -p "$EMBER_DK_SRC"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$EMBER_DK_SRC" --strip-components=1 ||
		die "could not extract linux-source-6.12"
	sed -i '/^source "drivers\/gpu\/drm\/xe\/Kconfig"/a source "drivers/gpu/drm/ember/Kconfig"' \
		"$EMBER_DK_SRC/drivers/gpu/drm/Kconfig"
	sed -i '/^obj-$(CONFIG_DRM_XE)/a obj-$(CONFIG_DRM_EMBER)\t+= ember/' \
		"$EMBER_DK_SRC/drivers/gpu/drm/Makefile"
	grep -q 'drm/ember/Kconfig' "$EMBER_DK_SRC/drivers/gpu/drm/Kconfig" &&
		grep -q '+= ember/' "$EMBER_DK_SRC/drivers/gpu/drm/Makefile" ||
		die "could not hook ember into drivers/gpu/drm (Kconfig/Makefile changed upstream?)"
	touch "$EMBER_DK_SRC/.ember-extracted"
}

# Copies ember's kernel sources to where an in-tree build has them. Only
# files whose content changed are copied, and they get the current time,
# not the repository's: a file edited during a build has an mtime older
# than its object and would otherwise never be recompiled.
ember_dk_sync_ember() {
	mkdir -p "$EMBER_DK_SRC/drivers/gpu/drm/ember"
	rsync -rl --checksum --delete "$EMBER_ROOT/kernel/drm_gpu/" \
		"$EMBER_DK_SRC/drivers/gpu/drm/ember/"
	rsync -rl --checksum "$EMBER_ROOT/uapi/drm/ember_drm.h" \
		"$EMBER_DK_SRC/include/uapi/drm/ember_drm.h"
}

# Prints the fragment's settings that olddefconfig did not keep.
ember_dk_config_mismatches() {
	local line sym want have
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) sym=${line%%=*}; want=${line#*=} ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}; want=n ;;
		*) continue ;;
		esac
		have=$(sed -n "s/^$sym=//p" "$EMBER_DK_OBJ/.config")
		[ -n "$have" ] || have=n
		[ "$have" = "$want" ] || echo "$sym: wanted $want, got $have"
	done < "$EMBER_DK_FRAGMENT"
}

# defconfig + kvm_guest.config + tools/debug-kernel/debug.config, checked.
ember_dk_configure() {
	local bad
	if [ ! -f "$EMBER_DK_OBJ/.config" ]; then
		info "configuring: x86_64 defconfig + kvm_guest.config + $(basename "$EMBER_DK_FRAGMENT")"
		mkdir -p "$EMBER_DK_OBJ"
		make -s -C "$EMBER_DK_SRC" O="$EMBER_DK_OBJ" defconfig kvm_guest.config \
			>"$EMBER_DK_DIR/config.log" 2>&1 &&
		"$EMBER_DK_SRC/scripts/kconfig/merge_config.sh" -m -O "$EMBER_DK_OBJ" \
			"$EMBER_DK_OBJ/.config" "$EMBER_DK_FRAGMENT" >>"$EMBER_DK_DIR/config.log" 2>&1 || {
			rm -f "$EMBER_DK_OBJ/.config"
			die "configuring the debug kernel failed; see $EMBER_DK_DIR/config.log"
		}
	fi
	# Every build: ember's Kconfig may have changed since the last one.
	make -s -C "$EMBER_DK_SRC" O="$EMBER_DK_OBJ" olddefconfig >>"$EMBER_DK_DIR/config.log" 2>&1 ||
		die "make olddefconfig failed; see $EMBER_DK_DIR/config.log"
	bad=$(ember_dk_config_mismatches)
	[ -z "$bad" ] || die "the debug kernel's config lost these settings of $EMBER_DK_FRAGMENT
(a dependency is missing; see $EMBER_DK_OBJ/.config):
$bad"
}

# Runs make with its "  CC  file" lines condensed into a progress line
# every 500 steps; the whole output is in $EMBER_DK_DIR/build.log.
ember_dk_make() {
	local start=$SECONDS n=0 line status
	set +e
	make -C "$EMBER_DK_SRC" O="$EMBER_DK_OBJ" -j"$(nproc)" "$@" 2>&1 |
		tee "$EMBER_DK_DIR/build.log" | {
		while IFS= read -r line; do
			case "$line" in "  "[A-Z]*) n=$((n + 1)) ;; *) continue ;; esac
			[ $((n % 500)) = 0 ] &&
				info "$(printf '%4d s: %5d build steps, at %s' \
					$((SECONDS - start)) "$n" "${line##* }")"
		done
	}
	status=${PIPESTATUS[0]}
	set -e
	if [ "$status" != 0 ]; then
		grep -E 'error|Error' "$EMBER_DK_DIR/build.log" | head -n 20 >&2
		die "the debug kernel build failed; see $EMBER_DK_DIR/build.log"
	fi
	info "make $* took $((SECONDS - start)) s"
}

# The state of everything the lane's kernel and modules are built from.
ember_dk_inputs_hash() {
	{
		cat "$EMBER_DK_OBJ/.config"
		find "$EMBER_ROOT/kernel/drm_gpu" "$EMBER_ROOT/uapi/drm/ember_drm.h" \
			"$EMBER_DK_PLANTED" -type f -printf '%P %T@ %s\n' | sort
	} | sha256sum | cut -c1-64
}

# Builds (or reuses) the debug kernel, its modules with ember.ko and the
# planted-bugs module. Sets EMBER_DK_IMAGE, EMBER_DK_MODROOT, EMBER_DK_KVER.
ember_debug_kernel() {
	local stamp inputs old
	ember_dk_paths
	[ -f /usr/src/linux-source-6.12.tar.xz ] || die "linux-source-6.12 is missing; run ./ember setup"
	mkdir -p "$EMBER_DK_DIR"
	for old in "$EMBER_CACHE"/debug-kernel/*; do
		[ -d "$old" ] && [ "$old" != "$EMBER_DK_DIR" ] && rm -rf "$old"
	done
	stamp=$EMBER_DK_DIR/built.stamp
	if [ -f "$stamp" ] && [ -f "$EMBER_DK_IMAGE" ] &&
	   [ "$(cat "$stamp")" = "$(ember_dk_inputs_hash)" ]; then
		EMBER_DK_KVER=$(cat "$EMBER_DK_OBJ/include/config/kernel.release")
		step "debug kernel: $EMBER_DK_KVER, up to date ($EMBER_DK_DIR)"
		return 0
	fi
	if [ ! -f "$EMBER_DK_IMAGE" ]; then
		step "debug kernel: building from linux-source-6.12 (the first build takes ~16 min on 2 cores)"
	else
		step "debug kernel: rebuilding what changed"
	fi
	ember_dk_extract
	ember_dk_sync_ember
	ember_dk_configure
	inputs=$(ember_dk_inputs_hash)
	ember_dk_make bzImage modules
	EMBER_DK_KVER=$(cat "$EMBER_DK_OBJ/include/config/kernel.release")
	rm -rf "$EMBER_DK_MODROOT"
	make -s -C "$EMBER_DK_SRC" O="$EMBER_DK_OBJ" INSTALL_MOD_PATH="$EMBER_DK_MODROOT" \
		INSTALL_MOD_STRIP=1 DEPMOD=true modules_install >"$EMBER_DK_DIR/install.log" 2>&1 ||
		die "modules_install failed; see $EMBER_DK_DIR/install.log"
	[ -f "$EMBER_DK_MODROOT/lib/modules/$EMBER_DK_KVER/kernel/drivers/gpu/drm/ember/ember.ko" ] ||
		die "the debug kernel build produced no ember.ko"
	ember_dk_build_planted
	echo "$inputs" > "$stamp"
	step "debug kernel: $EMBER_DK_KVER ready"
}

# The lane's self-check module (tools/debug-kernel/planted_bugs), built out
# of tree against the debug kernel: it is never part of ember.ko.
ember_dk_build_planted() {
	local dir=$EMBER_DK_DIR/planted_bugs
	mkdir -p "$dir"
	rsync -rl --checksum --delete --exclude='*.o' --exclude='*.ko' --exclude='*.cmd' \
		--exclude='*.mod*' --exclude='Module.symvers' --exclude='modules.order' \
		--exclude='.*' "$EMBER_DK_PLANTED/" "$dir/"
	make -s -C "$EMBER_DK_OBJ" M="$dir" modules >"$EMBER_DK_DIR/planted.log" 2>&1 || {
		cat "$EMBER_DK_DIR/planted.log" >&2
		die "building the planted-bugs module failed (log above)"
	}
	[ -f "$EMBER_DK_PLANTED_KO" ] || die "the planted-bugs build produced no $EMBER_DK_PLANTED_KO"
}
