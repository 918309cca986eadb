# ./ember vm: assemble the guest initramfs, start ember-gpu + QEMU, run a
# command in the guest and bring back its output and exit status (sourced).
#
# Channels: ttyS0 is the console (kernel messages -> console.log), ttyS1
# carries the command's output and a final "@@EMBER-EXIT <status>@@" line
# (results.log), ttyS2 carries the guest's dmesg at the end (dmesg.log),
# ttyS3 is the guest tests' line to ember-gpu's --control socket (QEMU
# connects the serial port to the socket itself; the guest learns the tty
# from /ember/gpu-control; see igt-tests/lib/igt_ember_control.c).
# EMBER_GPU_ARGS adds options to ember-gpu, e.g. "--inject drop-irq".
# A plain ivshmem device sits beside the GPU: ember.ko must refuse it.
# ember-gpu and QEMU are torn down on every exit path, timeout and Ctrl-C
# included.
#
# Three lanes (ember_vm_lane): "stock" boots Debian's kernel, what users run,
# with ember.ko built out of tree; "debug" boots the debug kernel of
# debug_kernel.sh, what catches our bugs, with its in-tree ember.ko;
# "package" boots Debian's kernel with a guest root the caller installed
# from the Debian packages (package_guest.sh), ember.ko included.
#
# EMBER_VM_GPU_COMMAND, when set (an array), is the ember-gpu command line
# to run instead of the harness's own: the packaged unit's ExecStart. QEMU
# then attaches to the sockets and guest RAM file that command names.
# EMBER_VM_GPU_ATTACH, when set (an array: socket, control socket, guest
# RAM file), names a GPU something else started and owns (systemd, in
# package_root.sh's container): QEMU attaches to it, nothing is started,
# stopped or removed.

# shellcheck source=tools/frontend/debug_kernel.sh
. "$EMBER_ROOT/tools/frontend/debug_kernel.sh"

EMBER_GUEST_MODULES="drm drm_shmem_helper gpu-sched drm_gpuvm drm_exec"
EMBER_VM_MEM=${EMBER_VM_MEM:-1G}
EMBER_VM_SMP=${EMBER_VM_SMP:-1}
EMBER_VM_VECTORS=4
# More arguments for the guest kernel's command line, e.g. module
# parameters ("ember.job_timeout_ms=10000": the guest's modprobe reads them).
EMBER_VM_KERNEL_ARGS=${EMBER_VM_KERNEL_ARGS:-}

# ember_vm_lane stock|debug|package: what the next ember_vm boots. The debug lane
# needs ember_debug_kernel first. It must not panic on an oops or a
# warning: the harness reports every one with the test that caused it, and
# KASAN reports them all, not only the first (kasan_multi_shot). It boots
# with 4-level paging (no5lvl): on 6.12 with "-cpu max", identify_cpu()
# briefly clears the LA57 feature bit, and an interrupt in that window
# makes KASAN see every direct-map access as wild. Every lane boots with
# no_timer_check: under TCG on a loaded host the boot-time check of the
# IO-APIC timer can miss its ticks and panic ("IO-APIC + timer doesn't
# work!", seen with both cores busy building); the timer itself works.
ember_vm_lane() { # stock|debug|package [guest-root]
	EMBER_VM_LANE=$1
	EMBER_VM_ROOT=$EMBER_GUEST_ROOT
	case "$1" in
	stock)
		EMBER_VM_KERNEL=/boot/vmlinuz-$EMBER_KVER
		EMBER_VM_APPEND="console=ttyS0 quiet loglevel=4 panic=-1 oops=panic no_timer_check"
		EMBER_INITRAMFS_DIR=$EMBER_BUILD/initramfs ;;
	debug)
		EMBER_VM_KERNEL=$EMBER_DK_IMAGE
		EMBER_VM_APPEND="console=ttyS0 quiet loglevel=4 panic=-1 kasan_multi_shot no5lvl log_buf_len=8M no_timer_check"
		EMBER_INITRAMFS_DIR=$EMBER_BUILD/initramfs-debug ;;
	package)
		[ -n "${2:-}" ] || die "vm: the package lane needs its guest root"
		EMBER_VM_KERNEL=/boot/vmlinuz-$EMBER_KVER
		EMBER_VM_APPEND="console=ttyS0 quiet loglevel=4 panic=-1 oops=panic no_timer_check"
		EMBER_VM_ROOT=$2
		EMBER_INITRAMFS_DIR=$EMBER_BUILD/initramfs-package
		return ;;
	*) die "vm: unknown lane '$1'" ;;
	esac
}
ember_vm_lane stock

