"""PEP 249 (DB-API 2.0) over the Relationship Layer's SQL service (rl.v1.SqlService).

A connection is one server session on one database. Results stream: a cursor reads the row batches of its
statement's gRPC stream as it is fetched from, never the whole stream at once. A session runs one call at a time,
so when a statement is executed while another cursor of the connection is still in the middle of a result, the
rest of that result is read into that cursor first (it stays fetchable). ``Cursor.cancel()``, or closing a cursor
in the middle of a result, cancels the call: the server stops the scan.

Threads may share a connection (``threadsafety = 2``): its calls are serialized on a lock, as a session runs one
statement at a time. ``cancel()`` takes no lock, so it reaches a statement that another thread is waiting on.
"""
import collections
import re
import threading
import time
from typing import Any, Iterator, List, Optional, Sequence

import grpc

from . import exceptions as exc
from ._channel import auth_metadata, open_channel
from .types import from_sql_value, to_sql_value

apilevel = "2.0"
threadsafety = 2  # threads may share the module and connections (serialized), not cursors
paramstyle = "qmark"

# How long a statement that overtakes the server's view of a cancelled one (55006 session busy) is retried.
_BUSY_RETRY_SECONDS = 5.0

# Statements that never open a transaction implicitly when autocommit is off: DDL (which then commits on its own;
# inside an open transaction it is part of it) and the transaction statements themselves.
_NO_IMPLICIT_BEGIN = re.compile(
    r"^\s*(?:(?:--[^\n]*(?:\n|$)|/\*.*?\*/)\s*)*(?:CREATE|DROP|ALTER|BEGIN|START|COMMIT|ROLLBACK|END|ABORT)\b",
    re.IGNORECASE | re.DOTALL)


def _pb():
    from ._proto.rl.v1 import sql_service_pb2

    return sql_service_pb2


def _stub(channel):
    from ._proto.rl.v1 import sql_service_pb2_grpc

    return sql_service_pb2_grpc.SqlServiceStub(channel)


# Statements that executemany sends as one ExecuteBatch call (leading comments and whitespace skipped).
_BATCHABLE = re.compile(r"^(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*(?:INSERT|UPDATE|DELETE)\b", re.I | re.S)


def _batch_index(error) -> Optional[int]:
    """The SqlError.batch_index of a failed ExecuteBatch, or None."""
    try:
        from google.rpc import status_pb2
        from ._proto.rl.v1 import sql_service_pb2
        for key, value in error.trailing_metadata() or ():
            if key == "grpc-status-details-bin":
                status = status_pb2.Status.FromString(value)
                for detail in status.details:
                    if detail.Is(sql_service_pb2.SqlError.DESCRIPTOR):
                        sql_error = sql_service_pb2.SqlError()
                        detail.Unpack(sql_error)
                        return sql_error.batch_index if sql_error.HasField("batch_index") else None
    except Exception:  # a status without details: no index to report
        return None
    return None


def _kind_name(column_type) -> str:
    from ._proto.rl.v1 import catalog_pb2

    return catalog_pb2.ColumnKind.Name(column_type.kind)


def connect(target: str, database: str = "default", tls=False, credentials: Optional[grpc.ChannelCredentials] = None,
            token: Optional[str] = None, timeout: Optional[float] = 30.0, autocommit: bool = False,
            must_exist: Optional[bool] = None, fetch_size: int = 0, ca=None, cert=None, key=None,
            create: bool = False) -> "Connection":
    """Connects to the server at ``target`` ("host:port") and opens a session on ``database``, which must exist
    (OperationalError, SQLSTATE 3D000) unless ``create=True`` (or ``must_exist=False``): then it is created on
    first use.

    ``autocommit``: False (the default, as PEP 249 asks): the first statement opens a transaction, which
    ``commit()`` or ``rollback()`` ends; True: each statement is its own transaction.

    ``tls``: True for TLS with the system's roots, or a ``grpc.ChannelCredentials`` (also accepted as
    ``credentials``). ``ca``: the CA certificate (a path or PEM bytes) that signed the server's certificate;
    ``cert`` and ``key``: a client certificate and its key for mutual TLS; any of the three implies TLS.
    ``token``: a bearer token sent as ``authorization`` metadata on every call (default: the environment variable
    RL_TOKEN, if set). ``timeout``: seconds to wait for an answer to opening the session and to each unary call
    (statements have no deadline unless ``Cursor.timeout`` is set); a server that refuses the connection fails at
    once (OperationalError, 08001). ``fetch_size``: rows per streamed batch (0: the server's default, 500).
    """
    if must_exist is None:
        must_exist = not create
    # No wait for the channel to be ready: opening the session is the first call, and it fails at once when the
    # server cannot be reached (a readiness wait also polls the channel, which makes close() slow).
    channel = open_channel(target, tls=tls, credentials=credentials, timeout=None, ca=ca, cert=cert, key=key)
    try:
        return Connection(channel, database, token=token, timeout=timeout, autocommit=autocommit,
                          must_exist=must_exist, fetch_size=fetch_size, target=target)
    except BaseException:
        channel.close()
        raise


