#!/usr/bin/env bash
# Side-by-side timing of tlafid, tla-mc and (when /tmp/tlc.sh exists) TLC on one model.
#
# Usage: scripts/bench_vs.sh EXAMPLES_DIR SPEC_DIR MODULE.tla [CONFIG.cfg] [WORKERS...]
#   EXAMPLES_DIR  a checkout of tlaplus/Examples (never modified, never committed)
#   SPEC_DIR      the model's folder, relative to EXAMPLES_DIR (specifications/lamport_mutex)
#   MODULE.tla    the root module; CONFIG.cfg defaults to MODULE.cfg
#   WORKERS       worker counts to try (default: 1 2)
# Environment: TLAFID (default: target/release/tlafid of this workspace), TLA_MC (default:
# tla-mc on PATH), TLC (default: /tmp/tlc.sh), LIB (default: the CommunityModules modules
# folder beside EXAMPLES_DIR, as the --lib of tlafid).
#
# Prints one row per tool and worker count: wall time, CPU time (user+sys) and peak RSS from
# /usr/bin/time, and the distinct-state count each tool reports. On a shared machine compare
# CPU time: the tools run back to back, so they see about the same load.
set -euo pipefail

if [[ $# -lt 3 ]]; then
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi

here=$(cd "$(dirname "$0")/.." && pwd)
examples=$(cd "$1" && pwd)
spec_dir="$examples/$2"
module=$3
config=${4:-${module%.tla}.cfg}
shift $(($# < 4 ? $# : 4))
workers=("$@")
[[ ${#workers[@]} -eq 0 ]] && workers=(1 2)

tlafid=${TLAFID:-$here/target/release/tlafid}
tla_mc=${TLA_MC:-$(command -v tla-mc || true)}
tlc=${TLC:-/tmp/tlc.sh}
lib=${LIB:-$(dirname "$examples")/CommunityModules/modules}

log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# run NAME WORKERS CMD...: times CMD in the spec folder, prints one table row.
run() {
    local name=$1 w=$2
    shift 2
    local out="$log/out" tm="$log/time"
    (cd "$spec_dir" && /usr/bin/time -f '%e %U %S %M' -o "$tm" "$@" >"$out" 2>&1) || true
    local distinct
    distinct=$(grep -Eo '[0-9,]+ distinct states' "$out" | tail -1 | tr -d , | cut -d' ' -f1)
    read -r wall user sys rss <"$tm"
    printf '%-8s %7s %9.2f %9.2f %10.1f %12s\n' "$name" "$w" "$wall" \
        "$(echo "$user + $sys" | bc)" "$(echo "scale=1; $rss / 1024" | bc)" "${distinct:-?}"
}

printf '%-8s %7s %9s %9s %10s %12s\n' tool workers wall_s cpu_s peak_MB distinct
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "${workers[@]}"; do
    lib_args=()
    [[ -d $lib ]] && lib_args=(--lib "$lib")
    run tlafid "$w" "$tlafid" check "$module" --config "$config" --workers "$w" "${lib_args[@]}"
    if [[ -n $tla_mc ]]; then
        run tla-mc "$w" "$tla_mc" -workers "$w" -config "$config" "$module"
    fi
    if [[ -x $tlc ]]; then
        run TLC "$w" "$tlc" -workers "$w" -config "$config" "$module"
    fi
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
