#!/usr/bin/env bash
# Regenerates the study suite: the study's four experiments at its sizes (75,000 tickets, 20 runs) with 1, 8 and 64
# clients, direct and through the record service, without and with the cluster latency profile; each into its own
# directory of tables, CSV, JSON and figures (SVG and PNG).
#
#   scripts/study-suite.sh [--quick] [OUT-DIR (bench-results)] [more rl bench study options...]
#
# --quick runs the reduced grid (minutes); the full suite takes hours (see README, "Benchmarks").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode=--full
if [ "${1:-}" = "--quick" ]; then
  mode=--quick
  shift
fi
out="${1:-bench-results}"
[ $# -gt 0 ] && shift
for latency in none cluster; do
  echo "== rl bench study $mode --latency $latency --out $out/$latency $*" >&2
  "$here/rl" bench study "$mode" --latency "$latency" --out "$out/$latency" "$@"
done
echo "tables, CSV, JSON and figures in $out/none and $out/cluster" >&2
