#!/bin/sh
# Google Play: the measurements of issue 17, in a release build.
#   1. each reference Play subject passes 100,000 histories (every store variation explored);
#   2. each buggy Play example is caught and shrunk to its ideal minimal history for seeds 1…20
#      (the ideal histories are written down in Tests/PropertyTests/Shrinking/PlayIdealHistories.swift
#      and docs/PlayModel.md).
# Usage: Scripts/play-quality.sh [HISTORIES] [SEEDS]     (defaults 100000 and 20)
set -eu
HISTORIES=${1:-100000}
SEEDS=${2:-20}
swift build -c release --product purchase-conformance >/dev/null
TOOL=.build/release/purchase-conformance
for subject in play-reference-app play-reference-server; do
    nice "$TOOL" check --subject "$subject" --histories "$HISTORIES" --no-save
done
PLAY_SEEDS="$SEEDS" swift test --filter PlayShrinkQuality
