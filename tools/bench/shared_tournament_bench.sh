#!/bin/bash
# shared_tournament_bench: a bot-only tournament played by 1, 2 and 4
# headless hosts sharing one PostgreSQL database; matches per second for
# each, and the share of the CPU the database server took
# (docs/benchmarks.md, "Tournaments across machines").
#
# Run (it starts a server of its own, durable as a real one):
#   TOWNHALL_PG_FSYNC=on tests/pg/with-postgres.sh tools/bench/shared_tournament_bench.sh build/app/townhall [MATCHES]
set -euo pipefail
townhall=$(realpath "$1")
matches=${2:-4000}
: "${TOWNHALL_TEST_PG:?run through tests/pg/with-postgres.sh}"
export PGPASSWORD=$TOWNHALL_TEST_PG_PASSWORD QT_NO_GLIB=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/bots.json" <<JSON
{"name": "bench", "rules": "classic", "matches": $matches, "seed": 1,
 "participants": [{"id": "a", "bot": true, "seats": 3}, {"id": "b", "bot": true, "seats": 3},
                  {"id": "rest", "bot": true, "seats": "rest"}]}
JSON

ticks=$(getconf CLK_TCK)
# CPU seconds (user + system) of the database server's processes so far,
# children that already ended included.
server_cpu() {
    local pid total=0 f
    for pid in $(pgrep -f "postgres.*$TOWNHALL_TEST_PG_DATA" || true; pgrep -P "$(head -1 "$TOWNHALL_TEST_PG_DATA/postmaster.pid")" || true); do
        f=$(cut -d' ' -f14-17 "/proc/$pid/stat" 2>/dev/null) || continue
        set -- $f
        total=$((total + $1 + $2 + $3 + $4))
    done
    echo "scale=2; $total / $ticks" | bc
}

printf '| hosts | threads per host | wall | matches per second | hosts CPU-s | database CPU-s | database share |\n'
printf '|---|---|---|---|---|---|---|\n'
for hosts in 1 2 4; do
    id=$("$townhall" tournament create "$work/bots.json" --db "$TOWNHALL_TEST_PG" 2>/dev/null)
    db_before=$(server_cpu)
    start=$(date +%s.%N)
    pids=()
    for h in $(seq "$hosts"); do
        "$townhall" --headless --tournament "$id" --db "$TOWNHALL_TEST_PG" --parallel 1 \
            >/dev/null 2>"$work/err.$h" &
        pids+=($!)
    done
    # Until the last match is recorded (the report after it is not timed).
    until [ "$(psql -XAtq "$TOWNHALL_TEST_PG" -c "SELECT count(*) FROM townhall_tournament_matches WHERE tournament_id = '$id' AND status = 'DONE'")" = "$matches" ]; do
        sleep 0.05
    done
    end=$(date +%s.%N)
    db_after=$(server_cpu)
    wait "${pids[@]}"
    host_cpu=0
    for h in $(seq "$hosts"); do
        # Each host's CPU until the last match was recorded, as it reports it.
        mine=$(grep -o '[0-9.]* CPU-s' "$work/err.$h" | tail -1 | cut -d' ' -f1)
        host_cpu=$(echo "$host_cpu + ${mine:-0}" | bc)
    done
    wall=$(echo "$end - $start" | bc)
    db_cpu=$(echo "$db_after - $db_before" | bc)
    printf '| %d | 1 | %.2f s | %.0f | %.2f | %.2f | %.0f %% |\n' "$hosts" "$wall" \
        "$(echo "$matches / $wall" | bc -l)" "$host_cpu" "$db_cpu" \
        "$(echo "100 * $db_cpu / ($db_cpu + $host_cpu)" | bc -l)"
done
