# ./ember package: the Debian packages of debian/ (sourced).
#
# dpkg-buildpackage builds them from a clean copy of the tree (the files
# git tracks plus new ones it does not ignore, as they are on disk, so an
# uncommitted change is packaged and no build output leaks in); the .debs
# go into $EMBER_OUT/packages. ./ember test builds them the same way and
# checks them (ember_package_test).
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

# Builds the packages in WORKDIR (emptied first): first the source package
# (dpkg-buildpackage -S) from the copy of the tree in WORKDIR/source/, its
# .dsc, .tar.xz and _source.changes beside that copy; then the binary
# packages from that source package as dpkg-source unpacks it (so what the
# source package lacks, the build lacks), in WORKDIR/ember-VERSION, the
# .debs and .changes beside it. Logs: WORKDIR/source.log and
# WORKDIR/build.log; the debhelper steps and ninja's links are shown.
ember_package_build() { # workdir
	local work=$1 tree src
	ember_package_check_version || return 1
	tree=$work/source/ember-$EMBER_PACKAGE_VERSION
	src=$work/ember-$EMBER_PACKAGE_VERSION
	rm -rf "$work"
	mkdir -p "$tree"
	(cd "$EMBER_ROOT" && git ls-files -z --cached --others --exclude-standard) |
		rsync -a --from0 --files-from=- --ignore-missing-args "$EMBER_ROOT/" "$tree/" ||
		{ warn "copying the tree into $tree failed"; return 1; }
	step "package: dpkg-buildpackage -S, the source package (log: $work/source.log)"
	if ! (cd "$tree" && dpkg-buildpackage -S -us -uc) >"$work/source.log" 2>&1 ||
	   ! dpkg-source -x "$work/source/ember_$EMBER_PACKAGE_VERSION.dsc" "$src" \
		>>"$work/source.log" 2>&1; then
		tail -n 30 "$work/source.log" | sed 's/^/    | /' >&2
		warn "building or unpacking the source package failed (see $work/source.log)"
		return 1
	fi
	info "$(basename -a "$work"/source/*.dsc "$work"/source/*.tar.* | tr '\n' ' ')"
	step "package: dpkg-buildpackage -b from it, ember $EMBER_PACKAGE_VERSION (log: $work/build.log)"
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

# Runs lintian on the build's .changes (every binary package) and the
# source package's; prints its tags and returns non-zero on any error.
ember_package_lintian() { # workdir
	local changes source_changes
	changes=$(find "$1" -maxdepth 1 -name '*.changes' | head -n1)
	source_changes=$(find "$1/source" -maxdepth 1 -name '*_source.changes' | head -n1)
	if [ -z "$changes" ] || [ -z "$source_changes" ]; then
		warn "no binary or source .changes file in $1"
		return 1
	fi
	step "package: lintian"
	# This machine builds as root; lintian's warning about it is noise.
	lintian --fail-on error --tag-display-limit 0 "$changes" "$source_changes" 2>&1 |
		{ grep -v '^running with root privileges' || true; } | sed 's/^/    /'
}

ember_package() {
	local work=$EMBER_BUILD/package deb
	ember_package_build "$work" || die "building the packages failed"
	rm -rf "$EMBER_OUT/packages"
	mkdir -p "$EMBER_OUT/packages"
	cp "$work"/*.deb "$work/source/ember_$EMBER_PACKAGE_VERSION.dsc" \
		"$work/source/ember_$EMBER_PACKAGE_VERSION".tar.* "$EMBER_OUT/packages/"
	ember_package_lintian "$work" || die "lintian reports errors (above)"
	step "package: done, in $EMBER_OUT/packages"
	for deb in "$EMBER_OUT/packages"/*; do
		info "$(basename "$deb") ($(du -h "$deb" | cut -f1))"
	done
}

# ./ember test's checks of the packages, host-side: they build from a
# clean tree, lintian finds no error, DKMS builds ember.ko from ember-dkms
# for the pinned kernel, the ICD manifest names the library its package
# ships, and the systemd unit starts the packaged ember-gpu with options it
# accepts. A guest is booted from them later, in the stock lane
# (package_guest.sh), from EMBER_PACKAGE_TEST_WORK, set when they and the
# DKMS module built.
ember_package_test() {
	local work=$EMBER_BUILD/package-test root
	root=$work/root
	if ! ember_package_build "$work"; then
		ember_test_record "package: the packages build from a clean tree" "build failed"
		return
	fi
	local pkg missing=
	for pkg in $EMBER_PACKAGES; do
		compgen -G "$work/${pkg}_${EMBER_PACKAGE_VERSION}_*.deb" >/dev/null || missing+=" $pkg"
	done
	if [ -n "$missing" ]; then
		ember_test_record "package: the packages build from a clean tree" "missing:$missing"
		return
	fi
	ember_test_record "package: the packages build from a clean tree" pass
	if ember_package_lintian "$work"; then
		ember_test_record "package: lintian reports no errors" pass
	else
		ember_test_record "package: lintian reports no errors" "lintian errors"
	fi
	for pkg in $EMBER_PACKAGES; do
		mkdir -p "$root/$pkg"
		dpkg-deb -x "$work/${pkg}_${EMBER_PACKAGE_VERSION}"_*.deb "$root/$pkg"
	done
	# shellcheck disable=SC2034 # test.sh reads it
	ember_package_test_dkms "$work" "$root/ember-dkms" && EMBER_PACKAGE_TEST_WORK=$work
	ember_package_test_icd "$root/libvulkan-ember"
	ember_package_test_service "$work" "$root/ember-gpu"
	ember_package_test_unit_verify "$work" "$root/ember-gpu"
}

# systemd's own check of ember-gpu@.service, as instance vm0: any
# complaint (unknown key, unparsable value) fails. The packaged ember-gpu
# is not installed in /usr/bin here: that complaint, and the exit status
# it causes, are the only ones expected.
ember_package_test_unit_verify() { # workdir root
	local dir=$1/unit-verify out name="package: systemd-analyze verify accepts ember-gpu@.service"
	mkdir -p "$dir"
	cp "$2/lib/systemd/system/ember-gpu@.service" "$dir/ember-gpu@vm0.service"
	out=$( (cd "$dir" && systemd-analyze verify --man=no ./ember-gpu@vm0.service 2>&1 || true) |
		{ grep -v 'Command /usr/bin/ember-gpu is not executable' || true; })
	if [ -z "$out" ]; then
		ember_test_record "$name" pass
	else
		sed 's/^/    | /' <<<"$out"
		ember_test_record "$name" "systemd-analyze complains (above)"
	fi
}

# dkms add + build from the package's /usr/src into a DKMS tree of its
# own (the system's /var/lib/dkms is not touched, nor its signing key).
ember_package_test_dkms() { # workdir root
	local work=$1 root=$2 tree=$1/dkms log=$1/dkms.log module start=$SECONDS
	local dkms_args=(-m ember -v "$EMBER_PACKAGE_VERSION" --sourcetree "$root/usr/src"
			 --dkmstree "$tree")
	step "package: dkms build -m ember -v $EMBER_PACKAGE_VERSION -k $EMBER_KVER (log: $log)"
	mkdir -p "$tree"
	if ! { dkms add "${dkms_args[@]}" &&
	       mok_signing_key=$tree/mok.key mok_certificate=$tree/mok.pub \
		dkms build "${dkms_args[@]}" -k "$EMBER_KVER"; } >"$log" 2>&1; then
		tail -n 30 "$log" | sed 's/^/    | /'
		ember_test_record "package: dkms builds ember.ko for $EMBER_KVER" "dkms failed, see $log"
		return 1
	fi
	info "built in $((SECONDS - start)) s"
	module=$(find "$tree/ember/$EMBER_PACKAGE_VERSION/$EMBER_KVER" -name 'ember.ko*' | head -n1)
	if [ -z "$module" ]; then
		ember_test_record "package: dkms builds ember.ko for $EMBER_KVER" "no ember.ko in $tree"
		return 1
	fi
	ember_test_record "package: dkms builds ember.ko for $EMBER_KVER" pass
	if [ "$(modinfo -F name "$module")" = ember ] &&
	   [ "$(modinfo -F vermagic "$module" | cut -d' ' -f1)" = "$EMBER_KVER" ] &&
	   modinfo -F alias "$module" | grep -qi 'v00001AF4d00001110'; then
		ember_test_record "package: modinfo: the DKMS ember.ko is ember for $EMBER_KVER" pass
	else
		modinfo "$module" | sed 's/^/    | /'
		ember_test_record "package: modinfo: the DKMS ember.ko is ember for $EMBER_KVER" \
			"wrong name, vermagic or PCI alias"
	fi
}

# The manifest must name, by absolute path, a library the package ships
# that exports the loader's entry point.
ember_package_test_icd() { # root
	local root=$1 manifest=$1/usr/share/vulkan/icd.d/ember_icd.x86_64.json library
	local name="package: the ICD manifest names the packaged libvulkan_ember.so"
	library=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["ICD"]["library_path"])' \
		"$manifest" 2>/dev/null) ||
		{ ember_test_record "$name" "no readable manifest at ${manifest#"$root"}"; return; }
	case "$library" in
	/*) ;;
	*) ember_test_record "$name" "library_path '$library' is not absolute"; return ;;
	esac
	if [ ! -f "$root$library" ]; then
		ember_test_record "$name" "$library is not in the package"
	elif ! nm -D --defined-only "$root$library" | grep -qw vk_icdGetInstanceProcAddr; then
		ember_test_record "$name" "$library does not export vk_icdGetInstanceProcAddr"
	else
		ember_test_record "$name" pass
	fi
}

# Prints ember-gpu@.service's ExecStart as systemd would run it for
# instance $3 ("test" by default), one word a line, with /run moved to $2
# (whose RuntimeDirectory it creates): specifiers, Environment= defaults,
# ${VAR} (one word) and $VAR (split) expanded.
ember_package_unit_command() { # unit run-dir [instance]
	python3 - "$1" "$2" "${3:-test}" <<'PY'
import os, re, shlex, sys
unit, run, instance = sys.argv[1:4]
text = open(unit).read().replace("\\\n", " ")
env, command = {}, None
def specifiers(s):
    return s.replace("%i", instance).replace("/run/", run.rstrip("/") + "/")
for line in text.splitlines():
    key, _, value = line.strip().partition("=")
    if key == "Environment":
        for word in shlex.split(specifiers(value)):
            name, _, val = word.partition("=")
            env[name] = val
    elif key == "RuntimeDirectory":
        os.makedirs(os.path.join(run, specifiers(value)), exist_ok=True)
    elif key == "ExecStart":
        command = specifiers(value)
if command is None:
    sys.exit("no ExecStart=")
for word in shlex.split(command):
    braced = re.fullmatch(r"\$\{(\w+)\}", word)
    plain = re.fullmatch(r"\$(\w+)", word)
    if braced:
        print(env.get(braced.group(1), ""))
    elif plain:
        for part in env.get(plain.group(1), "").split():
            print(part)
    else:
        print(word)
PY
}

ember_package_test_service() { # workdir root
	local work=$1 root=$2 unit=$2/lib/systemd/system/ember-gpu@.service run=$1/run
	local gpu=$2/usr/bin/ember-gpu help opt unknown= pid status socket control i
	local -a command
	help=$("$gpu" --help) || { ember_test_record "package: ember-gpu --help" "exit status $?"; return; }
	mapfile -t command < <(ember_package_unit_command "$unit" "$run")
	if [ "${command[0]:-}" != /usr/bin/ember-gpu ]; then
		ember_test_record "package: ember-gpu@.service runs the packaged ember-gpu" \
			"ExecStart runs '${command[0]:-nothing}'"
		return
	fi
	for opt in "${command[@]}"; do
		case "$opt" in
		--*) grep -qE "^  $opt( |$)" <<<"$help" || unknown+=" $opt" ;;
		esac
	done
	if [ -n "$unknown" ]; then
		ember_test_record "package: ember-gpu@.service's options are ember-gpu's" "unknown:$unknown"
	else
		ember_test_record "package: ember-gpu@.service's options are ember-gpu's" pass
	fi
	# The unit's command, for real: both sockets appear, SIGTERM ends it with 0.
	for i in "${!command[@]}"; do
		case "${command[$i]}" in
		--socket) socket=${command[$((i + 1))]} ;;
		--control) control=${command[$((i + 1))]} ;;
		esac
	done
	"$gpu" "${command[@]:1}" 2>"$work/ember-gpu.log" &
	pid=$!
	for _ in $(seq 50); do
		[ -S "${socket:-}" ] && [ -S "${control:-}" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ -S "${socket:-}" ] && [ -S "${control:-}" ]; then
		kill -TERM "$pid"
		status=0
		wait "$pid" || status=$?
		if [ "$status" = 0 ]; then
			ember_test_record "package: ember-gpu@.service's command starts the GPU" pass
		else
			ember_test_record "package: ember-gpu@.service's command starts the GPU" \
				"exit status $status after SIGTERM, see $work/ember-gpu.log"
		fi
	else
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		ember_test_record "package: ember-gpu@.service's command starts the GPU" \
			"no sockets, see $work/ember-gpu.log"
	fi
	# The man page documents every option --help lists.
	unknown=
	for opt in $(grep -oE '^  --[a-z-]+' <<<"$help"); do
		zcat "$root/usr/share/man/man1/ember-gpu.1.gz" | grep -qF -- "${opt//-/\\-}" ||
			unknown+=" $opt"
	done
	if [ -n "$unknown" ]; then
		ember_test_record "package: ember-gpu(1) documents every option" "missing:$unknown"
	else
		ember_test_record "package: ember-gpu(1) documents every option" pass
	fi
}
