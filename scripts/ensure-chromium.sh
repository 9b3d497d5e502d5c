#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright's own browser download is not reachable here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing; installing Debian's chromium package (about 30 s)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing. Install it, then run the tests again:" >&2
echo "    sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to an existing Chromium binary)" >&2
exit 1
