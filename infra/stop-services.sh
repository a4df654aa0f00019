#!/usr/bin/env bash
# Stops the services that start-postgres.sh / start-nats.sh started (never a system one): stop-services.sh [postgres|nats|all]
set -uo pipefail
. "$(dirname "$0")/lib.sh"
what="${1:-all}"
rc=0

if [[ "$what" == all || "$what" == postgres ]] && [ -s "$MATCHTAPE_SERVICES_DIR/postgres/postmaster.pid" ]; then
  BIN="$(cat "$MATCHTAPE_SERVICES_DIR/postgres.bin" 2>/dev/null || ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  RUN=(); [ "$(id -u)" = 0 ] && RUN=(runuser -u postgres --)
  log "stopping Postgres (data $MATCHTAPE_SERVICES_DIR/postgres)"
  "${RUN[@]}" "$BIN/pg_ctl" -D "$MATCHTAPE_SERVICES_DIR/postgres" -m fast -w stop >/dev/null || rc=1
fi

if [[ "$what" == all || "$what" == nats ]] && [ -s "$MATCHTAPE_SERVICES_DIR/nats/nats.pid" ]; then
  pid="$(cat "$MATCHTAPE_SERVICES_DIR/nats/nats.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping nats-server (pid $pid)"
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { log "nats-server $pid did not stop"; rc=1; }
  fi
  rm -f "$MATCHTAPE_SERVICES_DIR/nats/nats.pid"
fi
exit $rc
