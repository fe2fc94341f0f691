"""PEP 249 exceptions, mapped from the server's SQLSTATE (and, where a call has none, from its gRPC status code)."""
from typing import Optional

import grpc

__all__ = [
    "Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError", "IntegrityError",
    "InternalError", "ProgrammingError", "NotSupportedError", "QueryCanceled", "Diagnostic", "from_rpc_error",
]


class Warning(Exception):  # noqa: A001 - the name PEP 249 asks for
    """Important warnings (PEP 249)."""


class Diagnostic:
    """An error's details under psycopg's names (``e.diag``, as psycopg's ``Diagnostic``): ``sqlstate``,
    ``message_primary`` (the server's message), ``severity`` (``"ERROR"`` for a refusal of the server, else None) and
    ``statement_position`` (the 1-based character offset of the error in the statement as a string, as psycopg gives
    it, e.g. ``"15"``; None when the error is not about a position), ``message_detail`` and ``message_hint``
    (PostgreSQL's DETAIL and HINT, e.g. ``"Key (id)=(1) already exists."``; None when the server sent none). The other
    fields of psycopg's (``table_name``, ``constraint_name``, ``context``, ...) are there and None: the server does not
    send them."""

    __slots__ = ("_error",)

    _NONE = ("context", "internal_position", "internal_query", "schema_name",
             "table_name", "column_name", "datatype_name", "constraint_name", "source_file", "source_line",
             "source_function")

    def __init__(self, error: "Error"):
        self._error = error

    @property
    def sqlstate(self) -> Optional[str]:
        return self._error.sqlstate

    @property
    def message_primary(self) -> Optional[str]:
        return getattr(self._error, "_message_primary", None) or self._error.message or None

    @property
    def message_detail(self) -> Optional[str]:
        return self._error.detail

    @property
    def message_hint(self) -> Optional[str]:
        return self._error.hint

    @property
    def severity(self) -> Optional[str]:
        return "ERROR" if self._error.from_server else None

    @property
    def severity_nonlocalized(self) -> Optional[str]:
        return self.severity

    @property
    def statement_position(self) -> Optional[str]:
        position = self._error.position
        return None if position is None else str(position)

    def __getattr__(self, name):
        if name in Diagnostic._NONE:
            return None
        raise AttributeError(name)