def _open_error(err: grpc.RpcError, target: str, database: str, timeout: Optional[float]) -> exc.Error:
    """The error of a failed OpenSession: the server unreachable (08001), the database missing (3D000), ..."""
    code = err.code() if hasattr(err, "code") else None
    if code == grpc.StatusCode.UNAVAILABLE:
        return exc.OperationalError(f"cannot connect to the server at {target}: {err.details()}", sqlstate="08001",
                                    code=code)
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return exc.OperationalError(f"no answer from the server at {target} within {timeout} s", sqlstate="08001",
                                    code=code)
    e = exc.from_rpc_error(err)
    if e.sqlstate == "3D000":
        e.message = f"{e.message} (connect with create=True to create database {database!r})"
    return e


class Connection:
    Warning = exc.Warning
    Error = exc.Error
    InterfaceError = exc.InterfaceError
    DatabaseError = exc.DatabaseError
    DataError = exc.DataError
    OperationalError = exc.OperationalError
    IntegrityError = exc.IntegrityError
    InternalError = exc.InternalError
    ProgrammingError = exc.ProgrammingError
    NotSupportedError = exc.NotSupportedError
    QueryCanceled = exc.QueryCanceled

    def __init__(self, channel: grpc.Channel, database: str, token: Optional[str] = None,
                 timeout: Optional[float] = 30.0, autocommit: bool = False, must_exist: bool = True,
                 fetch_size: int = 0, target: Optional[str] = None):
        self._channel = channel
        self._stub = _stub(channel)
        self._metadata = auth_metadata(token)
        self._timeout = timeout
        self.database = database
        self.fetch_size = fetch_size
        self._autocommit = bool(autocommit)
        self._in_transaction = False
        self._active: Optional["_Result"] = None
        self._closed = False
        self._lock = threading.RLock()
        pb = _pb()
        request = pb.OpenSessionRequest(database=database, options=pb.SessionOptions(must_exist=must_exist))
        try:
            response = self._stub.OpenSession(request, timeout=timeout, metadata=self._metadata)
        except grpc.RpcError as e:
            raise _open_error(e, target or "the server", database, timeout) from None
        self.session_id = response.session_id

    # ---- plumbing ----

    def _unary(self, method, request, sql: Optional[str] = None):
        with self._lock:
            try:
                return method(request, timeout=self._timeout, metadata=self._metadata)
            except grpc.RpcError as e:
                raise exc.from_rpc_error(e, sql) from None

    def _check(self):
        if self._closed:
            raise exc.InterfaceError("the connection is closed", sqlstate="08003")

    def _free_session(self):
        """Makes the session free for a call: the active result is read to its end (kept by its cursor); a
        cancelled one is dropped."""
        with self._lock:
            active = self._active
            if active is not None and not active.done:
                if active.cancelled:
                    active._finish()
                else:
                    active.buffer_rest()
            self._active = None

    def _start(self, open_call, timeout: Optional[float], owner: Optional["Cursor"] = None,
               sql: Optional[str] = None) -> "_Result":
        """Starts a statement's stream and reads its header; retries a 55006 (session busy) left by a cancel.

        The result is the connection's active one (and ``owner``'s) before its header arrives, so that cancel() and
        close() from another thread reach a statement that has sent nothing yet."""
        with self._lock:
            self._check()
            self._free_session()
            deadline = time.monotonic() + _BUSY_RETRY_SECONDS
            pause = 0.01
            while True:
                result = _Result(self, open_call(timeout), timeout, sql)
                self._active = result
                if owner is not None:
                    owner._result = result
                try:
                    result.start()
                except exc.OperationalError as e:
                    if e.sqlstate == "55006" and not result.cancelled and time.monotonic() < deadline:
                        time.sleep(pause)
                        pause = min(pause * 2, 0.2)
                        continue
                    raise
                return result

    def _execute(self, sql: str, params: Sequence[Any] = (), fetch_size: int = 0,
                 timeout: Optional[float] = None, owner: Optional["Cursor"] = None) -> "_Result":
        pb = _pb()
        request = pb.ExecuteRequest(session_id=self.session_id, sql=sql,
                                    params=[to_sql_value(p, pb) for p in params],
                                    fetch_size=fetch_size or self.fetch_size, single_message=True)
        return self._start(lambda t: self._stub.Execute(request, timeout=t, metadata=self._metadata), timeout,
                           owner, sql)

    def _execute_prepared(self, statement_id: str, params: Sequence[Any], fetch_size: int = 0,
                          timeout: Optional[float] = None, sql: Optional[str] = None) -> "_Result":
        pb = _pb()
        request = pb.ExecutePreparedRequest(session_id=self.session_id, statement_id=statement_id,
                                            params=[to_sql_value(p, pb) for p in params],
                                            fetch_size=fetch_size or self.fetch_size, single_message=True)
        return self._start(lambda t: self._stub.ExecutePrepared(request, timeout=t, metadata=self._metadata),
                           timeout, sql=sql)

    def _run(self, sql: str):
        """Runs a statement to its end (BEGIN, COMMIT, ROLLBACK)."""
        result = self._execute(sql)
        result.buffer_rest()
        return result

    def _before_statement(self, sql: Optional[str] = None):
        """Without autocommit, the first statement after connect/commit/rollback opens a transaction; DDL (which
        then commits on its own) and BEGIN/COMMIT/ROLLBACK themselves do not."""
        with self._lock:
            self._check()
            if not self._autocommit and not self._in_transaction and not (
                    sql is not None and _NO_IMPLICIT_BEGIN.match(sql)):
                self._run("BEGIN")

    def _ended(self, end):
        self._in_transaction = end.in_transaction

    # ---- PEP 249 ----

    @property
    def autocommit(self) -> bool:
        """False (the default, as PEP 249 asks): the connection issues BEGIN before the first statement (DDL
        excepted), and commit() / rollback() end the transaction. True: each statement is its own transaction.
        Turning it on commits an open one."""
        return self._autocommit

    @autocommit.setter
    def autocommit(self, value: bool):
        with self._lock:
            self._check()
            value = bool(value)
            if value and not self._autocommit and self._in_transaction:
                self.commit()
            self._autocommit = value

    @property
    def in_transaction(self) -> bool:
        """Whether the session is in an explicit transaction (as the server last reported)."""
        return self._in_transaction

    @property
    def closed(self) -> bool:
        return self._closed

    def cursor(self) -> "Cursor":
        self._check()
        return Cursor(self)

    def commit(self):
        with self._lock:
            self._check()
            if self._in_transaction:
                self._run("COMMIT")

    def rollback(self):
        with self._lock:
            self._check()
            if self._in_transaction:
                self._run("ROLLBACK")

    def cancel(self):
        """Cancels the statement running on the connection, if any (from any thread; as psycopg's
        ``Connection.cancel()``): its cursor's execute or fetch raises QueryCanceled."""
        active = self._active
        if active is not None:
            active.cancel()

    def close(self):
        """Closes the session (the server rolls back an open transaction: closing without commit() rolls back) and
        the channel. Closing a closed connection does nothing."""
        if self._closed:
            return
        active = self._active
        if active is not None and not active.done:
            active.cancel()  # without the lock: ends a read another thread is waiting on
        with self._lock:
            if self._closed:
                return
            try:
                try:
                    self._stub.CloseSession(_pb().CloseSessionRequest(session_id=self.session_id),
                                            timeout=self._timeout, metadata=self._metadata)
                except grpc.RpcError:
                    pass  # the session may already have expired; nothing to roll back then
            finally:
                self._closed = True
                if self._active is not None:
                    self._active._finish()
                self._channel.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        """Commits on success, rolls back on an exception, then closes (as most DB-API drivers' `with` does)."""
        try:
            if not self._closed:
                if exc_type is None:
                    self.commit()
                else:
                    try:
                        self.rollback()
                    except exc.Error:
                        pass
        finally:
            self.close()
        return False

    # ---- extensions ----

    def list_tables(self) -> List[str]:
        """The tables of the connection's database (SHOW TABLES)."""
        with self._lock:
            self._check()
            self._free_session()
            response = self._unary(self._stub.ListTables, _pb().ListTablesRequest(session_id=self.session_id))
        return [t.name for t in response.tables]

    def describe_table(self, table: str):
        """The server's DescribeTableResponse for a table: columns, primary key, constraints."""
        with self._lock:
            self._check()
            self._free_session()
            return self._unary(self._stub.DescribeTable,
                               _pb().DescribeTableRequest(session_id=self.session_id, table=table))


