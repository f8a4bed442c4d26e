#!/usr/bin/env bash
# Redis and PostgreSQL for the store tests (@acm/store-redis, @acm/store-postgres).
#
#   .ci/services.sh install   install redis-server and postgresql from Debian if missing
#   .ci/services.sh check     exit 0 when both are installed, 1 otherwise
#
# The tests never use a system-wide server: each test run starts a private one on a free
# loopback port in a temporary directory (see packages/store-*/test/global-setup.ts) and
# stops it afterwards. So this script only installs the binaries, and makes sure that the
# packages' own services are not left running system-wide.
#
# Servers you already run (no root needed): set ACM_REDIS_URL and/or ACM_POSTGRES_URL, e.g.
#   ACM_REDIS_URL=redis://127.0.0.1:6379 ACM_POSTGRES_URL=postgres://me@127.0.0.1:5432/acm_dev
# Then this script neither installs nor checks that server, and the store tests use it instead of
# starting their own: Redis keys go under a prefix unique to the run, PostgreSQL tables into a
# schema unique to the run, both removed afterwards. (The crash tests, which stop and restart a
# server, still need the binaries and are skipped without them.)
#
# Idempotent: runs `apt-get update` once, and only when something is missing.
set -euo pipefail

given() { [ -n "${!1:-}" ]; }

# The distribution's PostgreSQL (Debian's `postgresql` metapackage: 15 on bookworm,
# 17 on trixie); the tests pick the newest version found under /usr/lib/postgresql.
postgres_version() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/ 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "${dir}bin/initdb" ] && [ -x "${dir}bin/pg_ctl" ]; then
      basename "${dir}"
      return 0
    fi
  done
  return 1
}

have_redis() { given ACM_REDIS_URL || command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; }
have_postgres() { given ACM_POSTGRES_URL || postgres_version >/dev/null; }

describe_servers() {
  local redis postgres
  if given ACM_REDIS_URL; then redis="Redis at ACM_REDIS_URL"; else redis="$(redis-server --version | cut -d' ' -f1-3)"; fi
  if given ACM_POSTGRES_URL; then postgres="PostgreSQL at ACM_POSTGRES_URL"; else postgres="postgresql $(postgres_version)"; fi
  echo "${redis} and ${postgres}"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "services.sh: need root (or sudo) to run: $*" >&2
    exit 1
  fi
}

# Whether root commands can run without a password prompt (root, or passwordless sudo).
can_be_root() { [ "$(id -u)" -eq 0 ] || sudo -n true >/dev/null 2>&1; }

# Stops the services the Debian packages may have started (no-op when none runs). Leaves alone a
# server given through ACM_REDIS_URL / ACM_POSTGRES_URL, and does nothing without root.
stop_system_services() {
  can_be_root || return 0
  local units=()
  given ACM_REDIS_URL || units+=(redis-server)
  given ACM_POSTGRES_URL || units+=(postgresql)
  [ "${#units[@]}" -gt 0 ] || return 0
  local unit
  if command -v service >/dev/null 2>&1; then
    for unit in "${units[@]}"; do as_root service "${unit}" stop >/dev/null 2>&1 || true; done
  fi
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    for unit in "${units[@]}"; do as_root systemctl disable --now "${unit}.service" >/dev/null 2>&1 || true; done
  fi
  if ! given ACM_POSTGRES_URL && command -v pg_lsclusters >/dev/null 2>&1; then
    # Clusters created by the package (e.g. 15/main): stop each one that is online.
    pg_lsclusters --no-header 2>/dev/null | while read -r version cluster _port status _rest; do
      if [ "${status}" = "online" ]; then
        as_root pg_ctlcluster "${version}" "${cluster}" stop >/dev/null 2>&1 || true
      fi
    done
  fi
}

install() {
  local packages=()
  have_redis || packages+=(redis-server)
  have_postgres || packages+=(postgresql)
  if [ "${#packages[@]}" -eq 0 ]; then
    echo "services.sh: using $(describe_servers)"
    stop_system_services
    return 0
  fi

  echo "services.sh: installing ${packages[*]}"
  # Keep the packages' init scripts from starting services during the install
  # (Debian's invoke-rc.d honours policy-rc.d; exit 101 = action forbidden).
  local policy=/usr/sbin/policy-rc.d
  local created_policy=false
  if [ ! -e "${policy}" ]; then
    as_root sh -c "printf '#!/bin/sh\nexit 101\n' > ${policy} && chmod 755 ${policy}"
    created_policy=true
  fi
  local status=0
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || status=$?
  if [ "${status}" -eq 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${packages[@]}" || status=$?
  fi
  if [ "${created_policy}" = true ]; then
    as_root rm -f "${policy}"
  fi
  stop_system_services
  if [ "${status}" -ne 0 ]; then
    echo "services.sh: apt-get failed (exit ${status})" >&2
    exit "${status}"
  fi
  have_redis && have_postgres
  echo "services.sh: using $(describe_servers)"
}

case "${1:-}" in
  install) install ;;
  check)
    have_redis && have_postgres && exit 0
    echo "services.sh: missing redis-server or postgresql; run .ci/services.sh install, or set ACM_REDIS_URL / ACM_POSTGRES_URL to servers you run" >&2
    exit 1
    ;;
  *)
    echo "usage: .ci/services.sh install|check" >&2
    exit 2
    ;;
esac
