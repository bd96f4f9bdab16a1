#!/usr/bin/env bash
# Renders a self-contained HTML page (a purchase-conformance timeline, say) to a PNG with
# headless Chromium, for docs.
#
# Usage: Scripts/screenshot.sh FILE.html OUT.png [--dark] [--width PX]   (CHROMIUM=PATH picks the browser)
#   --dark       render with prefers-color-scheme: dark
#   --width PX   the window width (default 1280); the height fits the page
#
# Needs Chromium: on Debian or Ubuntu `sudo apt-get update && sudo apt-get install -y chromium`
# (Ubuntu may name it chromium-browser); on macOS Google Chrome is found too.
set -euo pipefail

usage() { sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 2 ]] || usage
input=$1 output=$2
shift 2
dark=0 width=1280
while [[ $# -gt 0 ]]; do
  case $1 in
    --dark) dark=1 ;;
    --width) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || usage; width=$2; shift ;;
    *) usage ;;
  esac
  shift
done
[[ -f $input ]] || { echo "error: $input: no such file" >&2; exit 2; }

# CHROMIUM=/path/to/browser picks the browser; otherwise the usual names are tried.
browser=""
if [[ -n ${CHROMIUM:-} ]]; then
  [[ -x $CHROMIUM ]] && browser=$CHROMIUM
else
for candidate in chromium chromium-browser google-chrome google-chrome-stable \
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
fi
if [[ -z $browser ]]; then
  cat >&2 <<'MSG'
error: headless Chromium is needed to take the screenshot, and none was found.
Install it, then run this script again:
  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium
  macOS:          install Google Chrome (or: brew install --cask chromium)
MSG
  exit 3
fi

absolute=$(cd "$(dirname "$input")" && pwd)/$(basename "$input")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile"
  --force-device-scale-factor=1 --run-all-compositor-stages-before-draw --virtual-time-budget=2000)
[[ $dark == 1 ]] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)

# The page runs no script, so its height is not known here: take a tall shot (SCREENSHOT_HEIGHT,
# default 2400) and trim the empty bottom (rows equal to the last one).
height=${SCREENSHOT_HEIGHT:-2400}
"$browser" "${flags[@]}" --window-size="$width,$height" --screenshot="$output" "file://$absolute" >/dev/null 2>&1 || {
  echo "error: $browser could not render $input" >&2; exit 1; }
[[ -s $output ]] || { echo "error: $browser wrote no picture to $output" >&2; exit 1; }
if command -v python3 >/dev/null 2>&1; then
  python3 "$(dirname "$0")/trim_png.py" "$output" || true
fi
echo "$output"
