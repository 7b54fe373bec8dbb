#!/usr/bin/env bash
# Start the local PostgreSQL and MariaDB/MySQL services the tests and smoke benchmarks use, when they
# are installed but not running. Idempotent: a running service is left alone, a missing one is skipped
# with a note (the benchmarks can still use the local or embedded providers).
set -euo pipefail

ready_postgres() { pg_isready -q -h 127.0.0.1 -p 5432 -U postgres 2>/dev/null; }
ready_mysql() { mysqladmin --protocol=tcp -h 127.0.0.1 -P 3306 -u root status >/dev/null 2>&1 \
  || mariadb-admin --protocol=tcp -h 127.0.0.1 -P 3306 -u root status >/dev/null 2>&1; }

wait_for() { # name check-function
  for _ in $(seq 1 60); do "$2" && { echo "$1: ready"; return 0; }; sleep 0.5; done
  echo "$1: did not become ready within 30 s" >&2; return 1
}

if ready_postgres; then
  echo "postgres: already running"
elif command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_for postgres ready_postgres
else
  echo "postgres: no local service installed; skipping"
fi

if ready_mysql; then
  echo "mysql: already running"
elif [ -x /usr/sbin/mariadbd ] || [ -x /usr/sbin/mysqld ]; then
  daemon=/usr/sbin/mariadbd; [ -x "$daemon" ] || daemon=/usr/sbin/mysqld
  start-stop-daemon --start --oknodo --background --exec "$daemon"
  wait_for mysql ready_mysql
else
  echo "mysql: no local service installed; skipping"
fi

# The databases the tests connect to (trust / empty-password auth on loopback, as on a dev machine).
if ready_postgres; then
  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE test' >/dev/null
fi
if ready_mysql; then
  client=mariadb; command -v mariadb >/dev/null 2>&1 || client=mysql
  "$client" --protocol=tcp -h 127.0.0.1 -u root -e 'CREATE DATABASE IF NOT EXISTS test'
fi
