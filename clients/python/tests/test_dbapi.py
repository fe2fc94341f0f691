"""The DB-API driver against a real server."""
import datetime
import time
import types
from decimal import Decimal

import pytest

import relationshiplayer as rl
from relationshiplayer import exceptions

BIG_ROWS = 20_000


def create_projects_and_tickets(cur):
    cur.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE)")
    cur.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT NOT NULL REFERENCES projects, "
                "title VARCHAR(100), status VARCHAR(10))")


# ---- module ----

def test_module_globals():
    assert rl.apilevel == "2.0"
    assert rl.threadsafety == 2
    assert rl.paramstyle == "qmark"
    for name in ("Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError",
                 "IntegrityError", "InternalError", "ProgrammingError", "NotSupportedError"):
        assert issubclass(getattr(rl, name), Exception)
    assert issubclass(rl.IntegrityError, rl.DatabaseError) and issubclass(rl.DatabaseError, rl.Error)
    assert issubclass(rl.InterfaceError, rl.Error) and not issubclass(rl.Warning, rl.Error)
    assert rl.Date(2024, 2, 29) == datetime.date(2024, 2, 29)
    assert rl.Timestamp(2024, 2, 29, 1, 2, 3) == datetime.datetime(2024, 2, 29, 1, 2, 3)
    assert rl.Binary(b"\x00") == b"\x00"
    assert rl.Time(1, 2, 3) == datetime.time(1, 2, 3)
    assert isinstance(rl.DateFromTicks(0), datetime.date)
    assert rl.STRING == "VARCHAR" and rl.BINARY == "VARBINARY" and rl.DATETIME == "TIMESTAMP"
    assert rl.DATETIME == "TIME"
    assert rl.NUMBER == "DECIMAL" and rl.NUMBER == "BIGINT" and rl.NUMBER != "VARCHAR"


@pytest.mark.parametrize("sqlstate, cls", [
    ("23505", rl.IntegrityError), ("23503", rl.IntegrityError), ("42601", rl.ProgrammingError),
    ("42P01", rl.ProgrammingError), ("22001", rl.DataError), ("40001", rl.OperationalError),
    ("0A000", rl.NotSupportedError), ("57014", rl.QueryCanceled), ("57P01", rl.OperationalError),
    ("XX000", rl.InternalError),
    ("99999", rl.DatabaseError),
])
def test_sqlstate_mapping(sqlstate, cls):
    assert exceptions.class_for(sqlstate) is cls


# ---- statements ----

def test_ddl_insert_with_parameters_and_join(conn):
    # autocommit: a transaction ends at FoundationDB's 5 s, which a cold server's first plans can pass
    conn.autocommit = True
    cur = conn.cursor()
    create_projects_and_tickets(cur)
    assert cur.description is None
    assert cur.command == "CREATE TABLE"
    assert sorted(conn.list_tables()) == ["projects", "tickets"]
    cur.execute("INSERT INTO projects VALUES (?, ?)", (1, "alpha"))
    assert cur.rowcount == 1
    cur.execute("INSERT INTO projects (id, name) VALUES (?, ?), (?, ?)", [2, "beta", 3, "gamma"])
    assert cur.rowcount == 2
    cur.executemany("INSERT INTO tickets VALUES (?, ?, ?, ?)",
                    [(i, 1 + i % 2, f"ticket {i}", "open" if i % 3 else "closed") for i in range(1, 11)])
    assert cur.rowcount == 10
    cur.execute("SELECT p.name, COUNT(*) AS n FROM tickets t JOIN projects p ON p.id = t.project_id "
                "WHERE t.status = ? GROUP BY p.name ORDER BY p.name", ("open",))
    assert [d[0].lower() for d in cur.description] == ["name", "n"]
    assert cur.description[0][1] == rl.STRING and cur.description[1][1] == rl.NUMBER
    assert cur.fetchall() == [("alpha", 4), ("beta", 3)]  # open: even ids -> alpha, odd -> beta
    assert cur.rowcount == 2
    cur.execute("SELECT t.id, p.name FROM tickets t JOIN projects p ON p.id = t.project_id WHERE t.id IN (?, ?) "
                "ORDER BY t.id", (4, 5))
    assert cur.fetchone() == (4, "alpha")
    assert cur.fetchone() == (5, "beta")
    assert cur.fetchone() is None
    cur.execute("UPDATE tickets SET status = 'done' WHERE project_id = ?", (2,))
    assert cur.rowcount == 5
    cur.execute("DELETE FROM tickets WHERE status = ?", ("done",))
    assert cur.rowcount == 5
    cur.execute("SELECT id FROM tickets ORDER BY id")
    assert [r[0] for r in cur] == [2, 4, 6, 8, 10]
    described = conn.describe_table("tickets")
    assert list(described.primary_key) == ["id"]


