#!/usr/bin/env bash
# The cluster tests run Debian's nginx and Prometheus beside the console and the service.
set -euo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v prometheus >/dev/null 2>&1 || need+=(prometheus)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${need[*]} for the cluster tests…"
  apt-get update -qq
  # Installed to be run by the tests only: no daemon is started for them.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  exit 0
fi
echo "The cluster tests need nginx and Prometheus:" >&2
echo "    sudo apt-get install -y nginx-light prometheus" >&2
exit 1
