#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright 2026 The Ember Authors
"""./ember bench --stack, the host's half: what the whole stack costs.

The same shader kernels run in turns: a round on Ember's shader core driven
directly on the host (bench-shader --only ember-jit), then a round through
Vulkan in the guest (tools/guest/bench-stack: ICD, ember.ko, the VM, the
device process), ROUNDS times. The guest asks for each host round over a
serial line (QEMU's socket SOCKET) and waits for "go", so the two never run
at once and both see the same minutes of the shared machine. Each round's
guest figure is divided by the host figure timed just before it; the median
of those ratios is the result, with their spread.

Usage: bench_stack.py SOCKET BENCH_SHADER KERNEL...
"""

import socket
import statistics
import subprocess
import sys
import time

CONNECT_SECONDS = 600
ROUND_SECONDS = 1800


def connect(path):
    """Connects to QEMU's end of the line once the VM has created it."""
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                sys.exit(f"bench-stack: no VM on {path} after {CONNECT_SECONDS} s")
            time.sleep(0.5)


def rates(lines):
    """The "rate KEY VALUE" lines of bench-shader --rates, as a dict."""
    found = {}
    for line in lines:
        words = line.split()
        if len(words) == 3 and words[0] == "rate":
            found[words[1]] = float(words[2])
    return found


def host_round(bench, kernels, number):
    print(f"== round {number}: Ember's shader core driven directly (host)", flush=True)
    proc = subprocess.run([bench, "--only", "ember-jit", "--rates", *kernels],
                          capture_output=True, text=True, timeout=ROUND_SECONDS, check=False)
    for line in proc.stdout.splitlines():
        if not line.startswith("rate "):
            print("    " + line, flush=True)
    if proc.returncode:
        sys.stderr.write(proc.stderr)
        sys.exit(f"bench-stack: {bench} failed with status {proc.returncode}")
    return rates(proc.stdout.splitlines())


def summary(host, guest):
    """One line per kernel: the medians and the paired ratios."""
    print("== the whole stack (guest, through Vulkan) / Ember's shader core (host), "
          "round by round", flush=True)
    for key in sorted(host[0]):
        pairs = [(h[key], g[key]) for h, g in zip(host, guest) if key in h and key in g]
        if not pairs:
            print(f"    {key}: no guest figure")
            continue
        ratios = [g / h for h, g in pairs]
        print(f"    {key}: host median {statistics.median(h for h, _ in pairs):.4g}, "
              f"guest median {statistics.median(g for _, g in pairs):.4g}; "
              f"guest/host per round {' '.join(f'{r:.3f}' for r in ratios)}; "
              f"median {statistics.median(ratios):.3f}x "
              f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {len(ratios)} rounds)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, bench, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
    line = connect(path).makefile("rw", encoding="ascii", newline="\n")
    host, guest = [], []
    for text in line:
        words = text.split()
        if not words:
            continue
        if words[0] == "host" and len(words) == 2:
            host.append(host_round(bench, kernels, words[1]))
            guest.append({})
            line.write("go\n")
            line.flush()
        elif words[0] == "rate" and guest:
            guest[-1].update(rates([text]))
        elif words[0] == "done":
            summary(host, guest)
            return 0
    sys.exit("bench-stack: the guest hung up before it was done")


if __name__ == "__main__":
    sys.exit(main())
