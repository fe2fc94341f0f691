"""Python client of the Relationship Layer.

- A PEP 249 (DB-API 2.0) driver over the SQL service: ``relationshiplayer.connect("127.0.0.1:7470")``.
- ``relationshiplayer.records.RecordClient``: the record service with Python protobuf messages.
"""
from .dbapi import Connection, Cursor, apilevel, connect, paramstyle, threadsafety
from .exceptions import (DatabaseError, DataError, Error, IntegrityError, InterfaceError, InternalError,
                         NotSupportedError, OperationalError, ProgrammingError, QueryCanceled, Warning)
from .types import (BINARY, BOOLEAN, DATETIME, NUMBER, ROWID, STRING, Binary, Date, DateFromTicks, Time,
                    TimeFromTicks, Timestamp, TimestampFromTicks)

__version__ = "0.1.0"

__all__ = [
    "apilevel", "threadsafety", "paramstyle", "connect", "Connection", "Cursor",
    "Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError", "IntegrityError",
    "InternalError", "ProgrammingError", "NotSupportedError", "QueryCanceled",
    "STRING", "BINARY", "NUMBER", "DATETIME", "ROWID", "BOOLEAN",
    "Date", "Time", "Timestamp", "DateFromTicks", "TimeFromTicks", "TimestampFromTicks", "Binary",
]
