#!/bin/sh
# Sets up Mosquitto's dynamic security plugin for rope cockpit (docs/sensors.md).
#
#   init-dynsec.sh init <dynamic-security.json>
#       Before the broker's first start: writes the plugin's file with the admin client the cockpit administers the
#       broker as (MQTT_ADMIN_USERNAME / MQTT_ADMIN_PASSWORD of the cockpit). Everything else is denied by default.
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

: "${MQTT_ADMIN_USERNAME:?set MQTT_ADMIN_USERNAME}"
: "${MQTT_ADMIN_PASSWORD:?set MQTT_ADMIN_PASSWORD}"

ctl() {
  mosquitto_ctrl -h "$HOST" -p "$PORT" -u "$MQTT_ADMIN_USERNAME" -P "$MQTT_ADMIN_PASSWORD" dynsec "$@"
}

case "${1:-}" in
  init)
    FILE=${2:?path of dynamic-security.json}
    mosquitto_ctrl dynsec init "$FILE" "$MQTT_ADMIN_USERNAME" "$MQTT_ADMIN_PASSWORD"
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
