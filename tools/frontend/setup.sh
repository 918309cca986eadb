# ./ember setup: install what Ember needs from Debian (sourced, not run).
# debhelper, dh-dkms, dkms and lintian build and check the Debian packages
# (./ember package, package.sh). ./ember package-root alone also needs
# mmdebstrap and systemd-container (ember_package_root_packages), which the
# other commands (and so the CI) do not install.
# python3-docutils checks that Documentation/'s specifications are valid
# reStructuredText (the docs/ tests).
#
# Packages come from bookworm, plus bookworm-backports for the 6.12 kernel,
# QEMU 10, libdrm 2.4.123, Mesa 25 (lavapipe) and Meson 1.7. The kernel
# packages are pinned to $EMBER_KVER so guest kernel, modules and headers
# always match.

EMBER_BACKPORTS_LIST=/etc/apt/sources.list.d/ember-bookworm-backports.list

# "package[=version]" entries, installed with -t bookworm-backports.
ember_backports_packages() {
	echo "linux-image-$EMBER_KVER" "linux-headers-$EMBER_KVER" \
		"linux-source-6.12=$EMBER_KPKG_VERSION" \
		qemu-system-x86 qemu-utils libdrm-dev mesa-vulkan-drivers meson
}

# mmdebstrap and systemd-nspawn make and boot the bookworm root of
# ./ember package-root (package_root.sh). systemd-container must be the
# installed systemd's version, so it is asked for at that version, from
# whichever suite has it: not with -t bookworm-backports, which would take
# systemd (and what depends on it) from backports.
ember_package_root_packages() {
	local systemd
	systemd=$(dpkg-query -W -f='${Version}' systemd 2>/dev/null || true)
	echo mmdebstrap "systemd-container${systemd:+=$systemd}"
}

# EMBER_SETUP_EXTRA: packages one command adds (ember_package_root_packages).
ember_bookworm_packages() {
	echo build-essential ninja-build pkg-config cpio kmod xz-utils zstd \
		flex bison libelf-dev libssl-dev bc \
		rsync busybox-static perl python3 python3-docutils \
		libvulkan-dev vulkan-tools vulkan-validationlayers \
		spirv-tools spirv-headers glslang-tools glslang-dev \
		clang libclang-rt-14-dev valgrind llvm-19-dev \
		debhelper dh-dkms dkms lintian trinity ${EMBER_SETUP_EXTRA:-}
}

# Minimum versions of backports packages whose bookworm version is too old.
ember_min_version() {
	case "$1" in
	qemu-system-x86) echo 1:10.0 ;;
	libdrm-dev) echo 2.4.123 ;;
	mesa-vulkan-drivers) echo 25.0 ;;
	meson) echo 1.7 ;;
	esac
}

# Prints the entries of "$@" that are not installed at an acceptable version.
ember_missing_packages() {
	local entry pkg want have min
	for entry in "$@"; do
		pkg=${entry%%=*}
		want=
		[ "$pkg" != "$entry" ] && want=${entry#*=}
		have=$(dpkg-query -W -f='${db:Status-Abbrev}${Version}' "$pkg" 2>/dev/null || true)
		case "$have" in
		ii*) have=${have#ii }; have=${have# } ;;
		*) echo "$entry"; continue ;;
		esac
		if [ -n "$want" ] && [ "$have" != "$want" ]; then
			echo "$entry"; continue
		fi
		min=$(ember_min_version "$pkg")
		if [ -n "$min" ] && dpkg --compare-versions "$have" lt "$min"; then
			echo "$entry"
		fi
	done
}

# The mirror the image's own bookworm sources use (deb822 or one-line).
ember_debian_mirror() {
	local uri
	uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources |
	      awk '{print $2}' | grep -v security | head -n1)
	[ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list |
			       awk '{print $2}' | grep -v security | head -n1)
	echo "${uri:-http://deb.debian.org/debian}"
}

ember_add_backports() {
	if grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		return 0
	fi
	info "adding bookworm-backports ($EMBER_BACKPORTS_LIST)"
	echo "deb $(ember_debian_mirror) bookworm-backports main" > "$EMBER_BACKPORTS_LIST"
	EMBER_APT_UPDATED=
}

ember_apt_install() {
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		-o DPkg::Lock::Timeout=300 -o Dpkg::Progress-Fancy=0 "$@"
}

# Extracts the kernel's scripts/ (checkpatch.pl) and the kselftest harness
# from linux-source-6.12.
ember_setup_checkpatch() {
	local dir=$EMBER_CACHE/linux-source-$EMBER_KPKG_VERSION
	[ -f "$dir/scripts/checkpatch.pl" ] &&
		[ -f "$dir/tools/testing/selftests/kselftest_harness.h" ] && return 0
	info "extracting checkpatch.pl and kselftest_harness.h from /usr/src/linux-source-6.12.tar.xz"
	mkdir -p "$dir"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$dir" --strip-components=1 \
		linux-source-6.12/scripts linux-source-6.12/Documentation/dev-tools \
		linux-source-6.12/tools/testing/selftests/kselftest.h \
		linux-source-6.12/tools/testing/selftests/kselftest_harness.h \
		|| die "could not extract checkpatch.pl and kselftest_harness.h from linux-source-6.12"
}

