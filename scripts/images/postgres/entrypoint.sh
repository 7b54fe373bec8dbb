#!/bin/sh
# Entrypoint of the dbbench PostgreSQL image: the official postgres image's contract, in brief.
#   POSTGRES_PASSWORD  superuser password (required unless POSTGRES_HOST_AUTH_METHOD=trust)
#   POSTGRES_USER      superuser name (default postgres)
#   POSTGRES_DB        database created on first start (default: $POSTGRES_USER)
#   POSTGRES_INITDB_ARGS, POSTGRES_HOST_AUTH_METHOD, PGDATA   as in the official image
# Arguments: `postgres -c max_connections=200`, or just `-c max_connections=200`, are passed to the
# server; any other command runs as given.
# The server runs as the postgres user (setpriv) and listens on all interfaces. First-start set-up
# uses a socket-only server whose log goes to a file, so "database system is ready to accept
# connections" appears in the container log once: when the real server accepts TCP connections.
set -eu

if [ "${1:-}" = postgres ]; then shift; fi
case "${1:-}" in
  '' | -*) ;;
  *) exec "$@" ;;
esac

PGDATA=${PGDATA:-/var/lib/postgresql/data}
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 0700 "$PGDATA"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo "error: set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
    exit 1
  fi
  setup_log=$(mktemp /tmp/postgres-setup.XXXXXX)
  chown postgres "$setup_log"
  fail() { cat "$setup_log" >&2; echo "error: $1" >&2; exit 1; }
  password_file=$(mktemp /tmp/postgres-password.XXXXXX)
  printf '%s\n' "${POSTGRES_PASSWORD:-}" >"$password_file"
  chown postgres "$password_file"
  # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of words, as in the official image
  as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$password_file" -E UTF8 --no-locale \
    ${POSTGRES_INITDB_ARGS:-} >>"$setup_log" 2>&1 || fail "initdb failed"
  rm -f "$password_file"
  printf 'host all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    as_postgres pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" -l "$setup_log" start >/dev/null ||
      fail "the set-up server did not start"
    escaped=$(printf '%s' "$database" | sed 's/"/""/g')
    as_postgres psql -v ON_ERROR_STOP=1 -q -U "$user" -d postgres \
      -c "CREATE DATABASE \"$escaped\"" >>"$setup_log" 2>&1 || fail "CREATE DATABASE failed"
    as_postgres pg_ctl -D "$PGDATA" -w -m fast stop >/dev/null || fail "the set-up server did not stop"
  fi
  rm -f "$setup_log"
fi

exec setpriv --reuid=postgres --regid=postgres --init-groups \
  postgres -D "$PGDATA" -c listen_addresses='*' "$@"
