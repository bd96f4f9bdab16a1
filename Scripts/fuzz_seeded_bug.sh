#!/usr/bin/env bash
# Shows the campaign fuzz target finding a seeded bug under libFuzzer and the saved history
# replaying to the same failure.
#
# Usage: Scripts/fuzz_seeded_bug.sh [SUBJECT] [SECONDS]   (default example-refund-ignored, 300)
# Starts from the committed seed corpus only (a fresh working corpus), so the find is real.
# Exit status: 0 found and reproduced, 1 not found or not reproduced, 2 build error.
set -u
cd "$(dirname "$0")/.."
subject="${1:-example-refund-ignored}" seconds="${2:-300}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
FUZZ_CORPUS="$work/corpus" PURCHASE_FUZZ_SUBJECT="$subject" PURCHASE_FUZZ_FAILURES="$work/failures" \
    Scripts/fuzz.sh campaign "$seconds"
status=$?
[ "$status" -eq 2 ] && exit 2
saved=$(find "$work/failures" -name '*.json' 2>/dev/null | head -1)
if [ -z "$saved" ]; then echo "✘ no failure of $subject found in ${seconds}s"; exit 1; fi
swift build -c release --product purchase-conformance >/dev/null 2>&1 || exit 2
echo "saved history: $saved"
.build/release/purchase-conformance replay "$saved" | head -1
if .build/release/purchase-conformance replay "$saved" --expect >/dev/null; then
    echo "✔ replay reproduces the failure the fuzzer found (the file's expect holds)"
else
    echo "✘ replay does not reproduce the failure"; exit 1
fi
