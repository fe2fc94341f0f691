"""The record API against a real server, with message classes built at run time from a two-file schema."""
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool

try:
    from google.protobuf.message_factory import GetMessageClass
except ImportError:  # pragma: no cover - protobuf < 4.21
    from google.protobuf.message_factory import MessageFactory

    def GetMessageClass(d):
        return MessageFactory(d.file.pool).GetPrototype(d)

import relationshiplayer as rl
from relationshiplayer.records import Field, Index, RecordClient, file_descriptor_set

F = descriptor_pb2.FieldDescriptorProto


def _message(file, name, fields):
    m = file.message_type.add(name=name)
    for number, (fname, ftype, type_name) in enumerate(fields, start=1):
        f = m.field.add(name=fname, number=number, type=ftype, label=F.LABEL_OPTIONAL)
        if type_name:
            f.type_name = type_name


@pytest.fixture(scope="module")
def shop():
    """Message classes Order and Customer of shop.proto, which imports shop_common.proto (Address)."""
    pool = descriptor_pool.DescriptorPool()
    common = descriptor_pb2.FileDescriptorProto(name="shop_common.proto", package="shop", syntax="proto2")
    _message(common, "Address", [("street", F.TYPE_STRING, None), ("city", F.TYPE_STRING, None)])
    records = descriptor_pb2.FileDescriptorProto(name="shop.proto", package="shop", syntax="proto2",
                                                 dependency=["shop_common.proto"])
    _message(records, "Order", [("id", F.TYPE_INT64, None), ("status", F.TYPE_STRING, None),
                                ("payload", F.TYPE_BYTES, None), ("ship_to", F.TYPE_MESSAGE, ".shop.Address"),
                                ("priority", F.TYPE_INT64, None)])
    _message(records, "Customer", [("id", F.TYPE_INT64, None), ("name", F.TYPE_STRING, None)])
    pool.Add(common)
    pool.Add(records)
    order = GetMessageClass(pool.FindMessageTypeByName("shop.Order"))
    customer = GetMessageClass(pool.FindMessageTypeByName("shop.Customer"))
    address = GetMessageClass(pool.FindMessageTypeByName("shop.Address"))
    return order, customer, address


def test_file_descriptor_set_has_dependencies_first(shop):
    order, _, _ = shop
    fds = file_descriptor_set([order.DESCRIPTOR.file])
    assert [f.name for f in fds.file] == ["shop_common.proto", "shop.proto"]


def test_record_round_trip(server, database, shop):
    Order, Customer, Address = shop
    with RecordClient(server) as records:
        assert records.create_database(database)
        assert database in records.list_databases()
        response = records.register_schema(database, {Order: ["id"], Customer: ["id"]},
                                           indexes=[Index("order_by_status", Order, ["status"]),
                                                    Index("order_by_priority", Order, ["priority"])])
        assert response.version >= 1
        assert records.get_schema(database).schema.records_file == "shop.proto"

        orders = [Order(id=i, status="open" if i % 2 else "shipped", payload=bytes([i, 0, 255]),
                        ship_to=Address(street=f"{i} Main St", city="Springfield"), priority=i % 5)
                  for i in range(1, 21)]
        assert records.save(database, *orders) == 20
        assert records.save(database, Customer(id=1, name="Ada")) == 1

        loaded = records.load(database, Order, 7)
        assert loaded == orders[6]
        assert loaded.ship_to.street == "7 Main St" and loaded.payload == bytes([7, 0, 255])
        assert records.load(database, Order, 999) is None
        assert records.load_many(database, Order, [1, 2, 999]) == [orders[0], orders[1], None]
        # the client's bytes travel and are stored as they are
        assert records.load_bytes(database, "Order", 7) == orders[6].SerializeToString()
        assert records.load(database, Customer, 1).name == "Ada"

        assert records.count(database, Order) == 20
        assert records.count(database) == 21

        open_orders = list(records.query(database, Order, Field("status") == "open"))
        assert sorted(o.id for o in open_orders) == list(range(1, 21, 2))
        urgent = list(records.query(database, Order, (Field("priority") >= 3) & (Field("status") == "shipped"),
                                    sort=["priority"]))
        assert [o.priority for o in urgent] == sorted(o.priority for o in urgent)
        assert {o.id for o in urgent} == {o.id for o in orders if o.priority >= 3 and o.status == "shipped"}
        assert "order_by" in records.explain(database, Order, Field("status") == "open")

        scanned = records.scan(database, Order, low=5, high=9)
        assert [o.id for o in scanned] == [5, 6, 7, 8]
        gen = records.scan(database, Order, batch_size=2)
        assert next(gen).id == 1  # lazily streamed; closing the generator cancels the scan
        gen.close()

        with pytest.raises(rl.IntegrityError):
            records.insert(database, Order(id=1, status="dup"))
        assert records.update(database, Order(id=1, status="closed")) == 1
        assert records.load(database, Order, 1).status == "closed"

        assert records.delete(database, Order, 1, 2) == 2
        assert records.count(database, Order) == 18
        records.delete_all(database, Order)
        assert records.count(database, Order) == 0
        assert records.drop_database(database)


def test_record_errors(server, database, shop):
    Order, _, _ = shop
    with RecordClient(server) as records:
        records.create_database(database)
        records.register_schema(database, {Order: ["id"]})
        with pytest.raises(rl.ProgrammingError):
            list(records.query(database, Order, Field("no_such_field") == 1))
