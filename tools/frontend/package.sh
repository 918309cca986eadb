# ./ember package: the Debian packages of debian/ (sourced).
#
# dpkg-buildpackage builds them from a clean copy of the tree (the files
# git tracks plus new ones it does not ignore, as they are on disk, so an
# uncommitted change is packaged and no build output leaks in); the .debs
# go into $EMBER_OUT/packages.
#
# One version: meson.build's project version. debian/changelog is the
# packages' history, so it is written by hand, and checked here: it must
# carry meson's version exactly (a native package), or nothing builds.

EMBER_PACKAGES="ember-dkms ember-gpu libvulkan-ember ember-tools"

ember_package_meson_version() {
	meson introspect --projectinfo "$EMBER_ROOT/meson.build" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])'
}

# Sets EMBER_PACKAGE_VERSION; returns non-zero when the versions differ.
ember_package_check_version() {
	local meson_version changelog_version
	meson_version=$(ember_package_meson_version) ||
		{ warn "could not read meson.build's project version"; return 1; }
	changelog_version=$(dpkg-parsechangelog -l "$EMBER_ROOT/debian/changelog" -SVersion) ||
		{ warn "could not parse debian/changelog"; return 1; }
	if [ "$changelog_version" != "$meson_version" ]; then
		warn "debian/changelog is at $changelog_version, meson.build at $meson_version: add a changelog entry for $meson_version (dch -v $meson_version)"
		return 1
	fi
	EMBER_PACKAGE_VERSION=$meson_version
}

# Builds the packages in WORKDIR (emptied first): the source copy in
# WORKDIR/ember-VERSION, the .debs and .changes beside it, the whole log in
# WORKDIR/build.log; the debhelper steps and ninja's links are shown.
ember_package_build() { # workdir
	local work=$1 src
	ember_package_check_version || return 1
	src=$work/ember-$EMBER_PACKAGE_VERSION
	rm -rf "$work"
	mkdir -p "$src"
	(cd "$EMBER_ROOT" && git ls-files -z --cached --others --exclude-standard) |
		rsync -a --from0 --files-from=- --ignore-missing-args "$EMBER_ROOT/" "$src/" ||
		{ warn "copying the tree into $src failed"; return 1; }
	step "package: dpkg-buildpackage, ember $EMBER_PACKAGE_VERSION (log: $work/build.log)"
	# debhelper builds with one job unless DEB_BUILD_OPTIONS says otherwise.
	# Progress: the debhelper steps, and what ninja links (its -v lines).
	if ! (cd "$src" && EMBER_VULKAN_HEADERS_DIR=$(ember_vulkan_headers_dir) \
		DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -b -us -uc 2>&1) |
		tee "$work/build.log" |
		awk '/^   (dh_|debian\/rules )/ { sub(/^ +/, ""); print "    " $0; fflush(); next }
		     /^\[[0-9]+\/[0-9]+\] / { for (i = 2; i < NF; i++) if ($i == "-o" && $(i + 1) !~ /\.o$/) {
				print "    " $1 " " $(i + 1); fflush() } }'; then
		tail -n 30 "$work/build.log" | sed 's/^/    | /' >&2
		warn "dpkg-buildpackage failed (the end of $work/build.log is above)"
		return 1
	fi
}

# Runs lintian on the build's .changes (every binary package); prints its
# tags and returns non-zero on any error.
ember_package_lintian() { # workdir
	local changes
	changes=$(find "$1" -maxdepth 1 -name '*.changes' | head -n1)
	[ -n "$changes" ] || { warn "no .changes file in $1"; return 1; }
	step "package: lintian"
	# This machine builds as root; lintian's warning about it is noise.
	lintian --fail-on error --tag-display-limit 0 "$changes" 2>&1 |
		{ grep -v '^running with root privileges' || true; } | sed 's/^/    /'
}

ember_package() {
	local work=$EMBER_BUILD/package deb
	ember_package_build "$work" || die "building the packages failed"
	rm -rf "$EMBER_OUT/packages"
	mkdir -p "$EMBER_OUT/packages"
	cp "$work"/*.deb "$EMBER_OUT/packages/"
	ember_package_lintian "$work" || die "lintian reports errors (above)"
	step "package: done, in $EMBER_OUT/packages"
	for deb in "$EMBER_OUT/packages"/*.deb; do
		info "$(basename "$deb") ($(du -h "$deb" | cut -f1))"
	done
}

