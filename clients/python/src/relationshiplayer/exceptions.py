"""PEP 249 exceptions, mapped from the server's SQLSTATE (and, where a call has none, from its gRPC status code)."""
from typing import Optional

import grpc

__all__ = [
    "Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError", "IntegrityError",
    "InternalError", "ProgrammingError", "NotSupportedError", "QueryCanceled", "from_rpc_error",
]


class Warning(Exception):  # noqa: A001 - the name PEP 249 asks for
    """Important warnings (PEP 249)."""


class Error(Exception):
    """Base of every error of this module (PEP 249).

    Attributes: ``sqlstate`` (PostgreSQL's code, e.g. ``"23503"``; ``None`` when the failure carried none),
    ``line`` and ``column`` (1-based position of the error in the statement text; 0 when not about a position),
    ``code`` (the ``grpc.StatusCode``, or ``None``), ``retryable`` (True when retrying the transaction from its
    start may succeed).
    """

    def __init__(self, message: str = "", sqlstate: Optional[str] = None, line: int = 0, column: int = 0,
                 code: Optional[grpc.StatusCode] = None, retryable: bool = False):
        super().__init__(message)
        self.message = message
        self.sqlstate = sqlstate
        self.line = line
        self.column = column
        self.code = code
        self.retryable = retryable

    def __str__(self) -> str:
        s = self.message
        if self.sqlstate:
            s = f"{s} (SQLSTATE {self.sqlstate})"
        if self.line:
            s = f"{s} at line {self.line}, column {self.column}"
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


def from_rpc_error(err: grpc.RpcError) -> Error:
    """The PEP 249 exception for a failed gRPC call."""
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    sql = _sql_error(err)
    if sql is not None:
        sqlstate, message, line, column = sql.sqlstate, sql.message or details, sql.line, sql.column
        cls = class_for(sqlstate)
    else:
        sqlstate, cls = _BY_CODE.get(code, (None, OperationalError))
        message, line, column = details or str(code), 0, 0
    retryable = sqlstate is not None and sqlstate.startswith("40") or code == grpc.StatusCode.ABORTED
    if retryable:
        message = f"{message} (retryable: {RETRY_HINT})"
    return cls(message, sqlstate=sqlstate, line=line, column=column, code=code, retryable=retryable)
