#!/usr/bin/env bash
# infra/with-services.sh CMD...: runs CMD with Postgres and NATS (JetStream) reachable, starting either one only
# if it is not already running, and stopping only what it started. Exports MATCHTAPE_TEST_DATABASE_URL and
# MATCHTAPE_TEST_NATS_URL (defaults postgres://postgres@127.0.0.1:5432/test, nats://127.0.0.1:4222); exits with CMD's code.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
. "$HERE/lib.sh"
[ $# -gt 0 ] || { echo "usage: infra/with-services.sh CMD [ARGS...]" >&2; exit 2; }

export MATCHTAPE_TEST_DATABASE_URL="${MATCHTAPE_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:${MATCHTAPE_PG_PORT:-5432}/test}"
export MATCHTAPE_TEST_NATS_URL="${MATCHTAPE_TEST_NATS_URL:-nats://127.0.0.1:${MATCHTAPE_NATS_PORT:-4222}}"
read -r PG_HOST PG_PORT <<<"$(url_host_port "$MATCHTAPE_TEST_DATABASE_URL" 5432)"
read -r NATS_HOST NATS_PORT <<<"$(url_host_port "${MATCHTAPE_TEST_NATS_URL%%,*}" 4222)"

started=()
cleanup() {
  local s
  for s in "${started[@]}"; do bash "$HERE/stop-services.sh" "$s" || true; done
  started=()
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ensure() { # NAME HOST PORT START_SCRIPT ENV_PORT_VAR
  if port_open "$2" "$3"; then return 0; fi
  if ! is_loopback "$2"; then log "$1 at $2:$3 is unreachable and not local: start it, or unset its test URL"; return 1; fi
  # Mark before starting, so an interrupted start is still stopped.
  started+=("$1")
  env "$5=$3" bash "$HERE/$4" || { log "could not start $1"; return 1; }
}

ensure postgres "$PG_HOST" "$PG_PORT" start-postgres.sh MATCHTAPE_PG_PORT || exit 1
ensure nats "$NATS_HOST" "$NATS_PORT" start-nats.sh MATCHTAPE_NATS_PORT || exit 1
# The browser tests drive Debian's Chromium (no browser download): install it when missing.
bash "$HERE/ensure-chromium.sh" || exit 1
# This machine reaches no analytics endpoint; don't let build tools try.
export TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1

"$@"
rc=$?
cleanup
exit $rc
