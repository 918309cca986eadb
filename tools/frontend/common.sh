# Shared settings and helpers of the ./ember front end (sourced, not run).

# The guest kernel, its modules and the headers ember.ko is built against
# are one exact build: Debian bookworm-backports' 6.12.95. linux-source-6.12
# of the same version provides checkpatch.pl.
EMBER_KVER=6.12.95+deb12-amd64
EMBER_KPKG_VERSION=6.12.95-1~bpo12+1

EMBER_BUILD=${EMBER_BUILD:-$EMBER_ROOT/build}
EMBER_OUT=${EMBER_OUT:-$EMBER_ROOT/out}
EMBER_CACHE=${EMBER_CACHE:-/var/cache/ember}

if [ -t 1 ]; then
	_bold=$'\e[1m'; _red=$'\e[31m'; _green=$'\e[32m'; _reset=$'\e[0m'
else
	_bold=; _red=; _green=; _reset=
fi

step() { printf '%s==> %s%s\n' "$_bold" "$*" "$_reset"; }
info() { printf '    %s\n' "$*"; }
warn() { printf '%swarning:%s %s\n' "$_red" "$_reset" "$*" >&2; }
die() { printf '%serror:%s %s\n' "$_red" "$_reset" "$*" >&2; exit 1; }
