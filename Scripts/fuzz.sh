#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS and prints exec/s, coverage, corpus size and any crash file.
#
# Usage: Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags…]
#   TARGET: history | catalog | reply | campaign | play-history   (the product is fuzz-TARGET)
#   fuzz-campaign fuzzes the built-in subject named by PURCHASE_FUZZ_SUBJECT (default reference);
#   its failing histories are saved under PURCHASE_FUZZ_FAILURES (default .purchase-conformance/fuzz-failures).
# The build goes to .build-fuzz (release, -sanitize=fuzzer); the working corpus (FUZZ_CORPUS=DIR to choose) grows in
# .build-fuzz/corpus/TARGET, seeded from Fuzz/corpus/TARGET; crash files go to .build-fuzz/crashes/TARGET/.
# Exit status: 0 no crash, 1 a crash file was written, 2 usage or build error.
set -u
cd "$(dirname "$0")/.."
target="${1:-}" seconds="${2:-}"
case "$target" in history|catalog|reply|campaign|play-history) ;; *) echo "usage: Scripts/fuzz.sh history|catalog|reply|campaign|play-history SECONDS" >&2; exit 2 ;; esac
case "$seconds" in ''|*[!0-9]*) echo "usage: SECONDS must be a whole number" >&2; exit 2 ;; esac
shift 2
scratch=.build-fuzz
mkdir -p "$scratch"
swift build -c release --scratch-path "$scratch" --product "fuzz-$target" --sanitize fuzzer >"$scratch/build.log" 2>&1 \
    || { cat "$scratch/build.log" >&2; exit 2; }
binary="$scratch/release/fuzz-$target"
corpus="${FUZZ_CORPUS:-$scratch/corpus/$target}" crashes="$scratch/crashes/$target"
mkdir -p "$corpus" "$crashes"
cp -n Fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
log="$scratch/fuzz-$target.log"
findings() { ls "$crashes" | grep -cE '^(crash|timeout|oom|leak)-'; }
before=$(findings)
# SWIFT_BACKTRACE=enable=no: otherwise Swift's crash handler eats the signal and libFuzzer writes no crash file.
started=$SECONDS
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$crashes/" -rss_limit_mb=4096 -timeout=30 "$@" >"$log" 2>&1
status=$?
elapsed=$((SECONDS - started))
last=$(grep -E '^#[0-9]+' "$log" | tail -1)
cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
echo "fuzz-$target: ${elapsed}s, ${execs:-?} runs, ${rate:-?} exec/s, coverage ${cov:-?} edges (${ft:-?} features)," \
    "corpus ${corp:-?} (inputs/size; $(ls "$corpus" | wc -l) files kept in $corpus)"
# libFuzzer also writes slow-unit-* files (over 10 s, often a busy machine): reported, not failures.
slow=$(grep -o 'Slowest unit: [0-9]* s' "$log" | tail -1)
[ -n "$slow" ] && echo "note: ${slow#Slowest unit: } for the slowest input (see $crashes/slow-unit-*)"
new=$(( $(findings) - before ))
if [ "$new" -gt 0 ] || { [ "$status" -ne 0 ] && grep -q 'Test unit written' "$log"; }; then
    echo "crash: $(grep -o 'Test unit written to .*' "$log" | tail -1 | sed 's/Test unit written to //')"
    grep -E 'Fatal error|SUMMARY|deadly signal|saved to' "$log" | head -5
    echo "log: $log"
    exit 1
fi
[ "$status" -eq 0 ] || { echo "libFuzzer exited $status; log: $log" >&2; tail -5 "$log" >&2; exit 2; }
echo "no crash"
