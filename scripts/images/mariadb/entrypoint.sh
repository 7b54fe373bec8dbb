#!/bin/sh
# Entrypoint of the dbbench MariaDB image: the official mysql/mariadb images' contract, in brief.
#   MYSQL_ROOT_PASSWORD         root password, for root@localhost and root@'%'; or
#   MYSQL_ALLOW_EMPTY_PASSWORD  any non-empty value: root has no password
#   MYSQL_DATABASE              database created on first start (optional)
#   MYSQL_USER, MYSQL_PASSWORD  user created on first start, with all privileges on MYSQL_DATABASE
# Arguments: `mariadbd --max-connections=200` (or `mysqld …`), or just `--max-connections=200`, are
# passed to the server; any other command runs as given.
# The server runs as the mysql user (setpriv) and listens on all interfaces (90-container.cnf).
# First-start set-up uses a server without networking whose log goes to a file, so "ready for
# connections" appears in the container log once: when the real server accepts TCP connections.
set -eu

case "${1:-}" in
  mariadbd | mysqld) shift ;;
esac
case "${1:-}" in
  '' | -*) ;;
  *) exec "$@" ;;
esac

datadir=/var/lib/mysql
as_mysql() { setpriv --reuid=mysql --regid=mysql --init-groups "$@"; }
sql_string() { printf "'%s'" "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/'/\\\\'/g")"; }
# shellcheck disable=SC2016 # backticks quote a MariaDB identifier; nothing to expand
sql_name() { printf '`%s`' "$(printf '%s' "$1" | sed 's/`/``/g')"; }

mkdir -p "$datadir" /run/mysqld
chown mysql:mysql "$datadir" /run/mysqld

if [ ! -d "$datadir/mysql" ]; then
  if [ -z "${MYSQL_ROOT_PASSWORD:-}" ] && [ -z "${MYSQL_ALLOW_EMPTY_PASSWORD:-}" ]; then
    echo "error: set MYSQL_ROOT_PASSWORD (or MYSQL_ALLOW_EMPTY_PASSWORD=yes)" >&2
    exit 1
  fi
  setup_log=$(mktemp /tmp/mariadb-setup.XXXXXX)
  chown mysql "$setup_log"
  fail() { cat "$setup_log" >&2; echo "error: $1" >&2; exit 1; }
  as_mysql mariadb-install-db --datadir="$datadir" --skip-test-db \
    --auth-root-authentication-method=normal >>"$setup_log" 2>&1 || fail "mariadb-install-db failed"
  socket=/run/mysqld/setup.sock
  as_mysql mariadbd --skip-networking --socket="$socket" >>"$setup_log" 2>&1 &
  setup_pid=$!
  for _ in $(seq 1 300); do
    mariadb-admin --socket="$socket" -uroot ping >/dev/null 2>&1 && break
    kill -0 "$setup_pid" 2>/dev/null || fail "the set-up server exited"
    sleep 0.1
  done
  mariadb-admin --socket="$socket" -uroot ping >/dev/null 2>&1 || fail "the set-up server did not start within 30 s"
  root_password=$(sql_string "${MYSQL_ROOT_PASSWORD:-}")
  {
    # mariadb-install-db also creates password-less root accounts for 127.0.0.1, ::1 and the host
    # name; as in the official image, root is root@localhost and root@'%', both with the password.
    echo "DELETE FROM mysql.global_priv WHERE Host <> 'localhost';"
    echo "DELETE FROM mysql.proxies_priv WHERE Host <> 'localhost';"
    echo "FLUSH PRIVILEGES;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $root_password;"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY $root_password;"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [ -n "${MYSQL_DATABASE:-}" ]; then
      echo "CREATE DATABASE IF NOT EXISTS $(sql_name "$MYSQL_DATABASE");"
    fi
    if [ -n "${MYSQL_USER:-}" ] && [ "$MYSQL_USER" != root ]; then
      echo "CREATE USER $(sql_string "$MYSQL_USER")@'%' IDENTIFIED BY $(sql_string "${MYSQL_PASSWORD:-}");"
      if [ -n "${MYSQL_DATABASE:-}" ]; then
        echo "GRANT ALL ON $(sql_name "$MYSQL_DATABASE").* TO $(sql_string "$MYSQL_USER")@'%';"
      fi
    fi
  } | mariadb --socket="$socket" -uroot >>"$setup_log" 2>&1 || fail "creating users and the database failed"
  mariadb-admin --socket="$socket" -uroot ${MYSQL_ROOT_PASSWORD:+--password="$MYSQL_ROOT_PASSWORD"} \
    shutdown >>"$setup_log" 2>&1 || fail "the set-up server did not stop"
  wait "$setup_pid" || true
  rm -f "$setup_log"
fi

exec setpriv --reuid=mysql --regid=mysql --init-groups mariadbd "$@"
