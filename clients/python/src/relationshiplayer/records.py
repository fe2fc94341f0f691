"""The record service (rl.v1.RecordService) with Python protobuf messages.

Records travel as the messages' own serialized bytes: ``save`` sends ``message.SerializeToString()`` and ``load``,
``scan`` and ``query`` parse the stored bytes with the message class. A schema is registered from message classes:
the FileDescriptorSet is built from their ``DESCRIPTOR.file`` and every file it imports.

    from relationshiplayer.records import RecordClient, Field, Index

    with RecordClient("127.0.0.1:7470") as records:
        records.create_database("shop")
        records.register_schema("shop", {Order: ["id"]}, indexes=[Index("by_status", Order, ["status"])])
        records.save("shop", Order(id=1, status="open"))
        order = records.load("shop", Order, 1)
        open_orders = list(records.query("shop", Order, Field("status") == "open"))
"""
from typing import Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

import grpc
from google.protobuf import descriptor_pb2

from . import exceptions as exc
from ._channel import auth_metadata, open_channel

__all__ = ["RecordClient", "Field", "Index", "file_descriptor_set"]


def _pb():
    from ._proto.rl.v1 import record_service_pb2

    return record_service_pb2


def file_descriptor_set(files) -> descriptor_pb2.FileDescriptorSet:
    """A FileDescriptorSet of the given FileDescriptors and everything they import, dependencies first."""
    out = descriptor_pb2.FileDescriptorSet()
    seen = set()

    def add(fd):
        if fd.name in seen:
            return
        seen.add(fd.name)
        for dep in fd.dependencies:
            add(dep)
        proto = out.file.add()
        fd.CopyToProto(proto)

    for f in files:
        add(f)
    return out


def _value(v):
    pb = _pb()
    out = pb.Value()
    if v is None:
        out.null_value = True
    elif isinstance(v, bool):
        out.bool_value = v
    elif isinstance(v, int):
        out.int64_value = v
    elif isinstance(v, float):
        out.double_value = v
    elif isinstance(v, str):
        out.string_value = v
    elif isinstance(v, (bytes, bytearray, memoryview)):
        out.bytes_value = bytes(v)
    else:
        raise exc.InterfaceError(f"unsupported key or comparison value {v!r}")
    return out


def _key(k):
    values = k if isinstance(k, (tuple, list)) else (k,)
    return _pb().Key(values=[_value(v) for v in values])


class Field:
    """A field in a query filter: ``Field("priority") > 3``, ``Field("title").startswith("a")``,
    ``Field("status").in_(["open", "new"])``, ``Field("owner").is_null()``; combine with ``&``, ``|``, ``~``."""

    def __init__(self, name: str):
        self.name = name

    def _cmp(self, op, value=None, values=None):
        pb = _pb()
        c = pb.Comparison(field=self.name, op=op)
        if value is not None:
            c.value.CopyFrom(_value(value))
        if values is not None:
            c.values.extend(_value(v) for v in values)
        return Filter(pb.Filter(comparison=c))

    def __eq__(self, v):  # type: ignore[override]
        return self._cmp(_pb().Comparison.EQUALS, v)

    def __ne__(self, v):  # type: ignore[override]
        return self._cmp(_pb().Comparison.NOT_EQUALS, v)

    def __lt__(self, v):
        return self._cmp(_pb().Comparison.LESS_THAN, v)

    def __le__(self, v):
        return self._cmp(_pb().Comparison.LESS_THAN_OR_EQUALS, v)

    def __gt__(self, v):
        return self._cmp(_pb().Comparison.GREATER_THAN, v)

    def __ge__(self, v):
        return self._cmp(_pb().Comparison.GREATER_THAN_OR_EQUALS, v)

    def startswith(self, prefix: str):
        return self._cmp(_pb().Comparison.STARTS_WITH, prefix)

    def in_(self, values: Iterable):
        return self._cmp(_pb().Comparison.IN, values=list(values))

    def is_null(self):
        return self._cmp(_pb().Comparison.IS_NULL)

    def not_null(self):
        return self._cmp(_pb().Comparison.NOT_NULL)

    __hash__ = None  # type: ignore[assignment]


class Filter:
    """An rl.v1.Filter (``.proto``), combinable with ``&``, ``|`` and ``~``."""

    def __init__(self, proto):
        self.proto = proto

    def __and__(self, other: "Filter") -> "Filter":
        pb = _pb()
        return Filter(pb.Filter(**{"and": pb.Filters(filters=[self.proto, other.proto])}))

    def __or__(self, other: "Filter") -> "Filter":
        pb = _pb()
        return Filter(pb.Filter(**{"or": pb.Filters(filters=[self.proto, other.proto])}))

    def __invert__(self) -> "Filter":
        pb = _pb()
        return Filter(pb.Filter(**{"not": self.proto}))


