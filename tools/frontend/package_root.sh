# ./ember test's Debian system (sourced): the packages installed by apt
# into a real bookworm root, booted with systemd, whose ember-gpu@.service
# starts the GPU a guest attaches to.
#
# The root: mmdebstrap's bookworm (minbase, systemd as init) from the
# mirror and suites of the setup (bookworm, -updates, -security,
# -backports), with the Ember packages' dependencies (EMBER_PKGROOT_BASE),
# cached as a tarball keyed by that list in $EMBER_CACHE/pkgroot; the
# .debs apt fetches are kept there too, so a rerun needs no network.
# In it, as a user would: "apt install ./ember-*.deb" plus the pinned
# backports kernel's headers, so ember-dkms's postinst (dh-dkms) builds and
# installs ember.ko with dkms. Then "systemd-nspawn -b" boots the root
# (systemd as PID 1), "systemctl start ember-gpu@0" starts the packaged
# unit, its /run/ember bind-mounted from the host, where QEMU attaches to
# the GPU's sockets and guest RAM file (vm.sh's EMBER_VM_GPU_ATTACH). The
# guest gets what the root's packages installed: the DKMS-built ember.ko,
# the ICD and its manifest, ember-tools (dpkg -L of each), beside the
# unpackaged guest tests. systemctl/journalctl in the container check the
# unit ran the GPU all along, and that stopping it removes its files.

# The root's packages besides minbase: systemd as init, what the Ember
# packages depend on (dkms, the compiler it needs, the Vulkan loader), and
# the openssl dkms signs modules with.
EMBER_PKGROOT_BASE="systemd-sysv dbus dkms build-essential libvulkan1 kmod openssl"
# Then, as the user's machine has them before installing Ember (README:
# "apt install -t bookworm-backports linux-image-amd64 linux-headers-amd64"),
# the pinned backports kernel and its headers, which DKMS builds against.
# They are constant, so they are in the cached root: installing them is
# most of a cold run (the image's postinst, dkms's kernel hooks).
EMBER_PKGROOT_KERNEL="linux-image-$EMBER_KVER linux-headers-$EMBER_KVER"
# What the user adds to "apt install ./ember-*.deb": libvulkan-ember and
# ember-tools need backports' libdrm2 (2.4.123; bookworm has 2.4.114).
# Only that package from backports: "-t bookworm-backports" would take
# every dependency (and upgrade) from there.
EMBER_PKGROOT_EXTRA="libdrm2/bookworm-backports"
EMBER_PKGROOT_MIRROR=http://deb.debian.org/debian
EMBER_PKGROOT_INSTANCE=0
# Bumped when the recipe of the cached root changes (part of its key).
EMBER_PKGROOT_RECIPE=2
# Bounds, in seconds: building the cached root (cold run), the lane's apt
# install (dkms build included), the container's boot.
EMBER_PKGROOT_BASE_TIMEOUT=1800
EMBER_PKGROOT_APT_TIMEOUT=900
EMBER_PKGROOT_BOOT_TIMEOUT=120

