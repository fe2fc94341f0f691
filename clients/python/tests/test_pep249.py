"""PEP 249 and psycopg-like behaviour against a real server: autocommit off by default, databases created only on
request, cancelling and timeouts before the first rows, connections shared between threads, closing, nextset."""
import socket
import threading
import time

import grpc
import pytest

import relationshiplayer as rl
from relationshiplayer.records import RecordClient

# An aggregate over a 400-million-row cross join: it sends no row for minutes (its only row comes at the end).
SLOW_AGGREGATE = "SELECT COUNT(*) FROM big a CROSS JOIN big b"


def report(what, seconds):
    """Speed is measured and printed (pytest -s), never asserted."""
    print(f"\n  measured: {what}: {seconds * 1000:.1f} ms")


# ---- integers beyond 64 bits ----

def test_an_integer_beyond_64_bits_is_a_data_error_not_another_number(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE wide (id BIGINT PRIMARY KEY, i INTEGER)")
    for value in (2 ** 63, -2 ** 63 - 1, 2 ** 64 + 5, 2 ** 100):
        with pytest.raises(rl.DataError) as e:
            cur.execute("INSERT INTO wide (id) VALUES (?)", (value,))
        assert e.value.sqlstate == "22003", e.value
    with pytest.raises(rl.DataError) as e:
        cur.execute("INSERT INTO wide VALUES (1, ?)", (2 ** 40,))  # fits 64 bits, not INTEGER
    assert e.value.sqlstate == "22003"
    with pytest.raises(rl.DataError) as e:
        cur.execute("SELECT id FROM wide WHERE id = ?", (2 ** 64,))
    assert e.value.sqlstate == "22003"
    cur.execute("INSERT INTO wide (id) VALUES (?), (?)", (2 ** 63 - 1, -2 ** 63))
    cur.execute("SELECT id FROM wide ORDER BY id")
    assert cur.fetchall() == [(-2 ** 63,), (2 ** 63 - 1,)]  # only the two that fit were stored


# ---- autocommit off by default; databases created only on request ----

def test_autocommit_starts_off_and_close_without_commit_rolls_back(server, database):
    with rl.connect(server, database=database, create=True) as setup:
        setup.cursor().execute("CREATE TABLE ac (id BIGINT PRIMARY KEY)")
    conn = rl.connect(server, database=database)
    assert conn.autocommit is False and not conn.in_transaction
    cur = conn.cursor()
    cur.execute("INSERT INTO ac VALUES (1)")
    assert conn.in_transaction  # the first statement began a transaction
    with rl.connect(server, database=database, autocommit=True) as other:
        seen = other.cursor()
        seen.execute("SELECT COUNT(*) FROM ac")
        assert seen.fetchone() == (0,)
        conn.close()  # without commit(): rolled back
        seen.execute("SELECT COUNT(*) FROM ac")
        assert seen.fetchone() == (0,)
    conn = rl.connect(server, database=database)
    conn.cursor().execute("INSERT INTO ac VALUES (2)")
    conn.commit()
    assert not conn.in_transaction
    conn.close()
    with rl.connect(server, database=database) as check:
        cur = check.cursor()
        cur.execute("SELECT id FROM ac")
        assert cur.fetchall() == [(2,)]


def test_a_psycopg_users_first_script(server, database):
    """The psycopg documentation's first example, with qmark parameters and create=True."""
    with rl.connect(server, database=database, create=True) as conn:
        with conn.cursor() as cur:
            cur.execute("CREATE TABLE test (id BIGINT PRIMARY KEY, num INTEGER, data VARCHAR(100))")
            cur.execute("INSERT INTO test (id, num, data) VALUES (?, ?, ?)", (1, 100, "abc'def"))
            cur.execute("SELECT * FROM test")
            assert cur.fetchone() == (1, 100, "abc'def")
            for record in cur:
                raise AssertionError(f"one row only, got {record}")
            conn.commit()
    with rl.connect(server, database=database) as conn:
        cur = conn.cursor()
        cur.execute("SELECT data FROM test WHERE id = ?", (1,))
        assert cur.fetchall() == [("abc'def",)]


def test_a_missing_database_is_not_created_unless_asked(server):
    name = f"misspelt_{time.monotonic_ns()}"
    with pytest.raises(rl.OperationalError) as e:
        rl.connect(server, database=name)
    assert e.value.sqlstate == "3D000"
    assert "create=True" in str(e.value)
    with RecordClient(server) as records:
        assert name not in records.list_databases()
    with rl.connect(server, database=name, create=True) as conn:
        conn.cursor().execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    with rl.connect(server, database=name) as conn:  # exists now
        assert conn.list_tables() == ["t"]
    with RecordClient(server) as records:
        assert name in records.list_databases()


def test_an_unreachable_server_fails_at_once(server):
    with socket.socket() as s:  # a port with nothing listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(rl.OperationalError) as e:
        rl.connect(f"127.0.0.1:{port}", database="x")  # default timeout (30 s)
    report("connect to a refused port", time.monotonic() - started)
    assert e.value.sqlstate == "08001"
    assert e.value.code == grpc.StatusCode.UNAVAILABLE  # the refusal itself, not a readiness wait running out
    assert "refused" in str(e.value).lower()


# ---- cancelling and timeouts ----

@pytest.fixture(scope="module")
def big(server):
    name = "pep249_big"
    with rl.connect(server, database=name, create=True, autocommit=True) as c:
        cur = c.cursor()
        cur.execute("CREATE TABLE big (id BIGINT PRIMARY KEY, grp INTEGER NOT NULL)")
        for start in range(0, 20_000, 500):
            cur.execute("INSERT INTO big VALUES " + ", ".join("(?, ?)" for _ in range(500)),
                        [v for i in range(start, start + 500) for v in (i, i % 10)])
    return name


def test_cancel_from_another_thread_before_the_first_row(server, big):
    with rl.connect(server, database=big, autocommit=True) as c:
        cur = c.cursor()
        cur.timeout = 120  # a backstop only: the cancel must end the statement long before
        timer = threading.Timer(0.5, cur.cancel)
        timer.start()
        started = time.monotonic()
        try:
            with pytest.raises(rl.QueryCanceled) as e:
                cur.execute(SLOW_AGGREGATE)
        finally:
            timer.cancel()
        report("execute cancelled after 0.5 s by another thread: returned after", time.monotonic() - started)
        assert "user request" in str(e.value) and e.value.sqlstate == "57014"
        assert isinstance(e.value, rl.OperationalError)


def test_connection_cancel_from_another_thread(server, big):
    with rl.connect(server, database=big, autocommit=True) as c:
        cur = c.cursor()
        cur.timeout = 120
        timer = threading.Timer(0.5, c.cancel)
        timer.start()
        try:
            with pytest.raises(rl.QueryCanceled):
                cur.execute(SLOW_AGGREGATE)
        finally:
            timer.cancel()


def test_timeout_before_the_first_row(server, big):
    with rl.connect(server, database=big, autocommit=True) as c:
        cur = c.cursor()
        cur.timeout = 1.0
        started = time.monotonic()
        with pytest.raises(rl.QueryCanceled) as e:
            cur.execute(SLOW_AGGREGATE)
        report("execute with a 1 s timeout: returned after", time.monotonic() - started)
        assert "statement timeout" in str(e.value) and e.value.sqlstate == "57014"


def test_a_cancelled_stream_never_looks_complete(server, big):
    with rl.connect(server, database=big, autocommit=True) as c:
        cur = c.cursor()
        cur.fetch_size = 100
        cur.execute("SELECT a.id, b.id FROM big a CROSS JOIN big b")
        got = []
        errors = []

        def read():
            try:
                for row in cur:
                    got.append(row)
            except rl.Error as e:
                errors.append(e)

        reader = threading.Thread(target=read)
        reader.start()
        while len(got) < 1000:
            time.sleep(0.01)
        cur.cancel()
        reader.join(30)
        assert not reader.is_alive()
        assert len(errors) == 1 and isinstance(errors[0], rl.QueryCanceled), errors
        with pytest.raises(rl.QueryCanceled):
            cur.fetchone()
        # the cursor and the connection go on
        cur.execute("SELECT COUNT(*) FROM big WHERE grp = ?", (1,))
        assert cur.fetchone() == (2_000,)


def test_cancel_after_the_end_keeps_the_rows(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE small (id BIGINT PRIMARY KEY)")
    cur.execute("INSERT INTO small VALUES (1), (2)")
    cur.execute("SELECT id FROM small ORDER BY id")
    cur._result.buffer_rest()
    cur.cancel()  # nothing is running any more
    assert cur.fetchall() == [(1,), (2,)]


# ---- threads ----

def test_a_connection_shared_between_threads(server, big):
    assert rl.threadsafety == 2
    with rl.connect(server, database=big, autocommit=True) as c:
        errors, counts = [], []

        def work(group):
            try:
                cur = c.cursor()
                cur.fetch_size = 10
                for _ in range(10):
                    cur.execute("SELECT id FROM big WHERE grp = ?", (group,))
                    rows = cur.fetchall()
                    counts.append(len(rows))
                    assert all(r[0] % 10 == group for r in rows)
            except BaseException as e:  # noqa: B036 - reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(g,)) for g in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert errors == []
        assert counts == [2_000] * 40


# ---- closing, nextset, setoutputsize ----

def test_closing_twice_and_using_closed_objects(server, database):
    conn = rl.connect(server, database=database, create=True)
    cur = conn.cursor()
    cur.close()
    cur.close()  # closing a closed cursor does nothing
    with pytest.raises(rl.InterfaceError):
        cur.execute("SHOW TABLES")
    with pytest.raises(rl.InterfaceError):
        cur.setoutputsize(10)
    other = conn.cursor()
    started = time.monotonic()
    conn.close()
    report("Connection.close()", time.monotonic() - started)
    conn.close()  # closing a closed connection does nothing
    other.close()
    for call in (conn.cursor, conn.commit, conn.rollback, lambda: other.execute("SHOW TABLES")):
        with pytest.raises(rl.Error):
            call()


def test_connect_and_close_timings(server, database):
    """Measures (prints) connect and close; asserts nothing about speed."""
    rl.connect(server, database=database, create=True).close()
    for _ in range(3):
        started = time.monotonic()
        c = rl.connect(server, database=database)
        opened = time.monotonic()
        c.close()
        report("connect", opened - started)
        report("close", time.monotonic() - opened)
        assert c.closed


def test_nextset_and_setoutputsize(conn):
    cur = conn.cursor()
    with pytest.raises(rl.ProgrammingError):
        cur.nextset()  # no statement yet
    cur.execute("CREATE TABLE ns (id BIGINT PRIMARY KEY)")
    with pytest.raises(rl.ProgrammingError):
        cur.nextset()  # no result set
    cur.execute("INSERT INTO ns VALUES (1), (2), (3)")
    cur.setinputsizes([None])
    cur.setoutputsize(1000)
    cur.setoutputsize(2000, 0)
    cur.execute("SELECT id FROM ns ORDER BY id")
    assert cur.fetchone() == (1,)
    assert cur.nextset() is None  # one set per statement: the rest is discarded
    with pytest.raises(rl.ProgrammingError):
        cur.fetchone()
    cur.execute("SELECT COUNT(*) FROM ns")  # the session is free again
    assert cur.fetchone() == (3,)