class Index:
    """An index of the schema: ``Index("by_status", Order, ["status"])``; ``type`` is an rl.v1.IndexType name
    ("VALUE", "COUNT", "SUM", "VERSION", "RANK", "MAX_EVER")."""

    def __init__(self, name: str, record_types, fields: Sequence[str], type: str = "VALUE", unique: bool = False,
                 group_size: int = 0):
        self.name = name
        self.record_types = record_types if isinstance(record_types, (list, tuple)) else [record_types]
        self.fields = list(fields)
        self.type = type
        self.unique = unique
        self.group_size = group_size

    def proto(self):
        pb = _pb()
        return pb.IndexDefinition(
            name=self.name, type=pb.IndexType.Value(self.type), fields=self.fields, unique=self.unique,
            group_size=self.group_size,
            record_types=[t if isinstance(t, str) else t.DESCRIPTOR.name for t in self.record_types])


def _type_name(cls_or_name) -> str:
    return cls_or_name if isinstance(cls_or_name, str) else cls_or_name.DESCRIPTOR.name


class RecordClient:
    """A client of the record service. Errors are this package's PEP 249 exceptions (mapped from the gRPC status:
    INVALID_ARGUMENT ProgrammingError, ALREADY_EXISTS IntegrityError, ABORTED a retryable OperationalError, ...)."""

    def __init__(self, target: str, tls=False, credentials: Optional[grpc.ChannelCredentials] = None,
                 token: Optional[str] = None, timeout: Optional[float] = 30.0, ca=None, cert=None, key=None):
        from ._proto.rl.v1 import record_service_pb2_grpc

        self._channel = open_channel(target, tls=tls, credentials=credentials, timeout=timeout, ca=ca, cert=cert,
                                     key=key)
        self._stub = record_service_pb2_grpc.RecordServiceStub(self._channel)
        self._metadata = auth_metadata(token)
        self._timeout = timeout
        # record type name -> message class, learnt from register_schema, save and load
        self._classes: Dict[str, type] = {}

    def _call(self, method, request):
        try:
            return method(request, timeout=self._timeout, metadata=self._metadata)
        except grpc.RpcError as e:
            raise exc.from_rpc_error(e) from None

    def close(self):
        self._channel.close()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()
        return False

    # ---- databases ----

    def create_database(self, database: str, if_not_exists: bool = True) -> bool:
        return self._call(self._stub.CreateDatabase,
                          _pb().CreateDatabaseRequest(database=database, if_not_exists=if_not_exists)).created

    def drop_database(self, database: str, if_exists: bool = True) -> bool:
        return self._call(self._stub.DropDatabase,
                          _pb().DropDatabaseRequest(database=database, if_exists=if_exists)).dropped

    def list_databases(self) -> List[str]:
        return list(self._call(self._stub.ListDatabases, _pb().ListDatabasesRequest()).databases)

    # ---- schemas ----

    def register_schema(self, database: str, record_types: Mapping[type, Sequence[str]],
                        indexes: Sequence[Index] = (), store_record_versions: bool = False,
                        wait_for_indexes: bool = True):
        """Registers (or evolves) the schema: ``record_types`` maps each message class to its primary-key field
        names. Every class must be defined in one .proto file (the records file). Returns the
        RegisterSchemaResponse (version, index states)."""
        pb = _pb()
        files = {cls.DESCRIPTOR.file.name: cls.DESCRIPTOR.file for cls in record_types}
        if len(files) != 1:
            raise exc.ProgrammingError("every record type must be defined in the same .proto file; got "
                                       + ", ".join(sorted(files)), sqlstate="42000")
        (records_file,) = files.values()
        schema = pb.Schema(
            files=file_descriptor_set([records_file]), records_file=records_file.name,
            record_types=[pb.RecordTypeDefinition(name=cls.DESCRIPTOR.name, primary_key=list(pk))
                          for cls, pk in record_types.items()],
            indexes=[i.proto() for i in indexes], store_record_versions=store_record_versions)
        response = self._call(self._stub.RegisterSchema, pb.RegisterSchemaRequest(
            database=database, schema=schema, wait_for_indexes=wait_for_indexes))
        for cls in record_types:
            self._classes[cls.DESCRIPTOR.name] = cls
        return response

    def get_schema(self, database: str):
        return self._call(self._stub.GetSchema, _pb().GetSchemaRequest(database=database))

    # ---- records ----

    def save(self, database: str, *messages, mode: str = "UPSERT") -> int:
        """Saves messages in one transaction; ``mode``: "UPSERT", "INSERT" (IntegrityError if the key exists) or
        "UPDATE" (ProgrammingError if it does not). Returns how many were saved."""
        pb = _pb()
        records = []
        for m in messages:
            self._classes.setdefault(m.DESCRIPTOR.name, type(m))
            records.append(pb.RecordMessage(type=m.DESCRIPTOR.name, message=m.SerializeToString()))
        return self._call(self._stub.SaveRecords, pb.SaveRecordsRequest(
            database=database, records=records, mode=pb.SaveMode.Value(mode.upper()))).saved

    def insert(self, database: str, *messages) -> int:
        return self.save(database, *messages, mode="INSERT")

    def update(self, database: str, *messages) -> int:
        return self.save(database, *messages, mode="UPDATE")

    def load_many(self, database: str, cls: type, keys: Iterable) -> List[Optional[object]]:
        """Loads records by primary key (a value, or a tuple for a compound key), in one transaction; None for a
        key not found."""
        pb = _pb()
        self._classes.setdefault(cls.DESCRIPTOR.name, cls)
        response = self._call(self._stub.LoadRecords, pb.LoadRecordsRequest(
            database=database, type=cls.DESCRIPTOR.name, keys=[_key(k) for k in keys]))
        return [cls.FromString(r.record.message) if r.found else None for r in response.records]

    def load(self, database: str, cls: type, key) -> Optional[object]:
        return self.load_many(database, cls, [key])[0]

    def load_bytes(self, database: str, type_name: str, key) -> Optional[bytes]:
        """The stored bytes of a record, as they are."""
        pb = _pb()
        response = self._call(self._stub.LoadRecords, pb.LoadRecordsRequest(
            database=database, type=type_name, keys=[_key(key)]))
        r = response.records[0]
        return r.record.message if r.found else None

    def delete(self, database: str, cls, *keys) -> int:
        return self._call(self._stub.DeleteRecords, _pb().DeleteRecordsRequest(
            database=database, type=_type_name(cls), keys=[_key(k) for k in keys])).deleted

    def delete_all(self, database: str, cls=None):
        self._call(self._stub.DeleteAllRecords, _pb().DeleteAllRecordsRequest(
            database=database, type=_type_name(cls) if cls is not None else ""))

    def count(self, database: str, cls=None) -> int:
        return self._call(self._stub.CountRecords, _pb().CountRecordsRequest(
            database=database, type=_type_name(cls) if cls is not None else "")).count

    # ---- scans and queries (streamed) ----

    def _parse(self, record, default: Optional[type]):
        cls = self._classes.get(record.type, default)
        if cls is None:
            raise exc.InterfaceError(f"no message class known for record type {record.type}")
        return cls.FromString(record.message)

    def _stream(self, call, default: Optional[type]) -> Iterator[object]:
        try:
            for batch in call:
                for record in batch.records:
                    yield self._parse(record, default)
        except grpc.RpcError as e:
            raise exc.from_rpc_error(e) from None
        finally:
            call.cancel()  # a generator closed early stops the server's scan; a no-op once complete

    def scan(self, database: str, cls: type, low=None, high=None, low_inclusive: bool = True,
             high_inclusive: bool = False, reverse: bool = False, limit: int = 0,
             batch_size: int = 0) -> Iterator[object]:
        """Records of a type in primary-key order within [low, high) (bounds optional), as a lazy generator."""
        pb = _pb()
        self._classes.setdefault(cls.DESCRIPTOR.name, cls)
        rng = pb.KeyRange(low_inclusive=low_inclusive, high_inclusive=high_inclusive)
        if low is not None:
            rng.low.CopyFrom(_key(low))
        if high is not None:
            rng.high.CopyFrom(_key(high))
        call = self._stub.Scan(pb.ScanRequest(database=database, type=cls.DESCRIPTOR.name, range=rng,
                                              reverse=reverse, limit=limit, batch_size=batch_size),
                               metadata=self._metadata)
        return self._stream(call, cls)

    def query(self, database: str, types: Union[type, Sequence[type]], filter: Optional[Filter] = None,
              sort: Sequence[str] = (), reverse: bool = False, limit: int = 0,
              batch_size: int = 0) -> Iterator[object]:
        """Records of one or more types matching ``filter``, sorted by ``sort`` fields, as a lazy generator."""
        pb = _pb()
        classes = list(types) if isinstance(types, (list, tuple)) else [types]
        for cls in classes:
            self._classes.setdefault(cls.DESCRIPTOR.name, cls)
        request = pb.QueryRequest(database=database, types=[c.DESCRIPTOR.name for c in classes], sort=list(sort),
                                  reverse=reverse, limit=limit, batch_size=batch_size)
        if filter is not None:
            request.filter.CopyFrom(filter.proto)
        call = self._stub.Query(request, metadata=self._metadata)
        return self._stream(call, classes[0] if len(classes) == 1 else None)

    def explain(self, database: str, types: Union[type, Sequence[type]], filter: Optional[Filter] = None,
                sort: Sequence[str] = ()) -> str:
        """The Record Layer's plan of a query (nothing is run)."""
        pb = _pb()
        classes = list(types) if isinstance(types, (list, tuple)) else [types]
        request = pb.QueryRequest(database=database, types=[c.DESCRIPTOR.name for c in classes], sort=list(sort),
                                  explain_only=True)
        if filter is not None:
            request.filter.CopyFrom(filter.proto)
        try:
            for batch in self._stub.Query(request, timeout=self._timeout, metadata=self._metadata):
                if batch.plan:
                    return batch.plan
        except grpc.RpcError as e:
            raise exc.from_rpc_error(e) from None
        return ""
