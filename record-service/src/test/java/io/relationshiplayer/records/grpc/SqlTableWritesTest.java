package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.SqlTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A database whose schema is in the package of SQL tables (as the relationship layer registers it, through
 * {@link RecordStores#registerSchema(com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext, String,
 * Schema)}) is read through the record service but not written: saves, deletes and schema registrations fail
 * FAILED_PRECONDITION; the reserved package is refused in a client's schema. (The whole path with SQL is
 * sql-gateway's RecordWritesToSqlTablesTest.)
 */
public class SqlTableWritesTest extends ServerFixture {
    RecordStores owner;
    Descriptor users;

    @BeforeEach
    void tables() {
        owner = new RecordStores(backend.recordDatabase());
        Schema schema = tablesSchema(SqlTables.PACKAGE);
        users = owner.database().run(ctx -> owner.registerSchema(ctx, db, schema)).getRecordType("users")
                .getDescriptor();
        owner.database().run(ctx -> owner.openStore(ctx, db).saveRecord(user(1, "ann")));
    }

    private DynamicMessage user(long id, String name) {
        return DynamicMessage.newBuilder(users).setField(users.findFieldByName("id"), id)
                .setField(users.findFieldByName("name"), name).build();
    }

    @Test
    void writesOfTheTablesAreRefused() {
        RecordMessage bob = message("users", user(2, "bob"));
        for (SaveMode mode : SaveMode.values()) {
            if (mode == SaveMode.UNRECOGNIZED) {
                continue;
            }
            StatusRuntimeException e = expectError(Status.Code.FAILED_PRECONDITION, () -> save(db, mode, bob));
            assertThat(e.getStatus().getDescription()).contains("record type 'users' of database '" + db
                    + "' is a SQL table").contains("rl.v1.SqlService");
        }
        StatusRuntimeException delete = expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().deleteRecords(
                DeleteRecordsRequest.newBuilder().setDatabase(db).setType("users").addKeys(key(1L)).build()));
        assertThat(delete.getStatus().getDescription()).contains("record type 'users'");
        expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().deleteAllRecords(DeleteAllRecordsRequest
                .newBuilder().setDatabase(db).setType("users").build()));
        StatusRuntimeException all = expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().deleteAllRecords(
                DeleteAllRecordsRequest.newBuilder().setDatabase(db).build()));
        assertThat(all.getStatus().getDescription()).contains("database '" + db + "' holds SQL tables");
        assertThat(count(db, "users")).isEqualTo(1L);
        assertServing();
    }

    @Test
    void unknownRecordTypesStayInvalidArguments() {
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().deleteRecords(DeleteRecordsRequest.newBuilder()
                .setDatabase(db).setType("nope").addKeys(key(1L)).build()));
    }

    @Test
    void theTablesAreReadable() {
        assertThat(load(db, "users", key(1L), key(2L))).extracting(r -> r.getFound()).containsExactly(true, false);
        assertThat(count(db, "users")).isEqualTo(1L);
        assertThat(drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("users").build()))
                .records()).hasSize(1);
        assertThat(blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getSchema()
                .getRecordTypesList()).extracting(RecordTypeDefinition::getName).containsExactly("users");
    }

    @Test
    void aSchemaOverTheTablesIsRefused() {
        Schema current = blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getSchema();
        StatusRuntimeException e = expectError(Status.Code.FAILED_PRECONDITION, () -> register(db, current));
        assertThat(e.getStatus().getDescription()).contains("database '" + db + "' holds SQL tables")
                .contains("SQL DDL");
        expectError(Status.Code.FAILED_PRECONDITION, () -> register(db, catalogSchema()));
        assertThat(blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getSchema())
                .isEqualTo(current);
    }

    @Test
    void theReservedPackageIsRefusedInAClientsSchema() {
        String other = uniqueName("reserved");
        blocking().createDatabase(io.relationshiplayer.proto.v1.CreateDatabaseRequest.newBuilder().setDatabase(other)
                .build());
        StatusRuntimeException e = expectError(Status.Code.INVALID_ARGUMENT,
                () -> register(other, tablesSchema(SqlTables.PACKAGE)));
        assertThat(e.getStatus().getDescription()).contains("'rl.tables' is reserved for SQL tables");
        // Any other package is an ordinary schema, written as before.
        register(other, tablesSchema("mine"));
        assertThat(save(other, SaveMode.UPSERT, message("users", user(5, "eve")))).isEqualTo(1);
        assertThat(blocking().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(other).setType("users")
                .addKeys(key(5L)).build()).getDeleted()).isEqualTo(1);
    }

    @Test
    void theOwnerClearsADroppedTablesRecords() {
        owner.deleteTableRecords(db, "users");
        assertThat(count(db, "users")).isZero();
    }

    /** One record type, users (id, name), keyed by id, in a file of {@code pkg}. */
    public static Schema tablesSchema(String pkg) {
        DescriptorProto m = DescriptorProto.newBuilder().setName("users")
                .addField(FieldDescriptorProto.newBuilder().setName("id").setNumber(1)
                        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                        .setType(FieldDescriptorProto.Type.TYPE_INT64))
                .addField(FieldDescriptorProto.newBuilder().setName("name").setNumber(2)
                        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                        .setType(FieldDescriptorProto.Type.TYPE_STRING))
                .build();
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("tables.proto").setPackage(pkg)
                .setSyntax("proto2").addMessageType(m).build();
        return Schema.newBuilder().setFiles(FileDescriptorSet.newBuilder().addFile(file)).setRecordsFile("tables.proto")
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("users").addPrimaryKey("id")).build();
    }
}
