#!/usr/bin/env bash
# Render the built site's index page and one environment page in a real headless browser
# (Chromium, Debian's package: apt-get install chromium) to PNG, to look at them as a reader
# would:  bash docs/screenshots.sh [HTML_DIR] [OUT_DIR]
# (defaults docs/_build/html and docs/_build/screenshots; build the site first:
#  python -m sphinx -W --keep-going -b html docs docs/_build/html).
set -euo pipefail
HTML=$(realpath "${1:-docs/_build/html}")
OUT=$(realpath -m "${2:-docs/_build/screenshots}")
mkdir -p "$OUT"
if ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "screenshots: chromium not found (Debian/Ubuntu: apt-get install chromium)" >&2
    exit 1
  fi
fi
shoot() {  # shoot PAGE NAME HEIGHT
  local page="$HTML/$1"
  [ -f "$page" ] || { echo "screenshots: $page not built" >&2; return 1; }
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --virtual-time-budget=5000 --window-size=1280,"$3" \
    --screenshot="$OUT/$2.png" "file://$page" >/dev/null 2>&1
  [ -s "$OUT/$2.png" ] || { echo "screenshots: no picture of $1" >&2; return 1; }
  echo "$OUT/$2.png"
}
shoot index.html index 1400
shoot envs/Button1.html Button1 2200
