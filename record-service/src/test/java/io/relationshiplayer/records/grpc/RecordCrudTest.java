package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.grpc.Status;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.IndexState;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RegisterSchemaResponse;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.SaveRecordsResponse;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.grpc.testproto.Item;
import io.relationshiplayer.records.grpc.testproto.Order;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schema registration, single and batched saves under each mode, loads, deletes, counts, bytes as sent. */
class RecordCrudTest extends ServerFixture {

    @Test
    void registersASchemaBuiltFromGeneratedDescriptorsWithTheirImports() {
        RegisterSchemaResponse r = register(db, catalogSchema(valueIndex("by_category", "category")));
        assertThat(r.getVersion()).isPositive();
        assertThat(r.getIndexesList()).extracting(IndexState::getName).containsExactly("by_category");
        assertThat(r.getIndexes(0).getState()).isEqualTo(IndexState.State.READABLE);
        assertThat(count(db, "")).isZero();
    }

    @Test
    void savesLoadsAndDeletesSingleRecords() {
        register(db, catalogSchema());
        Item one = item(1);
        assertThat(save(db, SaveMode.UPSERT, message(one))).isEqualTo(1);

        List<LoadedRecord> loaded = load(db, "Item", key(1L), key(2L));
        assertThat(loaded).hasSize(2);
        assertThat(loaded.get(0).getFound()).isTrue();
        assertThat(loaded.get(0).getKey()).isEqualTo(key(1L));
        assertThat(loaded.get(0).getRecord().getType()).isEqualTo("Item");
        assertThat(loaded.get(0).getRecord().getMessage()).isEqualTo(one.toByteString());
        assertThat(loaded.get(1).getFound()).isFalse();
        assertThat(loaded.get(1).getKey()).isEqualTo(key(2L));

        // The same key under another record type is a different record.
        assertThat(load(db, "Order", key(1L)).get(0).getFound()).isFalse();

        assertThat(blocking().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(db).setType("Item")
                .addKeys(key(1L)).build()).getDeleted()).isEqualTo(1);
        assertThat(load(db, "Item", key(1L)).get(0).getFound()).isFalse();
        assertThat(blocking().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(db).setType("Item")
                .addKeys(key(1L)).build()).getDeleted()).isZero();
        assertThat(count(db, "Item")).isZero();
    }

    @Test
    void insertOfAnExistingKeyIsAlreadyExistsAndLeavesTheWholeBatchUnsaved() {
        register(db, catalogSchema());
        save(db, SaveMode.INSERT, message(item(1)));
        Item changed = item(1).toBuilder().setName("changed").build();

        expectError(Status.Code.ALREADY_EXISTS, () -> save(db, SaveMode.INSERT, message(item(2)), message(changed)));
        assertThat(load(db, "Item", key(1L)).get(0).getRecord().getMessage()).isEqualTo(item(1).toByteString());
        assertThat(load(db, "Item", key(2L)).get(0).getFound()).as("one transaction: nothing of the batch saved")
                .isFalse();

        assertThat(save(db, SaveMode.INSERT, message(item(2)), message(item(3)))).isEqualTo(2);
        assertThat(count(db, "Item")).isEqualTo(3);
        assertServing();
    }

    @Test
    void updateOfAMissingKeyIsNotFoundAndUpdateOfAnExistingKeyReplacesIt() {
        register(db, catalogSchema());
        save(db, SaveMode.UPSERT, message(item(1)));
        Item changed = item(1).toBuilder().setName("changed").build();

        expectError(Status.Code.NOT_FOUND, () -> save(db, SaveMode.UPDATE, message(changed), message(item(9))));
        assertThat(load(db, "Item", key(1L)).get(0).getRecord().getMessage()).as("failed batch changed nothing")
                .isEqualTo(item(1).toByteString());
        assertThat(load(db, "Item", key(9L)).get(0).getFound()).isFalse();

        assertThat(save(db, SaveMode.UPDATE, message(changed))).isEqualTo(1);
        assertThat(load(db, "Item", key(1L)).get(0).getRecord().getMessage()).isEqualTo(changed.toByteString());
        assertServing();
    }

    @Test
    void upsertInsertsAndReplacesInOneBatch() {
        register(db, catalogSchema());
        save(db, SaveMode.UPSERT, message(item(1)));
        Item changed = item(1).toBuilder().setPrice(999_999).build();
        assertThat(save(db, SaveMode.UPSERT, message(changed), message(item(2)))).isEqualTo(2);
        assertThat(load(db, "Item", key(1L), key(2L))).extracting(r -> r.getRecord().getMessage())
                .containsExactly(changed.toByteString(), item(2).toByteString());
        assertThat(count(db, "Item")).isEqualTo(2);
    }

    @Test
    void savesAndLoadsBatchesAcrossRecordTypes() {
        register(db, catalogSchema());
        SaveRecordsRequest.Builder batch = SaveRecordsRequest.newBuilder().setDatabase(db);
        for (long i = 0; i < 50; i++) {
            batch.addRecords(message(item(i)));
            batch.addRecords(message("Order", Order.newBuilder().setId(i).setItemId(i).setQuantity((int) i).build()));
        }
        assertThat(blocking().saveRecords(batch.build()).getSaved()).isEqualTo(100);
        assertThat(count(db, "Item")).isEqualTo(50);
        assertThat(count(db, "Order")).isEqualTo(50);
        assertThat(count(db, "")).isEqualTo(100);

        List<LoadedRecord> orders = load(db, "Order", key(3L), key(49L), key(50L));
        assertThat(orders).extracting(LoadedRecord::getFound).containsExactly(true, true, false);
        assertThat(orders.get(1).getRecord().getType()).isEqualTo("Order");
        assertThat(orders.get(1).getRecord().getMessage())
                .isEqualTo(Order.newBuilder().setId(49).setItemId(49).setQuantity(49).build().toByteString());

        int deleted = blocking().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(db).setType("Order")
                .addKeys(key(1L)).addKeys(key(2L)).addKeys(key(1000L)).build()).getDeleted();
        assertThat(deleted).isEqualTo(2);
        assertThat(count(db, "Order")).isEqualTo(48);
        assertThat(count(db, "Item")).isEqualTo(50);
    }

    /**
     * Bytes the schema only partly knows: fields out of number order, a non-minimal varint and unknown fields. A
     * service that re-encodes would normalise them; the contract says the stored bytes come back as sent.
     */
    static ByteString nonCanonicalItem(long id) throws IOException {
        ByteString.Output out = ByteString.newOutput();
        CodedOutputStream c = CodedOutputStream.newInstance(out);
        c.writeString(2, "name-" + id);
        c.writeUInt64(1000, 42);                                   // unknown varint field
        c.writeString(3, "c" + (id % 5));
        c.writeBytes(1001, ByteString.copyFromUtf8("opaque"));     // unknown length-delimited field
        c.writeTag(4, 0);                                          // price = 5, encoded in 3 bytes
        c.writeRawBytes(new byte[] {(byte) 0x85, (byte) 0x80, 0x00});
        c.writeInt64(1, id);                                       // the primary key last
        c.writeFixed32(1002, 7);                                   // unknown fixed32 field
        c.flush();
        return out.toByteString();
    }

    @Test
    void returnsTheBytesAsSentIncludingFieldsTheSchemaDoesNotKnow() throws Exception {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        ByteString raw = nonCanonicalItem(7);
        Item parsed = Item.parseFrom(raw);
        assertThat(parsed.getId()).isEqualTo(7);
        assertThat(parsed.getPrice()).isEqualTo(5);
        assertThat(parsed.getUnknownFields().asMap()).containsKeys(1000, 1001, 1002);
        assertThat(parsed.toByteString()).as("the test bytes are not what an encoder writes").isNotEqualTo(raw);

        save(db, SaveMode.INSERT, RecordMessage.newBuilder().setType("Item").setMessage(raw).build());
        assertThat(load(db, "Item", key(7L)).get(0).getRecord().getMessage()).as("load").isEqualTo(raw);

        Streamed scanned = drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").build()));
        assertThat(scanned.records()).extracting(RecordMessage::getMessage).as("scan").containsExactly(raw);

        Streamed queried = drain(blocking().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("category", Comparison.Op.EQUALS, "c2")).setExplain(true).build()));
        assertThat(queried.plan()).contains("by_category");
        assertThat(queried.records()).extracting(RecordMessage::getMessage).as("query").containsExactly(raw);

        // An update with other non-canonical bytes replaces them, as sent.
        ByteString other = nonCanonicalItem(7).concat(ByteString.copyFrom(new byte[] {(byte) 0xC8, 0x3E, 0x01}));
        save(db, SaveMode.UPDATE, RecordMessage.newBuilder().setType("Item").setMessage(other).build());
        assertThat(load(db, "Item", key(7L)).get(0).getRecord().getMessage()).isEqualTo(other);
    }

    @Test
    void deletesAllRecordsOfATypeThenOfTheDatabase() {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        saveItems(db, items(0, 1500), 500);
        SaveRecordsRequest.Builder orders = SaveRecordsRequest.newBuilder().setDatabase(db);
        for (long i = 0; i < 30; i++) {
            orders.addRecords(message("Order", Order.newBuilder().setId(i).setItemId(i).build()));
        }
        blocking().saveRecords(orders.build());
        assertThat(count(db, "Item")).isEqualTo(1500);
        assertThat(count(db, "")).isEqualTo(1530);

        // More than one transaction's worth of records of the type.
        blocking().deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(db).setType("Item").build());
        assertThat(count(db, "Item")).isZero();
        assertThat(count(db, "Order")).isEqualTo(30);
        assertThat(count(db, "")).isEqualTo(30);
        assertThat(load(db, "Item", key(5L)).get(0).getFound()).isFalse();
        assertThat(drain(blocking().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("category", Comparison.Op.EQUALS, "c1")).build())).records())
                .as("index entries of deleted records are gone").isEmpty();
        assertThat(load(db, "Order", key(5L)).get(0).getFound()).isTrue();

        blocking().deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(db).build());
        assertThat(count(db, "")).isZero();
        assertThat(count(db, "Order")).isZero();
        assertThat(load(db, "Order", key(5L)).get(0).getFound()).isFalse();

        // The database still works afterwards.
        save(db, SaveMode.INSERT, message(item(5)));
        assertThat(count(db, "Item")).isEqualTo(1);
    }

    @Test
    void returnsAVersionstampWhenTheSchemaStoresRecordVersions() {
        register(db, catalogSchema().toBuilder().setStoreRecordVersions(true).build());
        SaveRecordsResponse first = blocking().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .addRecords(message(item(1))).build());
        SaveRecordsResponse second = blocking().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .addRecords(message(item(2))).build());
        assertThat(first.getVersionstamp().size()).isEqualTo(10);
        assertThat(second.getVersionstamp().size()).isEqualTo(10);
        assertThat(ByteString.unsignedLexicographicalComparator().compare(first.getVersionstamp(),
                second.getVersionstamp())).as("later commit, greater versionstamp").isNegative();

        String other = uniqueName("noversions");
        blocking().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(other)
                .build());
        register(other, catalogSchema());
        assertThat(blocking().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(other)
                .addRecords(message(item(1))).build()).getVersionstamp().isEmpty()).isTrue();
    }
}
