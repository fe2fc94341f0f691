"""The errors a user meets daily, against a real server: SQLSTATE, message and position as psycopg gives them."""
import pytest

import relationshiplayer as rl
from relationshiplayer import exceptions

from conftest import running_server_process


def assert_position(error, sqlstate, position, line, column):
    assert error.sqlstate == sqlstate, str(error)
    assert (error.position, error.line, error.column) == (position, line, column), str(error)
    assert error.diag.statement_position == str(position)  # psycopg: a string
    assert error.diag.sqlstate == sqlstate and error.diag.severity == "ERROR"
    assert f"at line {line}, column {column}" in str(error)


def assert_no_position(error, sqlstate):
    assert error.sqlstate == sqlstate, str(error)
    assert (error.position, error.line, error.column) == (None, None, None), str(error)
    assert error.diag.statement_position is None
    assert error.diag.sqlstate == sqlstate
    assert "at line" not in str(error)


def test_errors_in_the_text_have_their_position(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(20))")
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT 1 FROM")
    assert_position(e.value, "42601", 14, 1, 14)  # PostgreSQL 15: syntax error at end of input, position 14
    assert e.value.diag.message_primary == "syntax error at end of input"
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT * FROM nowhere")
    assert_position(e.value, "42P01", 15, 1, 15)
    assert e.value.diag.message_primary == 'relation "nowhere" does not exist'
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT nope FROM p WHERE id = ?", (1,))
    assert_position(e.value, "42703", 8, 1, 8)
    with pytest.raises(rl.DataError) as e:
        cur.execute("SELECT 'x'::int")
    assert_position(e.value, "22P02", 8, 1, 8)
    # characters as PostgreSQL counts them: the emoji is one (the server's column counts it two), CR LF two
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT 'é😀',\r\n  1\r\nFROM nowhere")
    assert_position(e.value, "42P01", 25, 3, 6)
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT '😀', nope FROM p")
    assert_position(e.value, "42703", 13, 1, 14)
    with pytest.raises(rl.ProgrammingError) as e:  # DDL's own parser counts its columns the same way
        cur.execute("CREATE TABLE e (a VARCHAR(10) DEFAULT '😀' nope)")
    assert_position(e.value, "42601", 43, 1, 44)


def test_positions_in_transactions_and_executemany(conn):
    cur = conn.cursor()
    cur.execute("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(20))")
    with pytest.raises(rl.ProgrammingError) as e:  # autocommit off: the statement follows a BEGIN
        cur.execute("SELECT name FROM p WHERE nope = 1")
    assert_position(e.value, "42703", 26, 1, 26)
    conn.rollback()
    with pytest.raises(rl.ProgrammingError) as e:  # one ExecuteBatch call
        cur.executemany("INSERT INTO nowhere VALUES (?)", [(1,), (2,)])
    assert_position(e.value, "42P01", 13, 1, 13)
    conn.rollback()
    with pytest.raises(rl.ProgrammingError) as e:  # prepared, then run per parameter set
        cur.executemany("SELECT ? FROM nowhere", [(1,), (2,)])
    assert_position(e.value, "42P01", 15, 1, 15)
    conn.rollback()