class Error(Exception):
    """Base of every error of this module (PEP 249).

    Attributes: ``sqlstate`` (PostgreSQL's code, e.g. ``"23503"``; ``None`` when the failure carried none),
    ``position`` (the 1-based character offset of the error in the statement, as PostgreSQL's; ``None`` when the
    error is not about a position, e.g. a constraint violation), ``line`` and ``column`` (1-based line and column of
    the error in the statement, as the server reports them: the column counts UTF-16 code units, so a character
    outside the BMP, an emoji, counts two; ``None`` when not about a position), ``diag`` (psycopg's names:
    ``e.diag.sqlstate``, ``e.diag.message_primary``, ``e.diag.message_detail``, ``e.diag.message_hint``,
    ``e.diag.statement_position``), ``detail`` and ``hint`` (PostgreSQL's DETAIL and HINT, or ``None``), ``code`` (the
    ``grpc.StatusCode``, or ``None``), ``retryable`` (True when retrying the transaction from its start may succeed).
    ``str(e)`` is the message (with the SQLSTATE and position), then ``DETAIL:  ...`` and ``HINT:  ...`` on lines of
    their own, as psycopg's and psql's.
    """

    def __init__(self, message: str = "", sqlstate: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None, code: Optional[grpc.StatusCode] = None, retryable: bool = False,
                 position: Optional[int] = None, from_server: bool = False, detail: Optional[str] = None,
                 hint: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.sqlstate = sqlstate
        self.line = line or None
        self.column = (column or None) if line else None
        self.position = position or None
        self.code = code
        self.retryable = retryable
        self.from_server = from_server
        self.detail = detail or None
        self.hint = hint or None
        self.diag = Diagnostic(self)

    def __str__(self) -> str:
        s = self.message
        if self.sqlstate:
            s = f"{s} (SQLSTATE {self.sqlstate})"
        if self.line:
            s = f"{s} at line {self.line}, column {self.column}"
        if self.detail:
            s = f"{s}\nDETAIL:  {self.detail}"
        if self.hint:
            s = f"{s}\nHINT:  {self.hint}"
        return s


class InterfaceError(Error):
    """Misuse of the interface: a closed cursor or connection, an unsupported parameter type."""


class DatabaseError(Error):
    """Errors reported by the database."""


class DataError(DatabaseError):
    """Bad data: value out of range, too long, invalid text for a type (SQLSTATE class 22)."""


class OperationalError(DatabaseError):
    """The database's operation: conflicts (40001, retryable), limits, cancellation, connection loss."""


class QueryCanceled(OperationalError):
    """The statement was cancelled (SQLSTATE 57014): by ``cancel()``, by ``Cursor.timeout`` passing, or by the
    server. As psycopg's ``errors.QueryCanceled``, an ``OperationalError``."""


class IntegrityError(DatabaseError):
    """Relational integrity: unique, not-null and foreign-key violations (SQLSTATE class 23)."""


class InternalError(DatabaseError):
    """The database's internal error (XX000)."""


class ProgrammingError(DatabaseError):
    """The statement's fault: syntax errors, undefined tables or columns, type mismatches (SQLSTATE class 42)."""


class NotSupportedError(DatabaseError):
    """A feature the database does not support (SQLSTATE class 0A)."""


_BY_CLASS = {
    "22": DataError,
    "23": IntegrityError,
    "42": ProgrammingError,
    "0A": NotSupportedError,
    "26": ProgrammingError,   # unknown prepared statement
    "2B": IntegrityError,     # dependent objects still exist
    "40": OperationalError,   # transaction rollback (40001 serialization failure)
    "08": OperationalError,   # connection / session
    "25": OperationalError,   # invalid transaction state (25P02 in failed transaction)
    "3D": OperationalError,   # unknown database
    "53": OperationalError,   # insufficient resources
    "54": OperationalError,   # program limit exceeded
    "55": OperationalError,   # object not in prerequisite state (55006 session busy)
    "57": OperationalError,   # operator intervention (57014 query canceled)
    "58": OperationalError,
    "XX": InternalError,
}

# A status without a SqlError (a transport failure, the record service): the nearest SQLSTATE and class.
_BY_CODE = {
    grpc.StatusCode.INVALID_ARGUMENT: ("42000", ProgrammingError),
    grpc.StatusCode.NOT_FOUND: ("42704", ProgrammingError),
    grpc.StatusCode.ALREADY_EXISTS: ("23505", IntegrityError),
    grpc.StatusCode.FAILED_PRECONDITION: ("55000", OperationalError),
    grpc.StatusCode.ABORTED: ("40001", OperationalError),
    grpc.StatusCode.RESOURCE_EXHAUSTED: ("54000", OperationalError),
    grpc.StatusCode.CANCELLED: ("57014", QueryCanceled),
    grpc.StatusCode.DEADLINE_EXCEEDED: ("57014", QueryCanceled),
    grpc.StatusCode.UNAVAILABLE: ("08006", OperationalError),
    grpc.StatusCode.UNAUTHENTICATED: ("28000", OperationalError),
    grpc.StatusCode.PERMISSION_DENIED: ("42501", ProgrammingError),
    grpc.StatusCode.UNIMPLEMENTED: ("0A000", NotSupportedError),
    grpc.StatusCode.INTERNAL: ("XX000", InternalError),
}

RETRY_HINT = "retry the transaction from its start"


def class_for(sqlstate: Optional[str]) -> type:
    if not sqlstate:
        return DatabaseError
    if sqlstate == "57014":
        return QueryCanceled
    return _BY_CLASS.get(sqlstate[:2], DatabaseError)


def _sql_error(err: grpc.RpcError):
    """The rl.v1.SqlError in the status details, or None."""
    from google.rpc import status_pb2

    from ._proto.rl.v1 import sql_service_pb2

    try:
        trailers = err.trailing_metadata() or ()
    except Exception:  # pragma: no cover - not a call error
        return None
    for key, value in trailers:
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                if detail.Is(sql_service_pb2.SqlError.DESCRIPTOR):
                    e = sql_service_pb2.SqlError()
                    detail.Unpack(e)
                    return e
    return None


def statement_position(sql: Optional[str], line: Optional[int], column: Optional[int]) -> Optional[int]:
    """The server's 1-based line and column (lines end at CR LF, LF or CR; the column in UTF-16 code units, as its
    parser counts) as PostgreSQL's position: the 1-based offset in characters (code points) of ``sql``. None without a
    position or a text, or for a line past the text's end; a column past the end (the end of the input) is just past
    the text."""
    if not sql or not line or not column or line < 1 or column < 1:
        return None
    start = 0
    for _ in range(line - 1):
        ends = [i for i in (sql.find("\r", start), sql.find("\n", start)) if i >= 0]
        if not ends:
            return None
        end = min(ends)
        start = end + (2 if sql.startswith("\r\n", end) else 1)
    at, units = start, 0
    while at < len(sql) and units < column - 1:
        units += 2 if ord(sql[at]) > 0xFFFF else 1
        at += 1
    return at + 1


def _field(sql_error, name: str) -> Optional[str]:
    """A string field of the SqlError, None when empty, absent, or unknown to the stubs (an older proto)."""
    return (getattr(sql_error, name, None) or None) if sql_error is not None else None


def from_rpc_error(err: grpc.RpcError, sql: Optional[str] = None) -> Error:
    """The PEP 249 exception for a failed gRPC call; ``sql``: the statement it ran (for the error's position)."""
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    sql_error = _sql_error(err)
    if sql_error is not None:
        sqlstate, message = sql_error.sqlstate, sql_error.message or details
        line, column = sql_error.line or None, sql_error.column or None
        cls = class_for(sqlstate)
    else:
        sqlstate, cls = _BY_CODE.get(code, (None, OperationalError))
        message, line, column = details or str(code), None, None
    retryable = sqlstate is not None and sqlstate.startswith("40") or code == grpc.StatusCode.ABORTED
    if retryable:
        message = f"{message} (retryable: {RETRY_HINT})"
    error = cls(message, sqlstate=sqlstate, line=line, column=column, code=code, retryable=retryable,
                position=statement_position(sql, line, column), from_server=sql_error is not None,
                detail=_field(sql_error, "detail"), hint=_field(sql_error, "hint"))
    if sql_error is not None and sql_error.message:
        error._message_primary = sql_error.message
    return error