# Copies the shared libraries ELF file $1 needs into the staging root $2.
ember_copy_libs() {
	local lib
	{ ldd "$1" 2>/dev/null || true; } | awk '/=> \// {print $3} /^[ \t]*\/.*ld-linux/ {print $1}' |
	while read -r lib; do
		[ -e "$2$lib" ] && continue
		mkdir -p "$2$(dirname "$lib")"
		cp -L "$lib" "$2$lib"
	done
}

# The debug lane's modules: the debug kernel's whole (small) module tree,
# ember.ko included, and the planted-bugs module of its self-check.
ember_copy_debug_modules() {
	local root=$1 dir=lib/modules/$EMBER_DK_KVER
	mkdir -p "$root/$dir/extra"
	cp -a "$EMBER_DK_MODROOT/$dir/." "$root/$dir/"
	rm -f "$root/$dir/build" "$root/$dir/source"
	cp "$EMBER_DK_PLANTED_KO" "$root/$dir/extra/"
	depmod -b "$root" "$EMBER_DK_KVER" || die "depmod failed on the debug guest's module tree"
}

# Copies the stock modules Ember needs, with their dependencies,
# decompressed (busybox modprobe does not read .ko.xz), then runs depmod.
ember_copy_modules() {
	local root=$1 mod path dst
	if [ "$EMBER_VM_LANE" = debug ]; then
		ember_copy_debug_modules "$root"
		return
	fi
	for mod in $EMBER_GUEST_MODULES; do
		modprobe -S "$EMBER_KVER" --show-depends "$mod" |
			awk '$1 == "insmod" {print $2}'
	done | sort -u | while read -r path; do
		dst=$root${path%.xz}
		mkdir -p "$(dirname "$dst")"
		case "$path" in
		*.xz) xz -dc "$path" > "$dst" ;;
		*.zst) zstd -qdc "$path" > "${dst%.zst}" ;;
		*) cp "$path" "$dst" ;;
		esac
	done
	# The package lane's root has the DKMS-built ember.ko in place already.
	if [ "$EMBER_VM_LANE" != package ]; then
		mkdir -p "$root/lib/modules/$EMBER_KVER/extra"
		cp "$EMBER_MODULE" "$root/lib/modules/$EMBER_KVER/extra/ember.ko"
	fi
	cp /lib/modules/"$EMBER_KVER"/modules.builtin* /lib/modules/"$EMBER_KVER"/modules.order \
		"$root/lib/modules/$EMBER_KVER/" 2>/dev/null || true
	depmod -b "$root" "$EMBER_KVER" || die "depmod failed on the guest module tree"
}

# Builds $EMBER_INITRAMFS_DIR/base.cpio unless it is newer than all inputs.
ember_initramfs() {
	local base=$EMBER_INITRAMFS_DIR/base.cpio root=$EMBER_INITRAMFS_DIR/root f modules
	modules=$EMBER_MODULE
	[ "$EMBER_VM_LANE" = debug ] && modules=$EMBER_DK_DIR/built.stamp
	[ "$EMBER_VM_LANE" = package ] && modules=$EMBER_VM_ROOT
	if [ -f "$base" ] && [ -z "$(find "$EMBER_VM_ROOT" "$EMBER_ROOT/tools/guest" \
		"$EMBER_ROOT/tools/frontend/vm.sh" \
		"$modules" -newer "$base" -print -quit 2>/dev/null)" ]; then
		return 0
	fi
	step "vm: assembling the guest initramfs ($EMBER_VM_LANE lane)"
	rm -rf "$root"
	mkdir -p "$root"/{bin,sbin,etc,lib64,root,ember}
	cp /bin/busybox "$root/bin/busybox"
	cp "$EMBER_ROOT/tools/guest/init" "$root/init"
	[ -d "$EMBER_VM_ROOT" ] && cp -a "$EMBER_VM_ROOT/." "$root/"
	# The Vulkan stack beside Ember's ICD: the Khronos loader (through the
	# binaries that link it), vulkaninfo and the validation layer.
	mkdir -p "$root/usr/bin" "$root/usr/lib/x86_64-linux-gnu" "$root/usr/share/vulkan/explicit_layer.d"
	cp /usr/bin/vulkaninfo "$root/usr/bin/"
	cp -L /usr/lib/x86_64-linux-gnu/libvulkan.so.1 "$root/usr/lib/x86_64-linux-gnu/"
	cp /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so "$root/usr/lib/x86_64-linux-gnu/"
	cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json \
		"$root/usr/share/vulkan/explicit_layer.d/"
	# Debian's syscall fuzzer, which igt ember_trinity points at the render node.
	cp /usr/bin/trinity "$root/usr/bin/"
	find "$root" -type f \( -perm -u+x -o -name '*.so' \) | while read -r f; do
		head -c4 "$f" | grep -q 'ELF' && ember_copy_libs "$f" "$root"
	done
	ember_copy_modules "$root"
	echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
	(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) > "$base.tmp" ||
		die "cpio failed"
	mv "$base.tmp" "$base"
	info "initramfs: $(du -h "$base" | cut -f1), $(find "$root" -type f | wc -l) files"
}

