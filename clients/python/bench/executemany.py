"""executemany of N rows: the Relationship Layer's Python client against psycopg on PostgreSQL, on one machine.

Usage: python executemany.py --rl HOST:PORT [--postgres DSN] [--rows 1000] [--runs 5] [--warmup-seconds 30]

Each run empties a table (id BIGINT PRIMARY KEY, name VARCHAR(40), amount BIGINT; created once) with TRUNCATE,
inserts --rows rows with one executemany and commits, timed from the call to the commit's return; the table is
dropped at the end. Runs of the same
size come first as a warm-up, not counted, for --warmup-seconds (at least three runs), on both systems: a JVM server
compiles its hot paths during its first seconds of load (three runs of 100 rows, the former warm-up, left the server
measured at a fifth of its steady speed), and PostgreSQL fills its caches. Prints each system's median and the ratio
RL / psycopg.
"""
import argparse
import statistics
import time

import relationshiplayer

WARMUP = 3


def rows(n):
    return [(i, f"name {i}", i * 7) for i in range(n)]


def timed_runs(conn, table, marker, n, runs, warmup_seconds):
    """The seconds of each measured executemany of n rows into a fresh table, and a commit (warm-up runs left out)."""
    cur = conn.cursor()
    times = []
    data = rows(n)
    warmup_end = time.perf_counter() + warmup_seconds
    warmups = 0
    cur.execute(f"DROP TABLE IF EXISTS {table}")
    cur.execute(f"CREATE TABLE {table} (id BIGINT PRIMARY KEY, name VARCHAR(40), amount BIGINT)")
    conn.commit()
    while len(times) < runs:
        cur.execute(f"TRUNCATE TABLE {table}")
        conn.commit()
        start = time.perf_counter()
        cur.executemany(f"INSERT INTO {table} VALUES ({marker}, {marker}, {marker})", data)
        conn.commit()
        elapsed = time.perf_counter() - start
        cur.execute(f"SELECT COUNT(*) FROM {table}")
        assert cur.fetchone()[0] == len(data), "rows missing after executemany"
        if warmups < WARMUP or time.perf_counter() < warmup_end:
            warmups += 1
        else:
            times.append(elapsed)
    return times


def time_rl(target, n, runs, warmup_seconds):
    conn = relationshiplayer.connect(target, database="bench_executemany", create=True)
    try:
        return timed_runs(conn, "em", "?", n, runs, warmup_seconds)
    finally:
        conn.close()


def time_psycopg(dsn, n, runs, warmup_seconds):
    import psycopg

    with psycopg.connect(dsn) as conn:
        times = timed_runs(conn, "rl_bench_em", "%s", n, runs, warmup_seconds)
        conn.execute("DROP TABLE IF EXISTS rl_bench_em")
        conn.commit()
    return times


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rl", required=True, help="the rl server, HOST:PORT")
    p.add_argument("--postgres", help="a PostgreSQL DSN (postgresql://user:pw@host:port/db)")
    p.add_argument("--rows", type=int, default=1000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--warmup-seconds", type=float, default=30.0)
    a = p.parse_args()
    rl = statistics.median(time_rl(a.rl, a.rows, a.runs, a.warmup_seconds))
    print(f"Relationship Layer (Python client, executemany of {a.rows:,} rows): median {rl * 1000:.1f} ms "
          f"over {a.runs} runs")
    if a.postgres:
        pg = statistics.median(time_psycopg(a.postgres, a.rows, a.runs, a.warmup_seconds))
        print(f"PostgreSQL 15 (psycopg {__import__('psycopg').__version__}, executemany of {a.rows:,} rows): "
              f"median {pg * 1000:.1f} ms over {a.runs} runs")
        print(f"ratio RL / psycopg: {rl / pg:.2f}x (the goal: at most 3x)")


if __name__ == "__main__":
    main()
