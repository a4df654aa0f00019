#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (playwright-core drives /usr/bin/chromium;
# Playwright's own browser download is not used).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
echo "infra: installing chromium from Debian packages…" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
[ -x /usr/bin/chromium ] || { echo "infra: chromium did not install; browser tests cannot run" >&2; exit 1; }