class _Unreadable:
    """A row with a value Python cannot hold, in place of the row: its error is raised when it is fetched."""

    def __init__(self, error: Exception):
        self.error = error


class _Result:
    """One statement's stream: the header is read by start(); batches are read as rows are asked for.

    cancel() may come from any thread: it cancels the gRPC call (so a read waiting on it ends at once) and marks
    the result; the reading thread then raises QueryCanceled, never ends as if the result were complete."""

    def __init__(self, connection: Connection, call, timeout: Optional[float] = None, sql: Optional[str] = None):
        self.connection = connection
        self.call = call
        self.timeout = timeout
        self.sql = sql
        self.header = None
        self.rows = collections.deque()
        self.done = False
        self.cancelled = False
        self.end = None
        self.batches = 0
        self.rows_received = 0

    def start(self):
        message = self._next_message()
        if message is not None and message.WhichOneof("part") == "complete":
            # the whole result in one message (the request set single_message)
            self.header = message.complete.header
            if message.complete.batch.rows:
                self._add_batch(message.complete.batch)
            self._ended(message.complete.end)
            return
        if message is None or message.WhichOneof("part") != "header":
            self._finish()
            raise exc.InterfaceError("the server's stream did not start with a header")
        self.header = message.header
        if not self.header.returns_rows:
            self.buffer_rest()

    def _canceled(self) -> exc.QueryCanceled:
        return exc.QueryCanceled("canceling statement due to user request", sqlstate="57014",
                                 code=grpc.StatusCode.CANCELLED)

    def _next_message(self):
        if self.cancelled:
            self._finish()
            raise self._canceled()
        try:
            return next(self.call)
        except StopIteration:
            return None
        except grpc.RpcError as e:
            self._finish()
            if self.cancelled:
                raise self._canceled() from None
            # the server's own timeout (SET statement_timeout, --statement-timeout) carries its error: its words
            if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED and exc._sql_error(e) is None:
                raise exc.QueryCanceled(f"canceling statement due to statement timeout ({self.timeout} s, "
                                        "Cursor.timeout)", sqlstate="57014", code=e.code()) from None
            raise exc.from_rpc_error(e, self.sql) from None

    def _finish(self):
        self.done = True
        if self.connection._active is self:
            self.connection._active = None

    def _read_one(self) -> bool:
        """Reads the next message; False once the stream is over."""
        with self.connection._lock:
            if self.done:
                if self.cancelled:
                    raise self._canceled()
                return False
            message = self._next_message()
            if message is None:
                if not self.done:
                    self._finish()
                    raise exc.InterfaceError("the server's stream ended without an end message")
                return False
            part = message.WhichOneof("part")
            if part == "batch":
                self._add_batch(message.batch)
            elif part == "end":
                self._ended(message.end)
            return True

    def _add_batch(self, batch):
        self.batches += 1
        self.rows_received += len(batch.rows)
        for row in batch.rows:
            try:
                self.rows.append(tuple(from_sql_value(v) for v in row.values))
            except exc.DataError as e:
                # a value Python cannot hold (a date BC): raised when its row is fetched; the stream reads on
                self.rows.append(_Unreadable(e))

    def _ended(self, end):
        self.end = end
        self.connection._ended(end)
        self._finish()

    def next_row(self):
        while True:
            if self.cancelled:
                raise self._canceled()
            if self.rows:
                row = self.rows.popleft()
                if isinstance(row, _Unreadable):
                    raise row.error
                return row
            # another thread may have read the rest into rows meanwhile: look at them again before giving up
            if not self._read_one() and not self.rows:
                return None

    def buffer_rest(self):
        while self._read_one():
            pass

    def cancel(self):
        """Cancels the call (any thread; no lock). A result already complete is left as it is."""
        if not self.done:
            self.cancelled = True
            self.rows.clear()
            self.call.cancel()

    def discard(self):
        """Drops the result (its cursor closed, re-executed or moved to the next set): cancels a stream still open."""
        if not self.done:
            self.cancelled = True
            self.call.cancel()
            self._finish()
        self.rows.clear()


