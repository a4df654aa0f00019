#!/usr/bin/env bash
# Starts nats-server with JetStream on 127.0.0.1:${MATCHTAPE_NATS_PORT:-4222} for tests, installing Debian's
# nats-server when missing; JetStream store under $MATCHTAPE_SERVICES_DIR/nats.
# MATCHTAPE_NATS_CONFIG=infra/nats/auth.conf starts it with credentials (see that file; it reads
# MATCHTAPE_NATS_USER / MATCHTAPE_NATS_PASSWORD from the environment, as the Matchtape server does).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
PORT="${MATCHTAPE_NATS_PORT:-4222}"
DIR="$MATCHTAPE_SERVICES_DIR/nats"

if port_open 127.0.0.1 "$PORT"; then log "something already listens on 127.0.0.1:$PORT; not starting NATS"; exit 0; fi
command -v nats-server >/dev/null 2>&1 || [ -x /usr/sbin/nats-server ] || apt_install nats-server
NATS="$(command -v nats-server || echo /usr/sbin/nats-server)"
[ -x "$NATS" ] || { log "nats-server did not install"; exit 1; }

mkdir -p "$DIR/store"
CONFIG=()
if [ -n "${MATCHTAPE_NATS_CONFIG:-}" ]; then
  [ -r "$MATCHTAPE_NATS_CONFIG" ] || { log "MATCHTAPE_NATS_CONFIG=$MATCHTAPE_NATS_CONFIG is not a readable file"; exit 1; }
  CONFIG=(-c "$MATCHTAPE_NATS_CONFIG")
  log "with config $MATCHTAPE_NATS_CONFIG"
fi
log "starting nats-server on 127.0.0.1:$PORT (JetStream store $DIR/store)"
setsid "$NATS" "${CONFIG[@]}" -a 127.0.0.1 -p "$PORT" -js -sd "$DIR/store" -P "$DIR/nats.pid" -l "$DIR/server.log" </dev/null >/dev/null 2>&1 &
if ! wait_port 127.0.0.1 "$PORT" 30; then
  log "nats-server did not open port $PORT; its log:"; tail -20 "$DIR/server.log" >&2 || true
  exit 1
fi
log "NATS ready: nats://127.0.0.1:$PORT"
