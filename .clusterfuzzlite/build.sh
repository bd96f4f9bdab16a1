#!/bin/bash -eu
# Builds every libFuzzer target of PurchaseConformance into $OUT, with its seed corpus.
#
# Inside ClusterFuzzLite / OSS-Fuzz (base-builder-swift) $SRC, $OUT and $SANITIZER are set.
# It also runs here without Docker: `.clusterfuzzlite/build.sh` builds into .build-cflite/out
# (SANITIZER defaults to address; none, address, thread and coverage are understood).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
OUT="${OUT:-$root/.build-cflite/out}"
SANITIZER="${SANITIZER:-address}"
mkdir -p "$OUT"
if [ -n "${SRC:-}" ] && command -v precompile_swift >/dev/null 2>&1; then
    # OSS-Fuzz's helper: the llvm-symbolizer for Swift stack traces.
    . precompile_swift
fi
flags=(-c release --scratch-path "$root/.build-cflite" --sanitize fuzzer)
# The runner image has no Swift runtime: link it statically there (as precompile_swift does).
if [ -n "${SRC:-}" ]; then flags+=(--static-swift-stdlib); fi
case "$SANITIZER" in
    address) flags+=(--sanitize address) ;;
    thread) flags+=(--sanitize thread) ;;
    coverage) flags+=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) ;;
    none|undefined) ;;
    *) echo "build.sh: sanitizer $SANITIZER is not supported for Swift" >&2; exit 1 ;;
esac
targets=(history catalog reply campaign play-history)
for target in "${targets[@]}"; do
    swift build "${flags[@]}" --product "fuzz-$target"
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
for target in "${targets[@]}"; do
    cp "$bin/fuzz-$target" "$OUT/fuzz-$target"
    # The seed corpus and the crash reproducers found so far, as ClusterFuzzLite expects them.
    (cd Fuzz && zip -q -j "$OUT/fuzz-${target}_seed_corpus.zip" corpus/"$target"/* \
        $(find crashes/"$target" -type f ! -name '.*' 2>/dev/null))
done
# Campaign inputs are choice sequences: a few KiB make a long history.
printf '[libfuzzer]\nmax_len = 4096\n' > "$OUT/fuzz-campaign.options"
echo "built ${targets[*]/#/fuzz-} into $OUT"
