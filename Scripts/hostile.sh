#!/usr/bin/env bash
# Runs `model`, `replay` and `check` on every crafted hostile input (and every hostile command
# line) with a 10 s / 4 GiB limit, and fails unless each exits 0, 1 or 2.
#
# Usage: Scripts/hostile.sh [FOLDER]   (default Tests/PropertyTests/Fixtures/Hostile)
# Builds the release tool first; set TOOL=path to test another build.
set -u
cd "$(dirname "$0")/.."
folder="${1:-Tests/PropertyTests/Fixtures/Hostile}"
if [ -z "${TOOL:-}" ]; then
    swift build -c release --product purchase-conformance >/dev/null || exit 2
    TOOL=.build/release/purchase-conformance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=0 bad=0
run() {
    runs=$((runs + 1))
    local start end status
    start=$(date +%s%N)
    ( ulimit -v 4194304; cd "$work" && exec timeout -s KILL 10 "$OLDPWD/$TOOL" "$@" ) >"$work/out" 2>"$work/err"
    status=$?
    end=$(date +%s%N)
    if [ "$status" -gt 2 ]; then
        bad=$((bad + 1))
        echo "✘ exit $status after $(( (end - start) / 1000000 )) ms: $*"
        head -c 300 "$work/err" | sed 's/^/    /'
        echo
    fi
}
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
for file in "$folder"/*.json "$folder"/*.storekit; do
    [ -e "$file" ] || continue
    path=$(abs "$file")
    case "$file" in
        *.json)
            run model "$path"
            run replay "$path"
            ;;
    esac
    run check --subject reference --catalog "$path" --histories 20 --no-save
done
if [ -f "$folder/flags.txt" ]; then
    while IFS= read -r line; do
        case "$line" in ''|'#'*) continue ;; esac
        read -r -a words <<<"$line"
        for i in "${!words[@]}"; do
            case "${words[$i]}" in Tests/*) words[$i]=$(abs "${words[$i]}") ;; esac
        done
        run "${words[@]}"
    done <"$folder/flags.txt"
fi
echo "$runs runs, $bad outside exit 0/1/2 or over 10 s / 4 GiB"
[ "$bad" -eq 0 ]
