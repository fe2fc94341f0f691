"""executemany of N rows: the Relationship Layer's Python client against psycopg on PostgreSQL, on one machine.

Usage: python executemany.py --rl HOST:PORT [--postgres DSN] [--rows 1000] [--runs 5]

Each run creates a fresh table (id BIGINT PRIMARY KEY, name VARCHAR(40), amount BIGINT), inserts --rows rows with
one executemany and commits, timed from the call to the commit's return; the table is dropped after. Three runs of
100 rows come first as a warm-up, not counted (a cold server compiles its code paths during the first batches). Prints
each system's median and the ratio RL / psycopg.
"""
import argparse
import statistics
import time

import relationshiplayer

WARMUP = 3


def rows(n):
    return [(i, f"name {i}", i * 7) for i in range(n)]


def timed_runs(conn, table, marker, n, runs):
    """The seconds of each measured executemany of n rows into a fresh table, and a commit (warm-up runs left out)."""
    cur = conn.cursor()
    times = []
    for run in range(runs + WARMUP):
        cur.execute(f"DROP TABLE IF EXISTS {table}")
        cur.execute(f"CREATE TABLE {table} (id BIGINT PRIMARY KEY, name VARCHAR(40), amount BIGINT)")
        conn.commit()
        data = rows(n if run >= WARMUP else 100)
        start = time.perf_counter()
        cur.executemany(f"INSERT INTO {table} VALUES ({marker}, {marker}, {marker})", data)
        conn.commit()
        elapsed = time.perf_counter() - start
        cur.execute(f"SELECT COUNT(*) FROM {table}")
        assert cur.fetchone()[0] == len(data), "rows missing after executemany"
        if run >= WARMUP:
            times.append(elapsed)
    return times


def time_rl(target, n, runs):
    conn = relationshiplayer.connect(target, database="bench_executemany", create=True)
    try:
        return timed_runs(conn, "em", "?", n, runs)
    finally:
        conn.close()


def time_psycopg(dsn, n, runs):
    import psycopg

    with psycopg.connect(dsn) as conn:
        times = timed_runs(conn, "rl_bench_em", "%s", n, runs)
        conn.execute("DROP TABLE IF EXISTS rl_bench_em")
        conn.commit()
    return times


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rl", required=True, help="the rl server, HOST:PORT")
    p.add_argument("--postgres", help="a PostgreSQL DSN (postgresql://user:pw@host:port/db)")
    p.add_argument("--rows", type=int, default=1000)
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    rl = statistics.median(time_rl(a.rl, a.rows, a.runs))
    print(f"Relationship Layer (Python client, executemany of {a.rows:,} rows): median {rl * 1000:.1f} ms "
          f"over {a.runs} runs")
    if a.postgres:
        pg = statistics.median(time_psycopg(a.postgres, a.rows, a.runs))
        print(f"PostgreSQL 15 (psycopg {__import__('psycopg').__version__}, executemany of {a.rows:,} rows): "
              f"median {pg * 1000:.1f} ms over {a.runs} runs")
        print(f"ratio RL / psycopg: {rl / pg:.2f}x (the goal: at most 3x)")


if __name__ == "__main__":
    main()
