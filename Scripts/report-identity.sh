#!/usr/bin/env bash
# Records, or compares against a recording, the reports of every built-in subject (seed systems
# included) for seeds 1-3: `check --no-save` as text and as --json, stdout and exit status.
# A restructuring that must not change behaviour records before and compares after:
#   Scripts/report-identity.sh record /tmp/reports-before
#   Scripts/report-identity.sh compare /tmp/reports-before
# Stderr is not compared: it carries the run's timing line.
set -euo pipefail
mode=${1:-}
dir=${2:-}
if [[ ( "$mode" != record && "$mode" != compare ) || -z "$dir" ]]; then
    echo "usage: Scripts/report-identity.sh record|compare DIR" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
swift build -c release --product purchase-conformance >/dev/null
tool=$(swift build -c release --show-bin-path)/purchase-conformance
out=$dir
if [[ "$mode" == compare ]]; then out=$(mktemp -d); fi
mkdir -p "$out"
subjects=$("$tool" check --list-subjects | awk '{print $1}')
count=0
for subject in $subjects; do
    for seed in 1 2 3; do
        for format in text json; do
            flag=(); [[ "$format" == json ]] && flag=(--json)
            file="$out/$subject-seed$seed.$format"
            status=0
            "$tool" check --subject "$subject" --seed "$seed" --no-save "${flag[@]}" >"$file" 2>/dev/null || status=$?
            echo "exit $status" >>"$file"
            count=$((count + 1))
        done
    done
done
if [[ "$mode" == record ]]; then
    echo "recorded $count reports in $dir"
    exit 0
fi
if diff -r "$dir" "$out" >/dev/null; then
    echo "all $count reports byte-identical to $dir"
else
    # The files that differ first (the whole list), then the start of their differences.
    diff -rq "$dir" "$out" || true
    diff -r "$dir" "$out" | head -40 || true
    echo "reports differ from $dir (new ones in $out)" >&2
    exit 1
fi