# Prints the path of the cached root tarball, building it if missing.
ember_pkgroot_base() {
	local dir=$EMBER_CACHE/pkgroot key tarball log start=$SECONDS old
	# shellcheck disable=SC2086 # one package a line
	key=$(printf '%s\n' bookworm "$EMBER_PKGROOT_MIRROR" "$EMBER_PKGROOT_RECIPE" \
		$EMBER_PKGROOT_BASE $EMBER_PKGROOT_KERNEL | sha256sum | cut -c1-12)
	tarball=$dir/bookworm-$key.tar
	log=$dir/bookworm-$key.log
	mkdir -p "$dir/archives"
	if [ ! -f "$tarball" ]; then
		step "package root: no cached root; mmdebstrap bookworm (+ $EMBER_PKGROOT_BASE," \
			"then $EMBER_PKGROOT_KERNEL from backports) into $tarball" \
			"(at most $((EMBER_PKGROOT_BASE_TIMEOUT / 60)) min, about 10 min on 2 busy cores; log: $log)" >&2
		# Keep the apt lists: the lane installs from them offline.
		# update-initramfs is diverted to true before the kernel comes in:
		# a container shares the host's kernel and never boots an initrd,
		# and making one (twice: the image's postinst, then the trigger)
		# was minutes of a run. dpkg-divert --list in the root shows it.
		# Progress: mmdebstrap's "I:" steps and apt's "Setting up" lines.
		# (Success is mmdebstrap's last line in the log, checked below.)
		# shellcheck disable=SC2016 # the hooks' $1 is mmdebstrap's root
		timeout "$EMBER_PKGROOT_BASE_TIMEOUT" \
			mmdebstrap --variant=minbase --format=tar --skip=cleanup/apt/lists \
			--include="${EMBER_PKGROOT_BASE// /,}" \
			--essential-hook='chroot "$1" dpkg-divert --local --rename --divert /usr/sbin/update-initramfs.distrib --add /usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"' \
			--customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends -t bookworm-backports $EMBER_PKGROOT_KERNEL" \
			bookworm "$tarball.tmp" \
			"deb $EMBER_PKGROOT_MIRROR bookworm main" \
			"deb $EMBER_PKGROOT_MIRROR bookworm-updates main" \
			"deb ${EMBER_PKGROOT_MIRROR}-security bookworm-security main" \
			"deb $EMBER_PKGROOT_MIRROR bookworm-backports main" 2>&1 |
			tee "$log" | grep --line-buffered -E '^(I: |E: |W: |Setting up linux-)' |
			sed -u 's/^/    | /' >&2 || true
		if [ ! -s "$tarball.tmp" ] || ! grep -q '^I: success' "$log"; then
			tail -n 20 "$log" | sed 's/^/    | /' >&2
			rm -f "$tarball.tmp"
			warn "mmdebstrap failed or ran over $EMBER_PKGROOT_BASE_TIMEOUT s (see $log):" \
				"is the mirror $EMBER_PKGROOT_MIRROR reachable? Rerun ./ember package-root"
			return 1
		fi
		mv "$tarball.tmp" "$tarball"
		info "built in $((SECONDS - start)) s ($(du -h "$tarball" | cut -f1))" >&2
		# Roots of older recipes: only this lane's files are removed.
		for old in "$dir"/bookworm-*.tar; do
			[ "$old" = "$tarball" ] || rm -f "$old" "${old%.tar}.log"
		done
	fi
	echo "$tarball"
}

# Runs a command in the booted container whose PID 1 is $1.
ember_pkgroot_exec() { # leader command...
	local leader=$1
	shift
	nsenter -t "$leader" -m -u -i -n -p -- "$@"
}

# PID (host's) of the container's systemd: the nspawn's descendant named
# systemd.
ember_pkgroot_leader() { # nspawn-pid root
	local pid
	for pid in $(pgrep -P "$1") $(pgrep -P "$1" | xargs -r -n1 pgrep -P); do
		# (Its /proc/PID/root reads "/": nspawn pivot_root()s into it.)
		if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = systemd ]; then
			echo "$pid"
			return 0
		fi
	done
	return 1
}

# The guest root: the files dpkg installed in the system root for the
# guest's packages, the module DKMS installed there, and the unpackaged
# guest tests of the build.
ember_pkgroot_guest_root() { # system-root guest-root
	local sys=$1 root=$2 pkg file module
	local kmod=/lib/modules/$EMBER_KVER
	rm -rf "$root"
	mkdir -p "$root"
	for pkg in ember-dkms libvulkan-ember ember-tools; do
		[ -f "$sys/var/lib/dpkg/info/$pkg.list" ] ||
			{ warn "$pkg is not installed in $sys"; return 1; }
		while read -r file; do
			[ -f "$sys$file" ] || continue
			mkdir -p "$root$(dirname "$file")"
			cp -a "$sys$file" "$root$file"
		done <"$sys/var/lib/dpkg/info/$pkg.list"
	done
	module=$(find "$sys$kmod/updates/dkms" -name 'ember.ko*' 2>/dev/null | head -n1)
	[ -n "$module" ] || { warn "no ember.ko in $sys$kmod/updates/dkms"; return 1; }
	mkdir -p "$root$kmod/updates/dkms"
	# Decompressed: busybox modprobe does not read .ko.xz.
	case "$module" in
	*.xz) xz -dc "$module" >"$root$kmod/updates/dkms/ember.ko" ;;
	*.zst) zstd -qdc "$module" >"$root$kmod/updates/dkms/ember.ko" ;;
	*) cp "$module" "$root$kmod/updates/dkms/ember.ko" ;;
	esac
	mkdir -p "$root/usr/libexec" "$root/usr/share"
	cp -a "$EMBER_GUEST_ROOT/usr/libexec/ember" "$root/usr/libexec/"
	[ ! -d "$EMBER_GUEST_ROOT/usr/share/ember" ] ||
		cp -a "$EMBER_GUEST_ROOT/usr/share/ember" "$root/usr/share/"
}

