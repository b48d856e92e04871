#!/usr/bin/env bash
# with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL 15 cluster on loopback (as in
# ../shared/design/DEPENDENCIES.md), exports DATABASE_URL for it, runs the
# command, and stops and removes the cluster on exit. If the cluster cannot
# be started (no postgresql package, not root, port taken...), it says why
# and runs the command anyway without DATABASE_URL, so the PostgreSQL tests
# skip with their own message instead of failing the build.
#
# Environment: PGPORT_QM (default 55432) picks the port.
set -u

if [ "$#" -eq 0 ]; then
	echo "usage: $0 COMMAND [ARGS...]" >&2
	exit 2
fi

PORT="${PGPORT_QM:-55432}"
PGBIN=""
for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
	if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then PGBIN="$d"; break; fi
done

run_without() {
	echo "with-postgres: $1; running without DATABASE_URL (the PostgreSQL tests will skip)" >&2
	shift
	unset DATABASE_URL
	"$@"
}

start_cluster() {
	if [ -z "$PGBIN" ]; then
		WHY="PostgreSQL is not installed (apt-get install postgresql)"; return 1
	fi
	AS=()
	if [ "$(id -u)" -eq 0 ]; then
		if ! id postgres >/dev/null 2>&1; then
			WHY="running as root but there is no 'postgres' user to run the server"; return 1
		fi
		AS=(runuser -u postgres --)
	fi
	PGD=$(mktemp -d /tmp/pgqm.XXXXXX) || { WHY="cannot make a temporary directory"; return 1; }
	if [ "$(id -u)" -eq 0 ]; then chown postgres: "$PGD"; fi
	if ! "${AS[@]}" "$PGBIN/initdb" -D "$PGD/data" -A trust -U postgres --no-sync >"$PGD/initdb.log" 2>&1; then
		WHY="initdb failed: $(tail -n 3 "$PGD/initdb.log" | tr '\n' ' ')"; rm -rf "$PGD"; return 1
	fi
	if ! "${AS[@]}" "$PGBIN/pg_ctl" -D "$PGD/data" -l "$PGD/log" \
		-o "-p $PORT -k $PGD -c listen_addresses=127.0.0.1 -c fsync=off" -w -t 30 start >/dev/null 2>&1; then
		WHY="the server did not start on 127.0.0.1:$PORT: $(tail -n 3 "$PGD/log" 2>/dev/null | tr '\n' ' ')"
		rm -rf "$PGD"; return 1
	fi
	return 0
}

stop_cluster() {
	"${AS[@]}" "$PGBIN/pg_ctl" -D "$PGD/data" -m fast -w stop >/dev/null 2>&1
	rm -rf "$PGD"
}

WHY=""
if start_cluster; then
	trap stop_cluster EXIT
	trap 'exit 130' INT TERM
	export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres?sslmode=disable"
	echo "with-postgres: PostgreSQL running at $DATABASE_URL" >&2
	"$@"
	exit $?
fi
run_without "$WHY" "$@"
exit $?
