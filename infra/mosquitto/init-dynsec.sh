#!/bin/sh
# Sets up Mosquitto's dynamic security plugin for rope cockpit (docs/sensors.md).
#
#   init-dynsec.sh init <dynamic-security.json>
#       Before the broker's first start: writes the plugin's file with the admin client the cockpit administers the
#       broker as (MQTT_ADMIN_USERNAME / MQTT_ADMIN_PASSWORD of the cockpit). Everything else is denied by default.
#
#   init-dynsec.sh first-start <data folder> <secrets folder>
#       What the compose file's broker runs before every start: the first time, a random password for the admin
#       client (admin-password) and for the cockpit's own client (cockpit-password) in the secrets folder, which the
#       cockpit reads (MQTT_ADMIN_PASSWORD_FILE, MQTT_PASSWORD_FILE), and the plugin's file with the admin client in
#       the data folder. Later starts keep both. The cockpit makes its own client itself when it starts.
#       MQTT_ADMIN_USERNAME defaults to cockpit-admin; BROKER_OWNER (mosquitto) owns the data folder, SECRETS_OWNER
#       (1001, the cockpit image's user) the passwords.
#
#   init-dynsec.sh cockpit-client [host] [port]
#       Once the broker runs: creates the cockpit's own client (COCKPIT_MQTT_USERNAME / COCKPIT_MQTT_PASSWORD, the
#       credentials in the cockpit's MQTT_URL), which reads every device topic and sends TRUscan commands.
#
#   init-dynsec.sh truscan-client <ropeId> [host] [port]
#       A TRUscan on rope <ropeId> (TRUSCAN_MQTT_PASSWORD): it may publish only that rope's TRUscan state and read
#       only its commands. Sensor devices and smartropes get their clients from the cockpit instead.
#
# Admin credentials come from MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD in the environment; topics are under
# MQTT_TOPIC_PREFIX (default rope-cockpit), as on the cockpit.
set -eu
PREFIX=${MQTT_TOPIC_PREFIX:-rope-cockpit}

admin_credentials() {
  : "${MQTT_ADMIN_USERNAME:?set MQTT_ADMIN_USERNAME}"
  : "${MQTT_ADMIN_PASSWORD:?set MQTT_ADMIN_PASSWORD}"
}

ctl() {
  admin_credentials
  mosquitto_ctrl -h "$HOST" -p "$PORT" -u "$MQTT_ADMIN_USERNAME" -P "$MQTT_ADMIN_PASSWORD" dynsec "$@"
}

# 32 letters and digits from the kernel's random source: safe in a URL and a shell word as they are.
new_secret() {
  secret=''
  while [ ${#secret} -lt 32 ]; do
    secret="$secret$(head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
  done
  printf '%s\n' "$secret" | cut -c1-32
}

case "${1:-}" in
  init)
    FILE=${2:?path of dynamic-security.json}
    admin_credentials
    mosquitto_ctrl dynsec init "$FILE" "$MQTT_ADMIN_USERNAME" "$MQTT_ADMIN_PASSWORD"
    ;;
  first-start)
    DATA=${2:?data folder}
    SECRETS=${3:?secrets folder}
    umask 077
    for name in admin-password cockpit-password; do
      if [ ! -s "$SECRETS/$name" ]; then new_secret > "$SECRETS/$name.new" && mv "$SECRETS/$name.new" "$SECRETS/$name"; fi
    done
    if [ ! -f "$DATA/dynamic-security.json" ]; then
      mosquitto_ctrl dynsec init "$DATA/dynamic-security.json" "${MQTT_ADMIN_USERNAME:-cockpit-admin}" \
        "$(cat "$SECRETS/admin-password")" > /dev/null
    fi
    chown -R "${BROKER_OWNER:-mosquitto}" "$DATA"
    chown "${SECRETS_OWNER:-1001}" "$SECRETS/admin-password" "$SECRETS/cockpit-password"
    chmod 400 "$SECRETS/admin-password" "$SECRETS/cockpit-password"
    ;;
  cockpit-client)
    HOST=${2:-127.0.0.1}
    PORT=${3:-1883}
    : "${COCKPIT_MQTT_USERNAME:=rope-cockpit}"
    : "${COCKPIT_MQTT_PASSWORD:?set COCKPIT_MQTT_PASSWORD}"
    ctl createRole rope-cockpit
    ctl addRoleACL rope-cockpit subscribePattern "$PREFIX/#" allow
    ctl addRoleACL rope-cockpit publishClientSend "$PREFIX/ropes/+/truscan/commands" allow
    ctl createClient "$COCKPIT_MQTT_USERNAME" -p "$COCKPIT_MQTT_PASSWORD"
    ctl addClientRole "$COCKPIT_MQTT_USERNAME" rope-cockpit
    ;;
  truscan-client)
    ROPE=${2:?rope id}
    HOST=${3:-127.0.0.1}
    PORT=${4:-1883}
    : "${TRUSCAN_MQTT_PASSWORD:?set TRUSCAN_MQTT_PASSWORD}"
    NAME="truscan-rope-$ROPE"
    ctl createRole "$NAME"
    ctl addRoleACL "$NAME" publishClientSend "$PREFIX/ropes/$ROPE/truscan/state" allow
    ctl addRoleACL "$NAME" subscribeLiteral "$PREFIX/ropes/$ROPE/truscan/commands" allow
    ctl createClient "$NAME" -p "$TRUSCAN_MQTT_PASSWORD"
    ctl addClientRole "$NAME" "$NAME"
    ;;
  *)
    sed -n '2,20p' "$0"
    exit 2
    ;;
esac
