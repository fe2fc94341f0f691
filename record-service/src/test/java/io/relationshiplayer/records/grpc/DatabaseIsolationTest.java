package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DropDatabaseRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.grpc.testproto.Item;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Databases are tenants: the same type and key in two of them are two records; dropping one leaves the other. */
class DatabaseIsolationTest extends ServerFixture {

    String createOther(String base) {
        String other = uniqueName(base);
        assertThat(blocking().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(other).build())
                .getCreated()).isTrue();
        return other;
    }

    List<String> databases() {
        return blocking().listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList();
    }

    @Test
    void twoDatabasesDoNotSeeEachOthersRecords() {
        String a = db;
        String b = createOther("b");
        register(a, catalogSchema(valueIndex("by_name", "name")));
        register(b, catalogSchema(valueIndex("by_name", "name")));
        Item inA = item(1).toBuilder().setName("alpha").build();
        Item inB = item(1).toBuilder().setName("beta").build();
        save(a, SaveMode.INSERT, message(inA));
        save(b, SaveMode.INSERT, message(inB), message(item(2)));

        assertThat(load(a, "Item", key(1L)).get(0).getRecord().getMessage()).isEqualTo(inA.toByteString());
        assertThat(load(b, "Item", key(1L)).get(0).getRecord().getMessage()).isEqualTo(inB.toByteString());
        assertThat(load(a, "Item", key(2L)).get(0).getFound()).isFalse();
        assertThat(count(a, "Item")).isEqualTo(1);
        assertThat(count(b, "Item")).isEqualTo(2);
        assertThat(drain(blocking().scan(ScanRequest.newBuilder().setDatabase(a).setType("Item").build())).records())
                .extracting(RecordMessage::getMessage).containsExactly(inA.toByteString());
        assertThat(drain(blocking().query(QueryRequest.newBuilder().setDatabase(a).addTypes("Item")
                .setFilter(cmp("name", Comparison.Op.EQUALS, "beta")).build())).records())
                .as("b's index entries are not in a").isEmpty();

        // Deleting everything in one touches nothing in the other.
        blocking().deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(b).build());
        assertThat(count(b, "")).isZero();
        assertThat(count(a, "")).isEqualTo(1);
    }

    @Test
    void schemasAreSeparateToo() {
        String other = createOther("schemaless");
        register(db, catalogSchema(valueIndex("by_name", "name")));
        expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(other).build()));
        register(other, catalogSchema());
        assertThat(blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(other).build()).getSchema()
                .getIndexesList()).isEmpty();
        assertThat(blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getSchema()
                .getIndexesList()).hasSize(1);
    }

    @Test
    void droppingOneDatabaseLeavesTheOtherIntact() {
        String keep = db;
        String drop = createOther("dropme");
        assertThat(databases()).contains(keep, drop);
        register(keep, catalogSchema(valueIndex("by_name", "name")));
        register(drop, catalogSchema(valueIndex("by_name", "name")));
        saveItems(keep, items(0, 300), 300);
        saveItems(drop, items(0, 300), 300);

        assertThat(blocking().dropDatabase(DropDatabaseRequest.newBuilder().setDatabase(drop).build()).getDropped())
                .isTrue();
        assertThat(databases()).contains(keep).doesNotContain(drop);
        assertThat(count(keep, "Item")).isEqualTo(300);
        assertThat(load(keep, "Item", key(42L)).get(0).getRecord().getMessage()).isEqualTo(item(42).toByteString());
        assertThat(drain(blocking().query(QueryRequest.newBuilder().setDatabase(keep).addTypes("Item")
                .setFilter(cmp("name", Comparison.Op.EQUALS, item(42).getName())).build())).records()).hasSize(1);

        // Everything on the dropped one is NOT_FOUND.
        expectError(Status.Code.NOT_FOUND, () -> load(drop, "Item", key(42L)));
        expectError(Status.Code.NOT_FOUND, () -> save(drop, SaveMode.UPSERT, message(item(1))));
        expectError(Status.Code.NOT_FOUND, () -> count(drop, ""));
        expectError(Status.Code.NOT_FOUND, () -> blocking().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(drop).build()));
        expectError(Status.Code.NOT_FOUND, () -> drain(blocking().scan(ScanRequest.newBuilder().setDatabase(drop)
                .setType("Item").build())));
        expectError(Status.Code.NOT_FOUND, () -> blocking().dropDatabase(DropDatabaseRequest.newBuilder()
                .setDatabase(drop).build()));
        assertThat(blocking().dropDatabase(DropDatabaseRequest.newBuilder().setDatabase(drop).setIfExists(true)
                .build()).getDropped()).isFalse();
    }

    @Test
    void aDatabaseCreatedAgainUnderADroppedNameStartsEmpty() {
        String name = createOther("reborn");
        register(name, catalogSchema());
        saveItems(name, items(0, 50), 50);
        blocking().dropDatabase(DropDatabaseRequest.newBuilder().setDatabase(name).build());
        blocking().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(name).build());
        expectError(Status.Code.FAILED_PRECONDITION, () -> count(name, ""));
        register(name, catalogSchema());
        assertThat(count(name, "")).isZero();
        assertThat(load(name, "Item", key(1L)).get(0).getFound()).isFalse();
    }
}