def test_errors_not_about_a_position_have_none(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE p (id BIGINT PRIMARY KEY)")
    cur.execute("CREATE TABLE ch (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p)")
    cur.execute("INSERT INTO p VALUES (1)")
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO p VALUES (1)")
    assert_no_position(e.value, "23505")
    assert e.value.diag.message_primary == 'duplicate key value violates unique constraint "p_pkey"'
    assert e.value.diag.message_detail == "Key (id)=(1) already exists."
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO ch VALUES (?, ?)", (1, 7))
    assert_no_position(e.value, "23503")
    assert e.value.diag.message_primary == 'insert or update on table "ch" violates foreign key constraint "ch_p_fkey"'
    assert e.value.diag.message_detail == 'Key (p)=(7) is not present in table "p".'
    with pytest.raises(rl.IntegrityError) as e:
        cur.executemany("INSERT INTO p VALUES (?)", [(2,), (1,)])
    assert_no_position(e.value, "23505")
    assert e.value.batch_index == 1
    assert e.value.diag.message_detail == "Key (id)=(1) already exists."
    with pytest.raises(rl.DataError) as e:
        cur.execute("SELECT 1 / 0 FROM p")
    assert_no_position(e.value, "22012")
    assert e.value.diag.message_primary == "division by zero"
    assert e.value.diag.message_detail is None and e.value.diag.constraint_name is None
    with pytest.raises(AttributeError):
        e.value.diag.no_such_field


def test_errors_carry_postgres_detail_and_hint_as_psycopg(conn):
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(20) NOT NULL CHECK (name <> 'x'))")
    cur.execute("CREATE TABLE ch (id BIGINT PRIMARY KEY, tid BIGINT REFERENCES t)")
    cur.execute("INSERT INTO t VALUES (1, 'a')")
    cur.execute("INSERT INTO ch VALUES (1, 1)")
    # psycopg against PostgreSQL 15: str(e) is the message, then "DETAIL:  ..." on a line of its own
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO t VALUES (1, 'b')")
    assert e.value.diag.message_primary == 'duplicate key value violates unique constraint "t_pkey"'
    assert e.value.diag.message_detail == e.value.detail == "Key (id)=(1) already exists."
    assert e.value.diag.message_hint is None and e.value.hint is None
    assert str(e.value) == ('duplicate key value violates unique constraint "t_pkey" (SQLSTATE 23505)\n'
                            "DETAIL:  Key (id)=(1) already exists.")
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("DELETE FROM t WHERE id = 1")
    assert e.value.diag.message_primary == ('update or delete on table "t" violates foreign key constraint '
                                            '"ch_tid_fkey" on table "ch"')
    assert e.value.diag.message_detail == 'Key (id)=(1) is still referenced from table "ch".'
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO t VALUES (?, ?)", (2, None))
    assert e.value.sqlstate == "23502"
    assert e.value.diag.message_primary == 'null value in column "name" of relation "t" violates not-null constraint'
    assert e.value.diag.message_detail == "Failing row contains (2, null)."
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("INSERT INTO t VALUES (3, 'x')")
    assert e.value.sqlstate == "23514"
    assert e.value.diag.message_detail == "Failing row contains (3, x)."
    # a DETAIL and a HINT
    with pytest.raises(rl.IntegrityError) as e:
        cur.execute("DROP TABLE t")
    assert e.value.sqlstate == "2BP01"
    assert e.value.diag.message_detail == "constraint ch_tid_fkey on table ch depends on table t"
    assert e.value.diag.message_hint == "Use DROP ... CASCADE to drop the dependent objects too."
    assert str(e.value) == ("cannot drop table t because other objects depend on it (SQLSTATE 2BP01)\n"
                            "DETAIL:  constraint ch_tid_fkey on table ch depends on table t\n"
                            "HINT:  Use DROP ... CASCADE to drop the dependent objects too.")
    # a HINT alone
    with pytest.raises(rl.DatabaseError) as e:
        cur.execute("SET statement_timeout = '1x'")
    assert e.value.sqlstate == "22023"
    assert e.value.diag.message_detail is None
    assert e.value.diag.message_hint == 'Valid units for this parameter are "us", "ms", "s", "min", "h", and "d".'
    # neither: the message and position alone
    with pytest.raises(rl.ProgrammingError) as e:
        cur.execute("SELECT * FROM nowhere")
    assert e.value.diag.message_detail is None and e.value.diag.message_hint is None
    assert str(e.value) == 'relation "nowhere" does not exist (SQLSTATE 42P01) at line 1, column 15'


def test_a_lost_connection_is_an_operational_error():
    with running_server_process() as (address, proc):
        c = rl.connect(address, database="lost", create=True, autocommit=True)
        cur = c.cursor()
        cur.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
        cur.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(300)])
        cur.fetch_size = 10
        cur.execute("SELECT a.id, b.id FROM t a CROSS JOIN t b")  # 90,000 rows, streamed 10 at a time
        assert len(cur.fetchmany(5)) == 5
        proc.kill()  # the server dies in the middle of the result
        proc.wait()
        with pytest.raises(rl.OperationalError) as e:
            cur.fetchall()
        assert_no_position(e.value, "08006")  # as psycopg's connection failure; never a cancel (57014)
        assert e.value.diag.severity is None  # not the server's refusal
        with pytest.raises(rl.OperationalError) as e:
            cur.execute("SELECT * FROM t")
        assert_no_position(e.value, "08006")
        c.close()


@pytest.mark.parametrize("sql, line, column, position", [
    ("SELEC 1", 1, 1, 1),
    ("SELECT 1 FROM", 1, 14, 14),
    ("a\nbc", 2, 2, 4),
    ("a\r\nbc", 2, 2, 5),
    ("a\rbc", 2, 2, 4),
    ("a\n\nbc", 3, 1, 4),
    ("'😀' x", 1, 6, 5),
    ("'😀'\n'😀' x", 2, 6, 9),
    ("SELECT 1", 1, 99, 9),
    ("SELECT 1", 2, 1, None),
    ("SELECT 1", None, None, None),
    (None, 1, 3, None),
])
def test_statement_position(sql, line, column, position):
    assert exceptions.statement_position(sql, line, column) == position
