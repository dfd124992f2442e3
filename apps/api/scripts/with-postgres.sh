#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (Debian's packaged server): initdb in a temp dir,
# listen on 127.0.0.1 only, DATABASE_URL exported for the command, cluster removed afterwards.
# As root the server runs as the `postgres` user. Usage: with-postgres.sh npm run test:api
# PG_RESTART_COMMAND names a script that restarts the cluster: the database-restart test
# (apps/api/test/security/databaseRestart.test.ts) runs it in the middle of its requests.
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bindir/initdb" ] || { echo "with-postgres: PostgreSQL server binaries not found" >&2; exit 1; }
dir=$(mktemp -d /tmp/api-pg.XXXXXX)
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$((20000 + RANDOM % 20000))
stop() {
  as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
as_owner "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 120 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
cat >"$dir/restart" <<EOF
#!/usr/bin/env bash
set -euo pipefail
$(declare -f as_owner)
as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >/dev/null
EOF
chmod +x "$dir/restart"
export PG_RESTART_COMMAND="$dir/restart"
"$@"