class Cursor:
    """A PEP 249 cursor. Iterating it yields rows (tuples) as they stream in."""

    def __init__(self, connection: Connection):
        self.connection = connection
        self.arraysize = 1
        #: Rows per streamed batch for this cursor's statements (0: the connection's fetch_size).
        self.fetch_size = 0
        #: Seconds a statement may take (a gRPC deadline); None: no limit.
        self.timeout: Optional[float] = None
        self._result: Optional[_Result] = None
        self._rowcount = -1
        self._closed = False
        self.description = None

    # ---- state ----

    @property
    def rowcount(self) -> int:
        """Rows affected by the last INSERT/UPDATE/DELETE (summed over executemany), or rows of the last query once
        it has been read to its end; -1 when not known yet."""
        r = self._result
        if r is not None and r.end is not None and r.header.returns_rows:
            return r.end.row_count
        return self._rowcount

    @property
    def command(self) -> Optional[str]:
        """The last statement's command tag (SELECT, INSERT, CREATE TABLE, ...)."""
        r = self._result
        return r.header.command if r is not None and r.header is not None else None

    @property
    def closed(self) -> bool:
        return self._closed

    def _check(self):
        if self._closed:
            raise exc.InterfaceError("the cursor is closed")
        self.connection._check()

    def _discard(self):
        """Drops the previous result, cancelling its stream if it is still open."""
        if self._result is not None:
            self._result.discard()
        self._result = None
        self.description = None
        self._rowcount = -1

    def _take(self, result: _Result):
        self._result = result
        if result.header.returns_rows:
            self.description = tuple(
                (c.name, _kind_name(c.type), None, c.type.length or None, c.type.precision or None,
                 c.type.scale if c.type.precision else None, c.nullable)
                for c in result.header.columns)
            self._rowcount = -1
        else:
            self.description = None
            self._rowcount = result.end.affected_rows if result.end is not None else -1

    # ---- PEP 249 ----

    def execute(self, operation: str, parameters: Optional[Sequence[Any]] = None) -> "Cursor":
        """Runs one statement; ``?`` markers take ``parameters`` in order. Returns the cursor."""
        self._check()
        if isinstance(parameters, dict):
            raise exc.ProgrammingError("paramstyle is qmark: pass a sequence of parameters", sqlstate="42000")
        conn = self.connection
        with conn._lock:
            self._discard()
            conn._before_statement(operation)
            try:
                result = conn._execute(operation, parameters or (), self.fetch_size, self.timeout, owner=self)
            except BaseException:
                self._result = None
                raise
            self._take(result)
        return self

    def executemany(self, operation: str, seq_of_parameters) -> "Cursor":
        """Runs the statement for each parameter sequence; rowcount is the sum.

        An INSERT, UPDATE or DELETE goes to the server in one call (ExecuteBatch): in autocommit all the rows are one
        transaction, all or nothing; otherwise they join the connection's transaction (which this call begins if
        none is open). A failing row raises its error (``sqlstate`` as usual, ``batch_index`` the 0-based index of
        the parameter sequence). Other statements are prepared once and run once per sequence."""
        self._check()
        self._discard()
        conn = self.connection
        if _BATCHABLE.match(operation):
            return self._executemany_batch(operation, seq_of_parameters)
        conn._before_statement()
        conn._free_session()
        pb = _pb()
        prepared = conn._unary(conn._stub.Prepare, pb.PrepareRequest(session_id=conn.session_id, sql=operation),
                               operation)
        total = 0
        try:
            for params in seq_of_parameters:
                result = conn._execute_prepared(prepared.statement_id, params, self.fetch_size, self.timeout,
                                                operation)
                result.buffer_rest()
                if result.end is not None and not result.header.returns_rows:
                    total += result.end.affected_rows
                self._result = result
        finally:
            try:
                conn._stub.ClosePrepared(pb.ClosePreparedRequest(session_id=conn.session_id,
                                                                 statement_id=prepared.statement_id),
                                         timeout=conn._timeout, metadata=conn._metadata)
            except grpc.RpcError:
                pass
        if self._result is not None:
            self._take(self._result)
        self._rowcount = total
        self._result = None if self._result is None or not self._result.header.returns_rows else self._result
        return self

    def _executemany_batch(self, operation: str, seq_of_parameters) -> "Cursor":
        conn = self.connection
        with conn._lock:
            return self._executemany_batch_locked(operation, seq_of_parameters)

    def _executemany_batch_locked(self, operation: str, seq_of_parameters) -> "Cursor":
        conn = self.connection
        conn._check()
        conn._free_session()
        pb = _pb()
        request = pb.ExecuteBatchRequest(
            session_id=conn.session_id, sql=operation,
            param_sets=[pb.ParameterSet(params=[to_sql_value(p, pb) for p in params]) for params in seq_of_parameters],
            begin_transaction=not conn._autocommit and not conn._in_transaction)
        deadline = time.monotonic() + _BUSY_RETRY_SECONDS
        pause = 0.01
        while True:
            try:
                response = conn._stub.ExecuteBatch(request, timeout=self.timeout, metadata=conn._metadata)
                break
            except grpc.RpcError as e:
                error = exc.from_rpc_error(e, operation)
                if error.sqlstate == "55006" and time.monotonic() < deadline:
                    time.sleep(pause)
                    pause = min(pause * 2, 0.2)
                    continue
                error.batch_index = _batch_index(e)
                if not conn._autocommit:
                    conn._in_transaction = True  # begun (or joined) and now aborted: rollback() ends it
                raise error from None
        conn._in_transaction = response.in_transaction
        self._rowcount = sum(response.affected_rows)
        return self

    def _rows(self) -> _Result:
        self._check()
        if self._result is None or not self._result.header.returns_rows:
            raise exc.ProgrammingError("no result set: the last statement returned no rows", sqlstate="24000")
        return self._result

    def fetchone(self):
        return self._rows().next_row()

    def fetchmany(self, size: Optional[int] = None) -> list:
        result = self._rows()
        n = self.arraysize if size is None else size
        out = []
        while len(out) < n:
            row = result.next_row()
            if row is None:
                break
            out.append(row)
        return out

    def fetchall(self) -> list:
        result = self._rows()
        out = []
        while True:
            row = result.next_row()
            if row is None:
                return out
            out.append(row)

    def __iter__(self) -> Iterator[tuple]:
        return self

    def __next__(self) -> tuple:
        row = self.fetchone()
        if row is None:
            raise StopIteration
        return row

    def cancel(self):
        """Cancels the running statement's call, from any thread, even before its first rows: the server stops
        its scan, the rest of its rows are dropped, and its execute or fetch raises QueryCanceled (57014). A
        statement already complete is left as it is."""
        r = self._result
        if r is not None:
            r.cancel()

    def nextset(self):
        """PEP 249: skips to the next result set. A statement has one, so this discards the rest of the current one
        (cancelling its stream) and returns None; ProgrammingError when there is no result set."""
        result = self._rows()
        with self.connection._lock:
            result.discard()
            self._result = None
            self.description = None
        return None

    def close(self):
        """Closes the cursor; a result still streaming is cancelled. Closing a closed cursor does nothing."""
        if not self._closed:
            if self._result is not None:
                self._result.discard()
            self._result = None
            self._closed = True

    def setinputsizes(self, sizes):
        """PEP 249: a no-op here (parameters are typed by their Python values)."""
        self._check()

    def setoutputsize(self, size, column=None):
        """PEP 249: a no-op here (long columns are not fetched in pieces)."""
        self._check()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self.close()
        return False
