#!/usr/bin/env bash
# Installs Debian's Chromium for the headless browser test of @acm/cli
# (packages/cli/src/render-report.browser.test.ts drives /usr/bin/chromium with
# playwright-core). Idempotent: does nothing when /usr/bin/chromium exists.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! sudo -n true >/dev/null 2>&1; then
    # A contributor without root: the browser tests skip themselves when /usr/bin/chromium is missing.
    echo "chromium: not installed and no root or passwordless sudo; the headless browser tests will be skipped" >&2
    exit 0
  fi
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium
echo "chromium: installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
