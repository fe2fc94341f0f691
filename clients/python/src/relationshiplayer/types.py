"""PEP 249 type objects and constructors, and the conversions between Python values and rl.v1.SqlValue.

| SQL type            | Python                         |
|---------------------|--------------------------------|
| BIGINT, INTEGER, SMALLINT | int                      |
| DOUBLE              | float                          |
| DECIMAL             | decimal.Decimal                |
| VARCHAR             | str                            |
| VARBINARY           | bytes                          |
| BOOLEAN             | bool                           |
| DATE                | datetime.date                  |
| TIMESTAMP           | datetime.datetime (naive, UTC) |
| TIME                | datetime.time (naive)          |
| NULL                | None                           |

A TIME is microseconds of the day on the wire (time_value); PostgreSQL's 24:00:00, which datetime.time cannot hold,
reads as datetime.time.max (23:59:59.999999), as PostgreSQL's JDBC driver reads it as LocalTime.MAX; to write
24:00:00, send the text '24:00:00'.
"""
import datetime
import decimal
import time

from .exceptions import DataError, InterfaceError, NotSupportedError

__all__ = [
    "STRING", "BINARY", "NUMBER", "DATETIME", "ROWID", "BOOLEAN",
    "Date", "Time", "Timestamp", "DateFromTicks", "TimeFromTicks", "TimestampFromTicks", "Binary",
]

EPOCH_DATE = datetime.date(1970, 1, 1)
EPOCH = datetime.datetime(1970, 1, 1)
ONE_MICROSECOND = datetime.timedelta(microseconds=1)
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


class DBAPITypeObject:
    """Compares equal to every type code (a ColumnKind name such as ``"VARCHAR"``) of its group."""

    def __init__(self, name, *kinds):
        self.name = name
        self.values = frozenset(kinds)

    def __eq__(self, other):
        if isinstance(other, DBAPITypeObject):
            return self.values == other.values
        return other in self.values

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.values)

    def __repr__(self):
        return f"<{self.name} {sorted(self.values)}>"


STRING = DBAPITypeObject("STRING", "VARCHAR")
BINARY = DBAPITypeObject("BINARY", "VARBINARY")
NUMBER = DBAPITypeObject("NUMBER", "BIGINT", "INTEGER", "SMALLINT", "DOUBLE", "DECIMAL")
DATETIME = DBAPITypeObject("DATETIME", "DATE", "TIME", "TIMESTAMP")
ROWID = DBAPITypeObject("ROWID")  # the server has no row ids
BOOLEAN = DBAPITypeObject("BOOLEAN", "BOOLEAN")  # an extension: PEP 249 has no boolean group

Date = datetime.date
Time = datetime.time
Timestamp = datetime.datetime
Binary = bytes


def DateFromTicks(ticks):
    return Date(*time.localtime(ticks)[:3])


def TimeFromTicks(ticks):
    return Time(*time.localtime(ticks)[3:6])


def TimestampFromTicks(ticks):
    return Timestamp(*time.localtime(ticks)[:6])


def to_micros(value: datetime.datetime) -> int:
    """Microseconds since the epoch; a naive datetime is read as UTC, an aware one converted to UTC."""
    if value.tzinfo is not None:
        value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return (value - EPOCH) // ONE_MICROSECOND


MICROS_PER_DAY = 86_400_000_000


def time_of_day(micros: int) -> datetime.time:
    """A TIME's microseconds of the day as a datetime.time; 24:00:00 is datetime.time.max."""
    if micros >= MICROS_PER_DAY:
        return datetime.time.max
    seconds, microsecond = divmod(micros, 1_000_000)
    minutes, second = divmod(seconds, 60)
    hour, minute = divmod(minutes, 60)
    return datetime.time(hour, minute, second, microsecond)


def to_sql_value(value, pb):
    """A Python value as an rl.v1.SqlValue (pb: the sql_service_pb2 module)."""
    v = pb.SqlValue()
    if value is None:
        v.null_value = True
    elif isinstance(value, bool):
        v.bool_value = value
    elif isinstance(value, int):
        if INT64_MIN <= value <= INT64_MAX:
            v.int64_value = value
        else:
            v.decimal_value = str(value)
    elif isinstance(value, float):
        v.double_value = value
    elif isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise DataError(f"DECIMAL cannot hold {value}", sqlstate="22P02")
        v.decimal_value = str(value)
    elif isinstance(value, str):
        v.string_value = value
    elif isinstance(value, (bytes, bytearray, memoryview)):
        v.bytes_value = bytes(value)
    elif isinstance(value, datetime.datetime):
        v.timestamp_value = to_micros(value)
    elif isinstance(value, datetime.date):
        v.date_value = (value - EPOCH_DATE).days
    elif isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise NotSupportedError("TIME WITH TIME ZONE is not supported; send a naive datetime.time",
                                    sqlstate="0A000")
        v.time_value = ((value.hour * 60 + value.minute) * 60 + value.second) * 1_000_000 + value.microsecond
    else:
        raise InterfaceError(f"unsupported parameter type {type(value).__name__}: {value!r}")
    return v


def from_sql_value(v):
    """An rl.v1.SqlValue as a Python value."""
    kind = v.WhichOneof("kind")
    if kind is None or kind == "null_value":
        return None
    if kind in ("int64_value", "int32_value", "double_value", "bool_value", "string_value", "bytes_value"):
        return getattr(v, kind)
    if kind == "decimal_value":
        return decimal.Decimal(v.decimal_value)
    if kind == "date_value":
        try:
            return EPOCH_DATE + datetime.timedelta(days=v.date_value)
        except OverflowError:
            raise DataError(f"the date {v.date_value} days from 1970-01-01 is outside Python's years 1 to 9999; "
                            "select it as text (CAST(d AS VARCHAR))", sqlstate="22008") from None
    if kind == "timestamp_value":
        try:
            return EPOCH + datetime.timedelta(microseconds=v.timestamp_value)
        except OverflowError:
            raise DataError(f"the timestamp {v.timestamp_value} microseconds from 1970 is outside Python's years 1 to "
                            "9999; select it as text (CAST(ts AS VARCHAR))", sqlstate="22008") from None
    if kind == "time_value":
        return time_of_day(v.time_value)
    raise InterfaceError(f"unknown value kind {kind}")  # pragma: no cover
