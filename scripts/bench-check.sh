#!/usr/bin/env bash
# The benchmarks as a regression check (issue 16): a reduced run of the study's suite (both latency profiles, both
# paths), of `rl bench sql` and of `rl bench foreign-keys`, each comparing its ratios against bench/baseline.properties
# (README, "The benchmarks as a regression check"). Exit code 3 names the ratio that regressed.
#   scripts/bench-check.sh                    check (./run-tests runs this after mvn verify built cli/target/rl.jar)
#   scripts/bench-check.sh --update-baseline  measure and write the baseline on purpose (commit the file)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode=${1:---check}
rl=(java -XX:+UseSerialGC -jar cli/target/rl.jar bench)
study=(study --quick --experiments get-single,create-single,create-multiple --tickets 1000 --batches 40
       --sizes get-single=300 --sizes create-single=300 --sizes create-multiple=10 --runs 3 --warmup-seconds 3
       --warmup-max 3)
status=0
"${rl[@]}" "${study[@]}" --latency none "$mode" || status=$?
"${rl[@]}" "${study[@]}" --latency cluster "$mode" || status=$?
"${rl[@]}" sql --quick --seconds 2 "$mode" || status=$?
"${rl[@]}" foreign-keys --children 4000 --parents 400 --lookups 200 --cluster-lookups 60 --runs 3 --lookup-runs 3 "$mode" \
  || status=$?
exit $status