# Stops the container booted by ember_pkgroot_test.
ember_pkgroot_stop() { # nspawn-pid leader
	local nspawn=$1 leader=${2:-}
	kill -0 "$nspawn" 2>/dev/null || return 0
	[ -z "$leader" ] || ember_pkgroot_exec "$leader" systemctl --no-block poweroff >/dev/null 2>&1 || true
	for _ in $(seq 100); do
		kill -0 "$nspawn" 2>/dev/null || return 0
		sleep 0.2
	done
	kill -TERM "$nspawn" 2>/dev/null || true
	wait "$nspawn" 2>/dev/null || true
}

# The lane. WORKDIR holds the packages of ember_package_test.
ember_pkgroot_test() { # workdir
	local work=$1 sys=$1/system-root run=$1/run-ember start=$SECONDS t
	local tarball nspawn leader='' status=0 gpu=ember-gpu@$EMBER_PKGROOT_INSTANCE
	local dir=/run/ember/$EMBER_PKGROOT_INSTANCE hostdir=$1/run-ember/$EMBER_PKGROOT_INSTANCE
	local log=$work/pkgroot-apt.log cmd filter debs=() deb pkg makelog state
	step "test: packages: apt install ./ember-*.deb in a bookworm root, GPU by systemd in it"
	# EMBER_PKGROOT_REUSE=1 (development): boot the root installed last time.
	if [ "${EMBER_PKGROOT_REUSE:-}" = 1 ] && [ -f "$sys/var/lib/dpkg/info/ember-dkms.list" ]; then
		rm -rf "$run"
		mkdir -p "$run"
		info "reusing the installed root $sys"
	else
	tarball=$(ember_pkgroot_base) ||
		{ ember_test_record "pkgroot: a bookworm root (mmdebstrap)" "mmdebstrap failed"; return; }
	rm -rf "$sys" "$run"
	mkdir -p "$sys" "$run" "$sys/root/debs"
	tar -C "$sys" -xf "$tarball" ||
		{ ember_test_record "pkgroot: a bookworm root (mmdebstrap)" "unpacking $tarball failed"; return; }
	for pkg in $EMBER_PACKAGES; do
		for deb in "$work/${pkg}_${EMBER_PACKAGE_VERSION}"_*.deb; do
			cp "$deb" "$sys/root/debs/"
			debs+=("./debs/$(basename "$deb")")
		done
	done
	info "root unpacked in $((SECONDS - start)) s"

	# apt install, as a user does (README): the postinsts run (dkms
	# build/install for the root's kernel headers).
	t=$SECONDS
	step "pkgroot: apt install ${debs[*]} $EMBER_PKGROOT_EXTRA (log: $log)"
	# shellcheck disable=SC2086 # EMBER_PKGROOT_EXTRA: package specs
	if ! timeout "$EMBER_PKGROOT_APT_TIMEOUT" \
		systemd-nspawn -q -D "$sys" --register=no --keep-unit --chdir=/root \
		--bind="$EMBER_CACHE/pkgroot/archives:/var/cache/apt/archives" \
		env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		"${debs[@]}" $EMBER_PKGROOT_EXTRA >"$log" 2>&1; then
		tail -n 30 "$log" | sed 's/^/    | /'
		ember_test_record "pkgroot: apt install ./ember-*.deb $EMBER_PKGROOT_EXTRA" \
			"apt-get failed or ran over $EMBER_PKGROOT_APT_TIMEOUT s, see $log (unmet dependencies: do the packages' Depends match bookworm + $EMBER_PKGROOT_EXTRA?)"
		return
	fi
	ember_test_record "pkgroot: apt install ./ember-*.deb $EMBER_PKGROOT_EXTRA" pass
	info "apt install: $((SECONDS - t)) s"
	makelog=$sys/var/lib/dkms/ember/$EMBER_PACKAGE_VERSION/$EMBER_KVER/x86_64/log/make.log
	if [ -f "$makelog" ]; then
		info "dkms build (make.log): $(( $(stat -c %Y "$makelog") - $(date -d "$(sed -n 2p "$makelog")" +%s) )) s"
	fi
	if [ -n "$(find "$sys/lib/modules/$EMBER_KVER/updates/dkms" -name 'ember.ko*' 2>/dev/null)" ] &&
	   grep -q "^ember/$EMBER_PACKAGE_VERSION, $EMBER_KVER, x86_64: installed" \
		<(systemd-nspawn -q -D "$sys" --register=no --keep-unit dkms status 2>&1); then
		ember_test_record "pkgroot: ember-dkms's postinst installed ember.ko for $EMBER_KVER" pass
	else
		grep -iE 'dkms|ember|error' "$log" | tail -n 20 | sed 's/^/    | /'
		ember_test_record "pkgroot: ember-dkms's postinst installed ember.ko for $EMBER_KVER" \
			"no installed module in dkms status or /lib/modules/$EMBER_KVER/updates/dkms, see $log"
		return
	fi
	fi
	ember_pkgroot_guest_root "$sys" "$work/pkgroot-guest" ||
		{ ember_test_record "pkgroot: guest root from the installed packages" fail; return; }

	# Boot it: systemd is PID 1; the unit's /run/ember is the host's $run.
	t=$SECONDS
	systemd-nspawn -q -D "$sys" --register=no --keep-unit -b --console=passive \
		--bind="$run:/run/ember" >"$work/pkgroot-boot.log" 2>&1 &
	nspawn=$!
	for _ in $(seq $((EMBER_PKGROOT_BOOT_TIMEOUT * 5))); do
		leader=$(ember_pkgroot_leader "$nspawn") && break
		kill -0 "$nspawn" 2>/dev/null || break
		sleep 0.2
	done
	if [ -z "$leader" ]; then
		tail -n 20 "$work/pkgroot-boot.log" | sed 's/^/    | /'
		ember_test_record "pkgroot: systemd-nspawn -b boots the root" \
			"no systemd in the container, see $work/pkgroot-boot.log"
		ember_pkgroot_stop "$nspawn"
		return
	fi
	# systemctl talks to PID 1 through /run/systemd/private, which systemd
	# creates a moment after it execs: a systemctl before that fails with
	# "Failed to connect to bus: No such file or directory" (1 boot in 3).
	# Wait for the socket, seen through /proc/PID/root, then for the boot.
	for _ in $(seq $((EMBER_PKGROOT_BOOT_TIMEOUT * 5))); do
		[ -S "/proc/$leader/root/run/systemd/private" ] && break
		kill -0 "$nspawn" 2>/dev/null || break
		sleep 0.2
	done
	if [ ! -S "/proc/$leader/root/run/systemd/private" ]; then
		tail -n 20 "$work/pkgroot-boot.log" | sed 's/^/    | /'
		ember_test_record "pkgroot: systemd-nspawn -b boots the root" \
			"the container's systemd made no /run/systemd/private in $EMBER_PKGROOT_BOOT_TIMEOUT s, see $work/pkgroot-boot.log"
		ember_pkgroot_stop "$nspawn"
		return
	fi
	# Non-zero when degraded: not fatal under set -e.
	state=$(ember_pkgroot_exec "$leader" timeout "$EMBER_PKGROOT_BOOT_TIMEOUT" \
		systemctl is-system-running --wait 2>&1) || true
	info "booted in $((SECONDS - t)) s: $state"
	case "$state" in
	running) ember_test_record "pkgroot: systemd-nspawn -b boots the root" pass ;;
	degraded)
		ember_pkgroot_exec "$leader" systemctl --failed --no-pager --plain 2>&1 | sed 's/^/    | /'
		ember_test_record "pkgroot: systemd-nspawn -b boots the root" pass ;;
	*)
		tail -n 20 "$work/pkgroot-boot.log" | sed 's/^/    | /'
		ember_test_record "pkgroot: systemd-nspawn -b boots the root" \
			"system state '$state' after $EMBER_PKGROOT_BOOT_TIMEOUT s, see $work/pkgroot-boot.log"
		ember_pkgroot_stop "$nspawn" "$leader"
		return ;;
	esac
	# Type=simple: started is not yet listening; wait for both sockets.
	ember_pkgroot_exec "$leader" systemctl start "$gpu" || true
	for _ in $(seq 100); do
		[ -S "$hostdir/gpu.sock" ] && [ -S "$hostdir/control.sock" ] && break
		sleep 0.1
	done
	if [ ! -S "$hostdir/gpu.sock" ] || [ ! -S "$hostdir/control.sock" ]; then
		ember_pkgroot_exec "$leader" systemctl status --no-pager "$gpu" 2>&1 | sed 's/^/    | /'
		ember_test_record "pkgroot: systemctl start $gpu" "not started, or no sockets in $dir"
		ember_pkgroot_stop "$nspawn" "$leader"
		return
	fi
	ember_test_record "pkgroot: systemctl start $gpu" pass

	cmd="package-checks"
	for filter in $EMBER_PACKAGE_GUEST_SLICE; do
		cmd+="; run-tests '$filter'"
	done
	ember_vm_lane package "$work/pkgroot-guest"
	# shellcheck disable=SC2034 # vm.sh's ember_vm reads it
	EMBER_VM_GPU_ATTACH=("$hostdir/gpu.sock" "$hostdir/control.sock" "$hostdir/guest-ram")
	(ember_vm --timeout 600 -- "$cmd") || status=$?
	unset EMBER_VM_GPU_ATTACH
	ember_vm_lane stock
	EMBER_VM_RUN=$(readlink -f "$EMBER_OUT/vm/last")
	ember_test_parse_guest "$EMBER_VM_RUN/results.log" "pkgroot: "
	[ $status = 0 ] ||
		ember_test_record "pkgroot: guest VM run" "exit status $status, see $EMBER_VM_RUN"

	# The unit ran the GPU the guest used, all along, as systemd's service.
	ember_pkgroot_exec "$leader" systemctl status --no-pager "$gpu" >"$work/pkgroot-status.log" 2>&1
	ember_pkgroot_exec "$leader" journalctl --no-pager -u "$gpu" >"$work/pkgroot-journal.log" 2>&1
	sed 's/^/    | /' "$work/pkgroot-status.log" | head -n 12
	if grep -q 'Active: active (running)' "$work/pkgroot-status.log" &&
	   grep -q "/usr/bin/ember-gpu --socket $dir/gpu.sock" "$work/pkgroot-status.log" &&
	   grep -q "Started.*Ember virtual GPU $EMBER_PKGROOT_INSTANCE" "$work/pkgroot-journal.log"; then
		ember_test_record "pkgroot: systemctl status: $gpu ran the GPU through the guest's run" pass
	else
		ember_test_record "pkgroot: systemctl status: $gpu ran the GPU through the guest's run" \
			"see $work/pkgroot-status.log and pkgroot-journal.log"
	fi
	# Stopping the unit removes the GPU's sockets and guest RAM file.
	ember_pkgroot_exec "$leader" systemctl stop "$gpu" || true
	# (systemd 254 in nspawn empties it; the directory itself may stay.)
	for _ in $(seq 50); do
		[ -n "$(find "$hostdir" -mindepth 1 2>/dev/null)" ] || break
		sleep 0.1
	done
	if [ -z "$(find "$hostdir" -mindepth 1 2>/dev/null)" ]; then
		ember_test_record "pkgroot: systemctl stop $gpu removes $dir" pass
	else
		ember_test_record "pkgroot: systemctl stop $gpu removes $dir" "$(ls "$hostdir" | tr '\n' ' ')"
	fi
	ember_pkgroot_stop "$nspawn" "$leader"
	info "lane: $((SECONDS - start)) s"
}
