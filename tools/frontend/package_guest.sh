# ./ember test's boot from the Debian packages (sourced): Ember as a user
# installs it, not as the harness stages it.
#
# The guest root is what installing ember-dkms, libvulkan-ember and
# ember-tools puts in a guest (dpkg-deb -x, as dpkg unpacks them), with
# the ember.ko DKMS built from the installed ember-dkms for the pinned
# kernel (ember_package_test_dkms) where "dkms install" puts it. Beside it
# only the unpackaged guest tests of the build (/usr/libexec/ember): no
# ember.ko, ICD, manifest or tool of the harness's staging. The host side
# is the ember-gpu package: its ember-gpu@.service's ExecStart, with the
# unit's paths under /run/ember/INSTANCE/, starts the GPU QEMU attaches to.
# In the guest: tools/guest/package-checks (DKMS module loaded, packaged
# ember-info, the stock loader finds the packaged ICD with no VK_*
# variable, a Vulkan program), then a slice of the guest tests.

# The guest tests of the slice (run-tests filters): the basic uAPI tests
# fdinfo with the packaged ember-info --top, and the Vulkan driver's
# dispatch tests through the packaged ICD.
EMBER_PACKAGE_GUEST_SLICE="*_basic ember_fdinfo ember_vulkan_tests@cmd-dispatch-*"

# Unpacks the guest's packages of the build in WORKDIR into ROOT.
ember_package_guest_root() { # workdir root
	local work=$1 root=$2 pkg dest module
	local kmod=$root/lib/modules/$EMBER_KVER
	rm -rf "$root"
	mkdir -p "$root"
	for pkg in ember-dkms libvulkan-ember ember-tools; do
		dpkg-deb -x "$work/${pkg}_${EMBER_PACKAGE_VERSION}"_*.deb "$root" ||
			{ warn "unpacking $pkg into $root failed"; return 1; }
	done
	# What "dkms install" adds to the build: the module in the packaged
	# dkms.conf's DEST_MODULE_LOCATION (the guest's depmod indexes it).
	# Decompressed: busybox modprobe does not read .ko.xz.
	dest=$(sed -n 's/^DEST_MODULE_LOCATION\[0\]="\(.*\)"$/\1/p' \
		"$root/usr/src/ember-$EMBER_PACKAGE_VERSION/dkms.conf")
	module=$(find "$work/dkms/ember/$EMBER_PACKAGE_VERSION/$EMBER_KVER" -name 'ember.ko*' |
		head -n1)
	if [ -z "$dest" ] || [ -z "$module" ]; then
		warn "no DKMS-built ember.ko or no DEST_MODULE_LOCATION in its dkms.conf"
		return 1
	fi
	mkdir -p "$kmod$dest"
	case "$module" in
	*.xz) xz -dc "$module" > "$kmod$dest/ember.ko" ;;
	*.zst) zstd -qdc "$module" > "$kmod$dest/ember.ko" ;;
	*) cp "$module" "$kmod$dest/ember.ko" ;;
	esac
	mkdir -p "$root/usr/libexec" "$root/usr/share"
	cp -a "$EMBER_GUEST_ROOT/usr/libexec/ember" "$root/usr/libexec/"
	[ ! -d "$EMBER_GUEST_ROOT/usr/share/ember" ] ||
		cp -a "$EMBER_GUEST_ROOT/usr/share/ember" "$root/usr/share/"
}

# One boot: ember-gpu from the unpacked ember-gpu package (ROOT/ember-gpu of
# ember_package_test) by its unit's command, the guest from the packages.
ember_package_test_guest() { # workdir
	local work=$1 root=$1/guest-root instance=ember-test-$$ rundir=/run status=0
	local unit=$1/root/ember-gpu/lib/systemd/system/ember-gpu@.service filter
	local -a command
	step "test: packages: a guest installed from the packages, its GPU started by ember-gpu@.service"
	if ! ember_package_guest_root "$work" "$root"; then
		ember_test_record "package: guest root installed from the packages" fail
		return
	fi
	# The unit's paths under /run, where systemd would put them; a user
	# who cannot write /run gets them under the work directory.
	[ -w /run ] || rundir=$work/run
	mapfile -t command < <(ember_package_unit_command "$unit" "$rundir" "$instance")
	if [ "${command[0]:-}" != /usr/bin/ember-gpu ]; then
		ember_test_record "package: ember-gpu@.service starts the guest's GPU" \
			"ExecStart runs '${command[0]:-nothing}'"
		return
	fi
	# The packaged binary stands for /usr/bin/ember-gpu (not installed here).
	command[0]=$work/root/ember-gpu/usr/bin/ember-gpu
	local cmd="package-checks"
	for filter in $EMBER_PACKAGE_GUEST_SLICE; do
		cmd+="; run-tests '$filter'"
	done
	ember_vm_lane package "$root"
	# shellcheck disable=SC2034 # vm.sh's ember_vm reads it
	EMBER_VM_GPU_COMMAND=("${command[@]}")
	ember_vm --timeout 600 -- "$cmd" || status=$?
	unset EMBER_VM_GPU_COMMAND
	ember_vm_lane stock
	# RuntimeDirectory=: systemd removes it when the unit stops.
	rm -rf "${rundir:?}/ember/$instance"
	ember_test_parse_guest "$EMBER_VM_RUN/results.log" "package: "
	if [ $status != 0 ]; then
		ember_test_record "package: guest VM run" "exit status $status, see $EMBER_VM_RUN"
	fi
	if grep -qE 'BUG:|WARNING:|Oops|general protection|Call Trace' \
		"$EMBER_VM_RUN/dmesg.log" "$EMBER_VM_RUN/console.log"; then
		ember_test_record "package: guest kernel log clean" \
			"kernel warning or oops, see $EMBER_VM_RUN/dmesg.log"
	else
		ember_test_record "package: guest kernel log clean" pass
	fi
}
