#!/bin/bash
# Runs a command with a PostgreSQL server of its own: a fresh cluster in a
# temporary directory (initdb, pg_ctl), listening on 127.0.0.1 at a free
# port with password (SCRAM) authentication and TLS, stopped and removed
# when the command ends. The command finds it in
#   TOWNHALL_TEST_PG           postgresql://townhall@127.0.0.1:PORT/townhall
#   TOWNHALL_TEST_PG_PASSWORD  the role's password (never in the URL)
#   TOWNHALL_TEST_PG_DATA      the data directory (the server's log is in it)
# and PGPASSWORD is not set, so each test chooses how it passes the password.
# fsync is off (tests); TOWNHALL_PG_FSYNC=on gives a durable server (benchmarks).
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
    echo "with-postgres: no PostgreSQL server here (Debian: postgresql)" >&2
    exit 1
fi

dir=$(mktemp -d /tmp/townhall-pg.XXXXXX)
data="$dir/data"
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# initdb refuses to run as root; the cluster then belongs to postgres.
as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}
if [[ $(id -u) -eq 0 ]]; then
    chown postgres "$dir"
fi

cleanup() {
    as_owner "$bindir/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT

printf '%s\n' "$password" > "$dir/pw"
chmod 600 "$dir/pw"
[[ $(id -u) -eq 0 ]] && chown postgres "$dir/pw"
as_owner "$bindir/initdb" -D "$data" -U townhall --pwfile="$dir/pw" --auth=scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
rm -f "$dir/pw"

# TLS with a self-signed certificate, so sslmode=require can be tested.
if command -v openssl >/dev/null; then
    openssl req -new -x509 -days 2 -nodes -subj "/CN=127.0.0.1" \
        -keyout "$data/server.key" -out "$data/server.crt" >/dev/null 2>&1
    chmod 600 "$data/server.key"
    [[ $(id -u) -eq 0 ]] && chown postgres "$data/server.key" "$data/server.crt"
    ssl="-c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key"
else
    ssl=""
fi

as_owner "$bindir/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100 -c fsync=${TOWNHALL_PG_FSYNC:-off} $ssl" \
    start >/dev/null || { cat "$data/server.log" >&2; exit 1; }
PGPASSWORD=$password "$bindir/createdb" -h 127.0.0.1 -p "$port" -U townhall townhall

export TOWNHALL_TEST_PG="postgresql://townhall@127.0.0.1:$port/townhall"
export TOWNHALL_TEST_PG_PASSWORD=$password
export TOWNHALL_TEST_PG_DATA=$data
unset PGPASSWORD PGPASSFILE
"$@"