ember_kselftest_dir() {
	echo "$EMBER_CACHE/linux-source-$EMBER_KPKG_VERSION/tools/testing/selftests"
}

ember_checkpatch() {
	echo "$EMBER_CACHE/linux-source-$EMBER_KPKG_VERSION/scripts/checkpatch.pl"
}

# Vulkan-Headers 1.4 (headers + vk.xml) for the Vulkan driver's build:
# bookworm's libvulkan-dev 1.3.239 predates VK_EXT_shader_object. Debian
# trixie's libvulkan-dev is fetched from the same mirror with a private
# apt state (the system's sources, lists and cache are not touched),
# checked against a pinned sha256 and unpacked into the cache; only its
# headers and XML are used, never its binaries.
EMBER_VK_HEADERS_VERSION=1.4.309.0-1
EMBER_VK_HEADERS_SHA256=8d329d465e16168afff58b1bd0dd6db46aac2cc3f56054a481b25a04e90b345a

ember_vulkan_headers_dir() {
	echo "$EMBER_CACHE/vulkan-headers-$EMBER_VK_HEADERS_VERSION"
}

ember_setup_vulkan_headers() {
	local dir apt deb opts
	dir=$(ember_vulkan_headers_dir)
	[ -f "$dir/usr/share/vulkan/registry/vk.xml" ] && return 0
	info "fetching Vulkan-Headers $EMBER_VK_HEADERS_VERSION (Debian trixie's libvulkan-dev: headers and vk.xml only)"
	apt=$EMBER_CACHE/vulkan-headers-apt
	rm -rf "$apt"
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
	echo "deb $(ember_debian_mirror) trixie main" > "$apt/sources.list"
	opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
	      -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
	      -o APT::Sandbox::User=root)
	apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 ||
		die "apt-get update of the trixie index failed; see $apt/update.log (is the Debian mirror reachable?)"
	(cd "$apt" && apt-get "${opts[@]}" download "libvulkan-dev=$EMBER_VK_HEADERS_VERSION") \
		>"$apt/download.log" 2>&1 ||
		die "downloading libvulkan-dev $EMBER_VK_HEADERS_VERSION failed; see $apt/download.log"
	deb=$apt/libvulkan-dev_${EMBER_VK_HEADERS_VERSION}_amd64.deb
	echo "$EMBER_VK_HEADERS_SHA256  $deb" | sha256sum -c --quiet - ||
		die "$deb does not have the pinned sha256; delete $apt and run ./ember setup again"
	rm -rf "$dir.tmp"
	dpkg -x "$deb" "$dir.tmp" || die "unpacking $deb failed"
	mv "$dir.tmp" "$dir"
	rm -rf "$apt"
}

ember_setup() {
	local bpo_missing bookworm_missing
	# shellcheck disable=SC2046
	bpo_missing=$(ember_missing_packages $(ember_backports_packages))
	# shellcheck disable=SC2046
	bookworm_missing=$(ember_missing_packages $(ember_bookworm_packages))
	if [ -z "$bpo_missing$bookworm_missing" ]; then
		ember_setup_checkpatch
		ember_setup_vulkan_headers
		[ "${1:-}" = "--report" ] && step "setup: every package is present"
		return 0
	fi
	step "setup: installing missing packages:" $bpo_missing $bookworm_missing
	if [ "$(id -u)" != 0 ]; then
		die "these packages are missing and installing them needs root:
    $bpo_missing $bookworm_missing
run './ember setup' as root (or install them with apt), then try again"
	fi
	mkdir -p "$EMBER_CACHE"
	ember_add_backports
	info "apt-get update"
	apt-get update -o DPkg::Lock::Timeout=300 >"$EMBER_CACHE/apt-update.log" 2>&1 ||
		die "apt-get update failed; see $EMBER_CACHE/apt-update.log"
	if [ -n "$bookworm_missing" ]; then
		info "installing from bookworm: $bookworm_missing"
		# shellcheck disable=SC2086
		ember_apt_install $bookworm_missing 2>&1 | sed -u 's/^/    | /' |
			grep -E '^    \| (Setting up|Unpacking|E:)' || true
	fi
	if [ -n "$bpo_missing" ]; then
		info "installing from bookworm-backports: $bpo_missing"
		# shellcheck disable=SC2086
		ember_apt_install -t bookworm-backports $bpo_missing 2>&1 | sed -u 's/^/    | /' |
			grep -E '^    \| (Setting up|Unpacking|E:)' || true
	fi
	# shellcheck disable=SC2046
	bpo_missing=$(ember_missing_packages $(ember_backports_packages) $(ember_bookworm_packages))
	[ -z "$bpo_missing" ] || die "packages still missing after apt-get install: $bpo_missing
(check the apt output above; is the Debian mirror reachable?)"
	ember_setup_checkpatch
	ember_setup_vulkan_headers
	step "setup: done"
}