# Stops QEMU and ember-gpu of the current run and removes its guest RAM.
ember_vm_teardown() {
	local pid
	for pid in ${EMBER_VM_QEMU_PID:-} ${EMBER_VM_TAIL_PID:-}; do
		kill "$pid" 2>/dev/null || true
	done
	if [ -n "${EMBER_VM_GPU_PID:-}" ] && kill -0 "$EMBER_VM_GPU_PID" 2>/dev/null; then
		kill -TERM "$EMBER_VM_GPU_PID" 2>/dev/null || true
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			kill -0 "$EMBER_VM_GPU_PID" 2>/dev/null || break
			sleep 0.2
		done
		kill -KILL "$EMBER_VM_GPU_PID" 2>/dev/null || true
	fi
	[ -n "${EMBER_VM_RAM:-}" ] && [ -z "${EMBER_VM_GPU_ATTACH+x}" ] && rm -f "$EMBER_VM_RAM"
	EMBER_VM_QEMU_PID= EMBER_VM_TAIL_PID= EMBER_VM_GPU_PID= EMBER_VM_RAM=
}

# Sets ember_vm's gpu_socket, gpu_control and EMBER_VM_RAM from an
# ember-gpu command line (EMBER_VM_GPU_COMMAND); the guest RAM must be
# QEMU's size.
ember_vm_gpu_paths() { # ember-gpu options...
	local size=
	while [ $# -gt 1 ]; do
		case "$1" in
		--socket) gpu_socket=$2 ;;
		--control) gpu_control=$2 ;;
		--guest-ram) EMBER_VM_RAM=$2 ;;
		--guest-ram-size) size=$2 ;;
		esac
		shift
	done
	[ -n "${EMBER_VM_RAM:-}" ] || die "vm: the ember-gpu command has no --guest-ram"
	[ "$(numfmt --from=iec "${size:-0}")" = "$ram_bytes" ] ||
		die "vm: the ember-gpu command's guest RAM ($size) is not QEMU's ($EMBER_VM_MEM)"
}