def test_description_and_fetchmany_arraysize(conn):
    with conn.cursor() as cur:
        cur.execute("CREATE TABLE d (id BIGINT PRIMARY KEY, name VARCHAR(12) NOT NULL, m DECIMAL(10,3))")
        cur.executemany("INSERT INTO d VALUES (?, ?, ?)", [(i, f"n{i}", Decimal(i)) for i in range(7)])
        cur.execute("SELECT id, name, m FROM d ORDER BY id")
        (c_id, c_name, c_m) = cur.description
        assert c_id[:2] == ("id", "BIGINT") and c_id[6] is False
        # internal_size: the VARCHAR length when the server reports it (its result headers currently send 0)
        assert c_name[:2] == ("name", "VARCHAR") and c_name[3] in (None, 12) and c_name[6] is False
        assert c_m[1] == "DECIMAL" and c_m[4:7] == (10, 3, True)
        cur.arraysize = 3
        assert len(cur.fetchmany()) == 3
        assert len(cur.fetchmany(2)) == 2
        assert len(cur.fetchmany(10)) == 2
        assert cur.fetchmany() == []
    assert cur.closed
    with pytest.raises(rl.InterfaceError):
        cur.execute("SELECT 1")


def test_fetch_without_result_is_a_programming_error(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE nr (id BIGINT PRIMARY KEY)")
    with pytest.raises(rl.ProgrammingError):
        cur.fetchone()


def test_two_cursors_interleave_on_one_session(conn):
    a, b = conn.cursor(), conn.cursor()
    a.execute("CREATE TABLE inter (id BIGINT PRIMARY KEY)")
    a.execute("INSERT INTO inter VALUES " + ", ".join(f"({i})" for i in range(50)))
    a.fetch_size = 5
    a.execute("SELECT id FROM inter ORDER BY id")
    assert a.fetchone() == (0,)
    b.execute("SELECT COUNT(*) FROM inter")  # the session is busy with a's stream: a's rest is buffered first
    assert b.fetchone() == (50,)
    assert [r[0] for r in a.fetchall()] == list(range(1, 50))


# ---- errors ----

def test_foreign_key_violation_is_an_integrity_error(conn):
    conn.autocommit = True  # each failed statement on its own (in a transaction the first would abort it)
    cur = conn.cursor()
    create_projects_and_tickets(cur)
    cur.execute("INSERT INTO projects VALUES (1, 'alpha')")
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO tickets VALUES (?, ?, ?, ?)", (1, 42, "orphan", "open"))
    assert e.value.sqlstate == "23503"
    assert not e.value.retryable
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO projects VALUES (2, 'alpha')")
    assert e.value.sqlstate == "23505"
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO projects (id) VALUES (3)")
    assert e.value.sqlstate == "23502"
    # the session is still usable after errors (autocommit)
    cur.execute("SELECT COUNT(*) FROM projects")
    assert cur.fetchone() == (1,)


def test_syntax_error_is_a_programming_error_with_its_position(conn):
    conn.autocommit = True
    cur = conn.cursor()
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT 1\nFROM projects WHERE id = = 1")
    err = e.value
    assert err.sqlstate == "42601"
    assert err.line == 2 and err.column > 1, (err.line, err.column, str(err))
    assert "line 2" in str(err)
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT * FROM no_such_table")
    assert e.value.sqlstate == "42P01"
    assert (e.value.line, e.value.column) == (1, 15)


def test_data_error(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE short (id BIGINT PRIMARY KEY, s VARCHAR(3))")
    with pytest.raises(rl.DataError) as e:
        cur.execute("INSERT INTO short VALUES (?, ?)", (1, "too long"))
    assert e.value.sqlstate.startswith("22")


def test_unsupported_parameter_types(conn):
    cur = conn.cursor()
    with pytest.raises(rl.NotSupportedError):
        cur.execute("SELECT ?", (datetime.time(1, 2, tzinfo=datetime.timezone.utc),))
    with pytest.raises(rl.InterfaceError):
        cur.execute("SELECT ?", (object(),))


def test_serialization_failure_is_retryable(server, database):
    setup = rl.connect(server, database=database, create=True, autocommit=True)
    setup.cursor().execute("CREATE TABLE counters (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
    setup.cursor().execute("INSERT INTO counters VALUES (1, 0)")
    a = rl.connect(server, database=database, autocommit=False)
    b = rl.connect(server, database=database, autocommit=False)
    try:
        ca, cb = a.cursor(), b.cursor()
        ca.execute("SELECT n FROM counters WHERE id = 1")
        cb.execute("SELECT n FROM counters WHERE id = 1")
        assert ca.fetchall() == cb.fetchall() == [(0,)]
        ca.execute("UPDATE counters SET n = n + 1 WHERE id = 1")
        cb.execute("UPDATE counters SET n = n + 1 WHERE id = 1")
        a.commit()
        with pytest.raises(rl.OperationalError) as e:
            b.commit()
        assert e.value.sqlstate == "40001"
        assert e.value.retryable
        assert "retry" in str(e.value)
        b.rollback()
        cb.execute("SELECT n FROM counters WHERE id = 1")
        assert cb.fetchall() == [(1,)]
    finally:
        a.close()
        b.close()
        setup.close()


# ---- transactions ----

def test_transactions_commit_and_rollback(server, database):
    with rl.connect(server, database=database, create=True) as setup:
        setup.cursor().execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(10))")
    conn = rl.connect(server, database=database)  # autocommit off by default
    other = rl.connect(server, database=database, autocommit=True)
    try:
        assert conn.autocommit is False and other.autocommit is True
        cur, seen = conn.cursor(), other.cursor()
        cur.execute("INSERT INTO kv VALUES (?, ?)", (1, "one"))
        assert conn.in_transaction
        cur.execute("SELECT v FROM kv WHERE k = 1")
        assert cur.fetchall() == [("one",)]  # read your writes
        seen.execute("SELECT COUNT(*) FROM kv")
        assert seen.fetchone() == (0,)  # not visible before commit
        conn.rollback()
        assert not conn.in_transaction
        seen.execute("SELECT COUNT(*) FROM kv")
        assert seen.fetchone() == (0,)

        cur.execute("INSERT INTO kv VALUES (?, ?)", (2, "two"))
        cur.execute("INSERT INTO kv VALUES (?, ?)", (3, "three"))
        conn.commit()
        seen.execute("SELECT k, v FROM kv ORDER BY k")
        assert seen.fetchall() == [(2, "two"), (3, "three")]

        # a failed statement aborts the transaction until rollback
        cur.execute("INSERT INTO kv VALUES (?, ?)", (4, "four"))
        with pytest.raises(rl.IntegrityError):
            cur.execute("INSERT INTO kv VALUES (?, ?)", (2, "again"))
        with pytest.raises(rl.Error) as e:
            cur.execute("SELECT 1")
        assert e.value.sqlstate == "25P02"
        conn.rollback()
        cur.execute("SELECT COUNT(*) FROM kv")
        assert cur.fetchone() == (2,)
        conn.rollback()

        # switching autocommit on commits the open transaction
        cur.execute("INSERT INTO kv VALUES (?, ?)", (5, "five"))
        conn.autocommit = True
        assert not conn.in_transaction
        seen.execute("SELECT COUNT(*) FROM kv")
        assert seen.fetchone() == (3,)
    finally:
        conn.close()
        other.close()


def test_connection_context_manager_commits_or_rolls_back(server, database):
    with rl.connect(server, database=database, create=True) as c:
        c.cursor().execute("CREATE TABLE cm (id BIGINT PRIMARY KEY)")
    with rl.connect(server, database=database, autocommit=False) as c:
        c.cursor().execute("INSERT INTO cm VALUES (1)")
    with pytest.raises(ZeroDivisionError):
        with rl.connect(server, database=database, autocommit=False) as c:
            c.cursor().execute("INSERT INTO cm VALUES (2)")
            1 / 0
    assert c.closed
    with rl.connect(server, database=database) as c:
        cur = c.cursor()
        cur.execute("SELECT id FROM cm")
        assert cur.fetchall() == [(1,)]


# ---- streaming and cancelling ----

@pytest.fixture(scope="module")
def big(server):
    """A database with a 20,000-row table `big`."""
    name = "big_stream"
    with rl.connect(server, database=name, create=True, autocommit=True) as c:
        cur = c.cursor()
        cur.execute("CREATE TABLE big (id BIGINT PRIMARY KEY, grp INTEGER NOT NULL, pad VARCHAR(200))")
        step = 500
        for start in range(0, BIG_ROWS, step):
            rows = range(start, start + step)
            cur.execute("INSERT INTO big VALUES " + ", ".join("(?, ?, ?)" for _ in rows),
                        [v for i in rows for v in (i, i % 10, "x" * 100)])
    return name


def test_large_result_streams_lazily(server, big):
    with rl.connect(server, database=big) as c:
        cur = c.cursor()
        cur.fetch_size = 100
        started = time.monotonic()
        cur.execute("SELECT id, grp, pad FROM big ORDER BY id")
        first = cur.fetchmany(10)
        first_latency = time.monotonic() - started
        assert [r[0] for r in first] == list(range(10))
        result = cur._result
        # only the first batch has crossed the wire: the rest waits on the server under flow control
        assert result.batches == 1 and result.rows_received == 100
        assert not result.done and cur.rowcount == -1
        rows = iter(cur)
        assert isinstance(rows, types.GeneratorType) or rows is cur
        n = 10
        for i, row in enumerate(rows, start=10):
            assert row[0] == i
            n += 1
            if n == 150:
                assert result.rows_received <= 200  # reading more pulls batches one by one
        all_time = time.monotonic() - started
        assert n == BIG_ROWS
        assert cur.rowcount == BIG_ROWS
        assert result.batches == BIG_ROWS // 100
        assert first_latency < all_time


def test_cancel_stops_the_servers_scan(server, big):
    with rl.connect(server, database=big) as c:
        cur = c.cursor()
        cur.fetch_size = 100
        # 400 million rows: nothing reads this to its end in the test's time
        cur.execute("SELECT a.id, b.id FROM big a CROSS JOIN big b")
        assert len(cur.fetchmany(10)) == 10
        cur.cancel()
        with pytest.raises(rl.QueryCanceled) as e:  # never an end that looks like a complete result
            cur.fetchall()
        assert e.value.sqlstate == "57014" and isinstance(e.value, rl.OperationalError)
        assert (e.value.position, e.value.line, e.value.column, e.value.diag.statement_position) == (None,) * 4
        started = time.monotonic()
        # the session is free again only once the server has stopped the statement
        check = c.cursor()
        check.execute("SELECT COUNT(*) FROM big WHERE grp = ?", (3,))
        assert check.fetchone() == (BIG_ROWS // 10,)
        assert time.monotonic() - started < 5


def test_closing_a_cursor_mid_stream_cancels_it(server, big):
    with rl.connect(server, database=big) as c:
        cur = c.cursor()
        cur.fetch_size = 50
        cur.execute("SELECT a.id, b.id FROM big a CROSS JOIN big b")
        assert cur.fetchone() is not None
        result = cur._result
        cur.close()
        assert result.cancelled and result.done
        check = c.cursor()
        check.execute("SELECT COUNT(*) FROM big")
        assert check.fetchone() == (BIG_ROWS,)


def test_deadline_cancels_a_statement(server, big):
    with rl.connect(server, database=big) as c:
        cur = c.cursor()
        cur.timeout = 1.0
        cur.execute("SELECT a.id, b.id FROM big a CROSS JOIN big b")
        with pytest.raises(rl.QueryCanceled) as e:
            cur.fetchall()
        assert e.value.sqlstate == "57014" and "statement timeout" in str(e.value)
        assert (e.value.position, e.value.line, e.value.column, e.value.diag.statement_position) == (None,) * 4
        cur.timeout = None
        cur.execute("SELECT COUNT(*) FROM big")
        assert cur.fetchone() == (BIG_ROWS,)


def test_session_statement_timeout_is_the_servers(server):
    with rl.connect(server, database="stmt_timeout", create=True, autocommit=True) as c:
        cur = c.cursor()
        cur.execute("SET statement_timeout = 200")
        with pytest.raises(rl.QueryCanceled) as e:  # no Cursor.timeout: the server's words, not the client's
            cur.execute("SELECT count(*) FROM generate_series(1, 2000000000) g")
            cur.fetchall()
        assert e.value.sqlstate == "57014"
        assert str(e.value).startswith("canceling statement due to statement timeout")
        assert "Cursor.timeout" not in str(e.value)
        cur.execute("SET statement_timeout = 0")
        cur.execute("SELECT 1")
        assert cur.fetchone() == (1,)


# ---- types ----

TYPED = ("CREATE TABLE typed (id BIGINT PRIMARY KEY, i INTEGER, d DOUBLE, b BOOLEAN, s VARCHAR(20), "
         "v VARBINARY(16), m DECIMAL(18,6), dt DATE, ts TIMESTAMP)")


def test_type_round_trips(conn):
    cur = conn.cursor()
    cur.execute(TYPED)
    rows = [
        (1, 7, 1.5, True, "héllo ☃", b"\x00\x01\xff", Decimal("123456789012.123456"),
         datetime.date(2024, 2, 29), datetime.datetime(2024, 2, 29, 23, 59, 58, 123000)),
        (2, None, None, None, None, None, None, None, None),
        (9223372036854775807, -2147483648, -0.0, False, "", b"", Decimal("-0.000001"),
         datetime.date(1969, 12, 31), datetime.datetime(1969, 12, 31, 23, 59, 59, 999000)),
        (-9223372036854775808, 2147483647, 1e300, True, "x" * 20, bytes(range(16)), Decimal("999999999999.999999"),
         datetime.date(1, 1, 1), datetime.datetime(1970, 1, 1)),
    ]
    cur.executemany("INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    cur.execute("SELECT id, i, d, b, s, v, m, dt, ts FROM typed ORDER BY id")
    assert [d[1] for d in cur.description] == ["BIGINT", "INTEGER", "DOUBLE", "BOOLEAN", "VARCHAR", "VARBINARY",
                                               "DECIMAL", "DATE", "TIMESTAMP"]
    got = cur.fetchall()
    assert got == sorted(rows, key=lambda r: r[0])
    for row in got:
        for value, expected_type in zip(row, (int, int, float, bool, str, bytes, Decimal, datetime.date,
                                              datetime.datetime)):
            assert value is None or type(value) is expected_type
    m = [r[6] for r in got if r[0] == 1][0]
    assert m.as_tuple() == Decimal("123456789012.123456").as_tuple()  # exact, with its scale
    # parameters compare with the stored values
    cur.execute("SELECT id FROM typed WHERE m = ? AND dt = ? AND ts = ? AND v = ? AND b = ?",
                rows[0][6:9] + (rows[0][5], True))
    assert cur.fetchall() == [(1,)]
    cur.execute("SELECT id FROM typed WHERE i IS NULL AND s IS NULL")
    assert cur.fetchall() == [(2,)]
    cur.execute("SELECT CAST(? AS BIGINT), CAST(? AS VARCHAR(5)), CAST(? AS DECIMAL(5,2))", (None, "x", None))
    assert cur.fetchone() == (None, "x", None)


def test_decimal_scale_is_kept(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE money (id BIGINT PRIMARY KEY, amount DECIMAL(12,2) NOT NULL)")
    cur.execute("INSERT INTO money VALUES (?, ?)", (1, Decimal("10.50")))
    cur.execute("INSERT INTO money VALUES (?, ?)", (2, Decimal("0.1")))
    cur.execute("SELECT amount FROM money ORDER BY id")
    a, b = (r[0] for r in cur.fetchall())
    assert a == Decimal("10.50") and str(a) == "10.50"
    assert b == Decimal("0.10")
    cur.execute("SELECT SUM(amount) FROM money")
    assert cur.fetchone()[0] == Decimal("10.60")


def test_timestamp_keeps_milliseconds(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE times (id BIGINT PRIMARY KEY, ts TIMESTAMP)")
    ts = datetime.datetime(2024, 2, 29, 23, 59, 58, 123000)
    aware = datetime.datetime(2024, 3, 1, 1, 0, 0, 5000, tzinfo=datetime.timezone(datetime.timedelta(hours=2)))
    cur.execute("INSERT INTO times VALUES (?, ?), (?, ?)", (1, ts, 2, aware))
    cur.execute("SELECT ts FROM times ORDER BY id")
    assert cur.fetchall() == [(ts,), (datetime.datetime(2024, 2, 29, 23, 0, 0, 5000),)]  # aware: stored as UTC


def test_timestamp_finds_rows_by_their_microseconds(conn):
    conn.autocommit = True  # each failed statement on its own
    cur = conn.cursor()
    cur.execute("CREATE TABLE exact (id BIGINT PRIMARY KEY, ts TIMESTAMP)")
    ts = datetime.datetime(2024, 2, 29, 23, 59, 58, 123456)
    cur.execute("INSERT INTO exact VALUES (?, ?), (?, ?)", (1, ts, 2, ts + datetime.timedelta(microseconds=1)))
    cur.execute("SELECT id FROM exact WHERE ts = ?", (ts,))
    assert cur.fetchall() == [(1,)]
    # an interval keeps milliseconds: finer digits are refused, never dropped
    with pytest.raises(rl.DataError) as e:
        cur.execute("SELECT id FROM exact WHERE ts + INTERVAL '0.0001' SECOND > ts")
    assert e.value.sqlstate == "22008"


def test_timestamp_keeps_microseconds(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE micros (id BIGINT PRIMARY KEY, ts TIMESTAMP)")
    ts = datetime.datetime(2024, 2, 29, 23, 59, 58, 123456)
    cur.execute("INSERT INTO micros VALUES (?, ?)", (1, ts))
    cur.execute("INSERT INTO micros VALUES (2, TIMESTAMP '2024-02-29 23:59:58.123456')")
    cur.execute("SELECT ts FROM micros ORDER BY id")
    assert cur.fetchall() == [(ts,), (ts,)]


def test_executemany_is_one_atomic_batch_in_autocommit(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE parents (id BIGINT PRIMARY KEY)")
    cur.execute("CREATE TABLE kids (id BIGINT PRIMARY KEY, parent BIGINT REFERENCES parents (id))")
    cur.execute("INSERT INTO parents VALUES (1)")
    cur.executemany("INSERT INTO kids VALUES (?, ?)", [(i, 1) for i in range(1000)])
    assert cur.rowcount == 1000
    # the third row has no parent: nothing of the batch is written, and the error names the row
    with pytest.raises(exceptions.IntegrityError) as failure:
        cur.executemany("INSERT INTO kids VALUES (?, ?)", [(2000, 1), (2001, 1), (2002, 7), (2003, 1)])
    assert failure.value.sqlstate == "23503"
    assert failure.value.batch_index == 2
    assert not conn.in_transaction
    cur.execute("SELECT COUNT(*) FROM kids")
    assert cur.fetchone() == (1000,)
    cur.executemany("UPDATE kids SET parent = ? WHERE id < ?", [(None, 10), (None, 20)])
    assert cur.rowcount == 30


def test_executemany_joins_the_transaction_without_autocommit(server, database):
    with rl.connect(server, database=database, create=True) as setup:
        setup.cursor().execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(10))")
    conn = rl.connect(server, database=database, autocommit=False)
    try:
        cur = conn.cursor()
        cur.executemany("INSERT INTO kv VALUES (?, ?)", [(1, "a"), (2, "b")])
        assert conn.in_transaction
        conn.rollback()
        cur.execute("SELECT COUNT(*) FROM kv")
        assert cur.fetchone() == (0,)
        cur.executemany("INSERT INTO kv VALUES (?, ?)", [(1, "a"), (2, "b")])
        conn.commit()
        cur.execute("SELECT COUNT(*) FROM kv")
        assert cur.fetchone() == (2,)
    finally:
        conn.close()


def test_dates_outside_pythons_years_are_a_data_error_not_an_overflow(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE eras (id BIGINT PRIMARY KEY, d DATE, ts TIMESTAMP)")
    cur.execute("INSERT INTO eras VALUES (1, DATE '0044-03-15 BC', TIMESTAMP '0044-03-15 10:00:00 BC'), "
                "(2, DATE '2024-11-29', TIMESTAMP '2024-11-29 10:00')")
    for column in ("d", "ts"):
        with pytest.raises(rl.DataError) as e:
            cur.execute(f"SELECT {column} FROM eras WHERE id = 1")
            cur.fetchall()
        assert e.value.sqlstate == "22008" and "outside Python's years" in str(e.value)
    cur.execute("SELECT CAST(d AS VARCHAR), CAST(ts AS VARCHAR) FROM eras WHERE id = 1")
    assert cur.fetchall() == [("0044-03-15 BC", "0044-03-15 10:00:00 BC")]
    cur.execute("SELECT d, ts FROM eras WHERE id = 2")  # the connection still serves
    assert cur.fetchall() == [(datetime.date(2024, 11, 29), datetime.datetime(2024, 11, 29, 10, 0))]


def test_time_column(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE shifts (id BIGINT PRIMARY KEY, starts TIME NOT NULL, ends TIME(3))")
    cur.executemany("INSERT INTO shifts VALUES (?, ?, ?)", [
        (1, datetime.time(8, 0, 0, 250000), datetime.time(16, 30, 0, 123456)),
        (2, datetime.time(12, 34, 56, 789012), "24:00:00"),
        (3, "23:00", None),
    ])
    cur.execute("SELECT id, starts, ends, CAST(starts AS VARCHAR) FROM shifts ORDER BY id")
    assert [d[1] for d in cur.description][:3] == ["BIGINT", "TIME", "TIME"]
    assert cur.description[1][1] == rl.DATETIME
    assert cur.fetchall() == [
        (1, datetime.time(8, 0, 0, 250000), datetime.time(16, 30, 0, 123000), "08:00:00.25"),  # TIME(3) rounds
        (2, datetime.time(12, 34, 56, 789012), datetime.time.max, "12:34:56.789012"),  # 24:00:00
        (3, datetime.time(23, 0), None, "23:00:00"),
    ]
    cur.execute("SELECT id FROM shifts WHERE starts = ?", (datetime.time(12, 34, 56, 789012),))
    assert cur.fetchall() == [(2,)]
