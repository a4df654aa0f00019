# Shared by the infra scripts (sourced, not run).
# State of the services these scripts start lives under MATCHTAPE_SERVICES_DIR, so stop-services.sh stops only those.
MATCHTAPE_SERVICES_DIR="${MATCHTAPE_SERVICES_DIR:-/tmp/matchtape-services}"

log() { echo "infra: $*" >&2; }

# port_open HOST PORT: true when something accepts TCP connections there.
port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# wait_port HOST PORT SECONDS
wait_port() {
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    port_open "$1" "$2" && return 0
    sleep 0.1
  done
  return 1
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else log "need root to run: $*"; return 1; fi
}

# apt_install PACKAGE...: from Debian's packages, once per run.
apt_install() {
  log "installing $* from Debian packages…"
  if [ -z "${MATCHTAPE_APT_UPDATED:-}" ]; then as_root apt-get update -qq; export MATCHTAPE_APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# url_host_port URL DEFAULT_PORT → prints "host port" of scheme://[user@]host[:port]/…
url_host_port() {
  local rest="${1#*://}"
  rest="${rest%%/*}"
  rest="${rest##*@}"
  local host="${rest%%:*}" port="$2"
  [[ "$rest" == *:* ]] && port="${rest##*:}"
  echo "$host $port"
}

is_loopback() { [[ "$1" == 127.* || "$1" == localhost || "$1" == "::1" ]]; }