# ember_vm [--timeout S] [-- CMD...]: exit status is CMD's, 124 on timeout,
# 125 when the guest never reported a status.
ember_vm() {
	local timeout=600 mode=shell cmd="" run qemu_status=0 status deadline ram_bytes
	while [ $# -gt 0 ]; do
		case "$1" in
		--timeout) timeout=$2; shift 2 ;;
		--debug) ember_debug_kernel; ember_vm_lane debug; shift ;;
		--) shift; mode=run; cmd="$*"; break ;;
		*) die "vm: unknown option '$1' (usage: ./ember vm [--debug] [--timeout S] [-- CMD])" ;;
		esac
	done
	[ "$mode" = run ] && [ -z "$cmd" ] && die "vm: empty command after --"
	ember_initramfs

	mkdir -p "$EMBER_OUT/vm"
	run=$EMBER_OUT/vm/run-$(date +%Y%m%d-%H%M%S)-$$
	# This run's logs, for the caller: out/vm/last may be another run's.
	EMBER_VM_RUN=$run
	mkdir -p "$run/extra/ember"
	ln -sfn "$(basename "$run")" "$EMBER_OUT/vm/last"
	# Keep the five newest runs.
	ls -1dt "$EMBER_OUT"/vm/run-* 2>/dev/null | tail -n +6 | xargs -r rm -rf

	printf '%s\n' "$mode" > "$run/extra/ember/mode"
	printf '%s\n' "$cmd" > "$run/extra/ember/cmd"
	printf '/dev/ttyS3\n' > "$run/extra/ember/gpu-control"
	(cd "$run/extra" && find . | cpio -o -H newc --quiet) > "$run/extra.cpio"
	cat "$EMBER_INITRAMFS_DIR/base.cpio" "$run/extra.cpio" > "$run/initramfs.cpio"
	rm -rf "$run/extra" "$run/extra.cpio"
	: > "$run/results.log"; : > "$run/dmesg.log"; : > "$run/console.log"

	local gpu_socket=$run/ember-gpu.sock gpu_control=$run/ember-gpu-control.sock
	local -a gpu
	ram_bytes=$(numfmt --from=iec "$EMBER_VM_MEM")
	if [ -n "${EMBER_VM_GPU_ATTACH+x}" ]; then
		gpu=()
		gpu_socket=${EMBER_VM_GPU_ATTACH[0]} gpu_control=${EMBER_VM_GPU_ATTACH[1]}
		EMBER_VM_RAM=${EMBER_VM_GPU_ATTACH[2]}
		[ "$(stat -c %s "$EMBER_VM_RAM" 2>/dev/null)" = "$ram_bytes" ] ||
			die "vm: the running GPU's guest RAM $EMBER_VM_RAM is not QEMU's $EMBER_VM_MEM"
	elif [ -n "${EMBER_VM_GPU_COMMAND+x}" ]; then
		gpu=("${EMBER_VM_GPU_COMMAND[@]}")
		ember_vm_gpu_paths "${gpu[@]}"
	else
		EMBER_VM_RAM=/dev/shm/ember-$$-guest-ram
		# EMBER_GPU_ARGS is a list of options: word splitting is wanted.
		# shellcheck disable=SC2206
		gpu=("$EMBER_BUILD/firmware/ember-gpu" --socket "$gpu_socket"
		     --guest-ram "$EMBER_VM_RAM" --guest-ram-size "$ram_bytes"
		     --vectors "$EMBER_VM_VECTORS" --log "$run/ember-gpu.log"
		     --control "$gpu_control" ${EMBER_GPU_ARGS:-})
	fi
	trap 'ember_vm_teardown' EXIT
	trap 'ember_vm_teardown; echo; die "interrupted"' INT TERM

	local what="$EMBER_VM_LANE kernel"
	[ "$EMBER_VM_LANE" = package ] && what="stock kernel, guest from the packages"
	step "vm: starting ember-gpu and QEMU ($what, $mode, logs in $run)"
	printf '%q ' "${gpu[@]}" > "$run/ember-gpu.cmdline"
	if [ -n "${EMBER_VM_GPU_ATTACH+x}" ]; then
		: # Already running; its owner stops it and removes its files.
	elif [ -n "${EMBER_VM_GPU_COMMAND+x}" ]; then
		# As systemd runs it: it creates the guest RAM file, logs to stderr.
		"${gpu[@]}" 2>"$run/ember-gpu.log" &
	else
		# ember-gpu maps guest RAM at start-up, so the file exists before QEMU.
		truncate -s "$ram_bytes" "$EMBER_VM_RAM"
		"${gpu[@]}" &
	fi
	EMBER_VM_GPU_PID=
	[ -n "${EMBER_VM_GPU_ATTACH+x}" ] || EMBER_VM_GPU_PID=$!
	for _ in $(seq 50); do
		[ -S "$gpu_socket" ] && [ -S "$gpu_control" ] && break
		[ -z "$EMBER_VM_GPU_PID" ] || kill -0 "$EMBER_VM_GPU_PID" 2>/dev/null ||
			die "ember-gpu exited at start-up; see $run/ember-gpu.log"
		sleep 0.1
	done
	[ -S "$gpu_socket" ] || die "ember-gpu did not open its socket; see $run/ember-gpu.log"

	local console=(-serial "file:$run/console.log")
	[ "$mode" = shell ] && console=(-serial mon:stdio)
	local qemu=(qemu-system-x86_64 -accel tcg -cpu max -M q35 -m "$EMBER_VM_MEM"
		-smp "$EMBER_VM_SMP"
		-object "memory-backend-file,id=mem,size=$EMBER_VM_MEM,mem-path=$EMBER_VM_RAM,share=on"
		-machine memory-backend=mem -nographic -nodefaults -vga none -no-reboot
		"${console[@]}"
		-chardev "file,id=results,path=$run/results.log" -serial chardev:results
		-chardev "file,id=dmesg,path=$run/dmesg.log" -serial chardev:dmesg
		-chardev "socket,path=$gpu_control,id=gpuctl" -serial chardev:gpuctl
		-chardev "socket,path=$gpu_socket,id=ivsh"
		-device "ivshmem-doorbell,chardev=ivsh,vectors=$EMBER_VM_VECTORS"
		-object memory-backend-ram,id=plain-ivshmem,size=1M
		-device ivshmem-plain,memdev=plain-ivshmem
		-kernel "$EMBER_VM_KERNEL" -initrd "$run/initramfs.cpio")
	local append=$EMBER_VM_APPEND${EMBER_VM_KERNEL_ARGS:+ $EMBER_VM_KERNEL_ARGS}
	if [ -n "${EMBER_VM_HOST_CHANNEL:-}" ]; then
		# A line between a host program and the guest, both ways: a PCI
		# UART (the four ISA ones are taken), /dev/ttyS4 in the guest.
		qemu+=(-chardev "socket,id=hostch,path=$EMBER_VM_HOST_CHANNEL,server=on,wait=off"
		       -device pci-serial,chardev=hostch)
		append="$append 8250.nr_uarts=5"
	fi
	qemu+=(-append "$append")
	printf '%q ' "${qemu[@]}" > "$run/qemu.cmdline"

	if [ "$mode" = shell ]; then
		"${qemu[@]}" || qemu_status=$?
		ember_vm_teardown
		trap - EXIT INT TERM
		return "$qemu_status"
	fi

	"${qemu[@]}" </dev/null >"$run/qemu.log" 2>&1 &
	EMBER_VM_QEMU_PID=$!
	tail -s 0.1 -n +1 -F "$run/results.log" 2>/dev/null |
		grep --line-buffered -v -e '^@@EMBER-EXIT' -e '^@@F' &
	EMBER_VM_TAIL_PID=$!
	deadline=$((SECONDS + timeout))
	while kill -0 "$EMBER_VM_QEMU_PID" 2>/dev/null; do
		if [ $SECONDS -ge $deadline ]; then
			warn "vm: timed out after ${timeout}s; killing QEMU"
			kill "$EMBER_VM_QEMU_PID" 2>/dev/null || true
			qemu_status=124
			break
		fi
		sleep 0.1
	done
	wait "$EMBER_VM_QEMU_PID" 2>/dev/null || [ $qemu_status = 124 ] || qemu_status=$?
	EMBER_VM_QEMU_PID=
	sleep 0.2
	ember_vm_teardown
	trap - EXIT INT TERM

	status=$(tr -d '\r' < "$run/results.log" | sed -n 's/^@@EMBER-EXIT \([0-9]*\)@@$/\1/p' | tail -n1)
	if [ -z "$status" ]; then
		[ $qemu_status = 124 ] && status=124 || status=125
		warn "vm: the guest did not report an exit status (QEMU status $qemu_status)"
	fi
	if [ "$status" != 0 ]; then
		warn "vm: command failed with status $status; logs kept in $run:"
		warn "  console.log (guest kernel console), dmesg.log (guest dmesg),"
		warn "  ember-gpu.log (device), qemu.log, results.log (command output)"
		grep -E 'BUG:|WARNING:|Oops|Call Trace|panic' "$run/console.log" | head -n 20 >&2 || true
	fi
	return "$status"
}

# Files the guest command sent back on its results line ("@@FILE NAME",
# gzip'ed base64 lines prefixed "@@F ", "@@FILE-END") go to $1.
ember_vm_extract_files() {
	local dir=$1 name
	mkdir -p "$dir"
	tr -d '\r' < "$EMBER_VM_RUN/results.log" | sed -n 's/^@@FILE \(.*\)$/\1/p' |
	while read -r name; do
		case "$name" in */*|.*|"") continue ;; esac
		tr -d '\r' < "$EMBER_VM_RUN/results.log" |
			sed -n "/^@@FILE $name\$/,/^@@FILE-END\$/s/^@@F //p" |
			base64 -d | gunzip > "$dir/$name" ||
			{ warn "could not decode $name from the guest"; continue; }
		info "wrote $dir/$name"
	done
}
