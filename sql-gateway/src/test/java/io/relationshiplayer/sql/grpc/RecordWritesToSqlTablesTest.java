package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.GetSchemaResponse;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.records.grpc.GrpcErrors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Rows of SQL tables are written only through SQL: the record service, on the same server and the same databases,
 * refuses to save or delete them and to register a schema over them (FAILED_PRECONDITION, naming the record type and
 * pointing to rl.v1.SqlService), so that no orphan, dangling reference or over-long value reaches SQL. Reads of SQL
 * tables through the record service stay allowed, and plain record databases are written as before.
 */
class RecordWritesToSqlTablesTest extends SqlServerFixture {
    String s;

    @BeforeEach
    void tables() {
        s = open();
        exec(s, "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
        exec(s, "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                + "title VARCHAR(40))");
        exec(s, "INSERT INTO projects VALUES (1, 'rl'), (2, 'unused')");
        exec(s, "INSERT INTO tickets VALUES (10, 1, 'first'), (11, NULL, 'loose')");
    }

    RecordServiceGrpc.RecordServiceBlockingStub records() {
        return RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @Test
    void savingAnOrphanChildIsRefusedInEveryMode() {
        RecordMessage orphan = record("tickets", Map.of("id", 12L, "project_id", 99L, "title", "orphan"));
        for (SaveMode mode : List.of(SaveMode.UPSERT, SaveMode.INSERT)) {
            StatusRuntimeException e = refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder()
                    .setDatabase(db).setMode(mode).addRecords(orphan).build()));
            assertWriteRefusal(e, "tickets");
        }
        // An update that would point an existing child at a missing parent: refused too.
        RecordMessage repointed = record("tickets", Map.of("id", 10L, "project_id", 99L, "title", "first"));
        assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .setMode(SaveMode.UPDATE).addRecords(repointed).build())), "tickets");
        assertThat(exec(s, "SELECT id, project_id, title FROM tickets ORDER BY id").rows())
                .containsExactly(row(10L, 1L, "first"), row(11L, null, "loose"));
        assertNoOrphans();
    }

    @Test
    void savingAnOverLongVarcharIsRefused() {
        String hundred = "x".repeat(100);
        RecordMessage tooLong = record("projects", Map.of("id", 3L, "name", hundred));
        assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .addRecords(tooLong).build())), "projects");
        assertThat(exec(s, "SELECT COUNT(*) FROM projects WHERE CHAR_LENGTH(name) > 40").single()).isEqualTo(0L);
        assertThat(exec(s, "SELECT id FROM projects ORDER BY id").rows()).containsExactly(row(1L), row(2L));
    }

    @Test
    void savingARowThatFailsACheckIsRefusedInEveryMode() {
        exec(s, "CREATE TABLE stock (id BIGINT PRIMARY KEY, qty INTEGER CHECK (qty >= 0))");
        exec(s, "INSERT INTO stock VALUES (1, 5)");
        RecordMessage negative = record("stock", Map.of("id", 2L, "qty", -1));
        for (SaveMode mode : List.of(SaveMode.UPSERT, SaveMode.INSERT)) {
            assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                    .setMode(mode).addRecords(negative).build())), "stock");
        }
        RecordMessage updated = record("stock", Map.of("id", 1L, "qty", -5));
        assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .setMode(SaveMode.UPDATE).addRecords(updated).build())), "stock");
        assertThat(exec(s, "SELECT id, qty FROM stock ORDER BY id").rows()).containsExactly(row(1L, 5));
        // SQL enforces the check on the same table.
        expectSql(Status.Code.FAILED_PRECONDITION, "23514", () -> exec(s, "INSERT INTO stock VALUES (2, -1)"));
    }

    /**
     * A TIMESTAMP(p) column's values are rounded to p digits by the relationship layer's write path, which every
     * writer of SQL tables goes through: the record service writes none (refused, so an unrounded value never gets in)
     * and reads the rounded value SQL wrote.
     */
    @Test
    void aTimestampPrecisionColumnIsWrittenRoundedAndNeverUnroundedThroughTheRecordService() {
        exec(s, "CREATE TABLE stamps (id BIGINT PRIMARY KEY, at TIMESTAMP(0), ms TIMESTAMP(3))");
        long half = java.time.LocalDateTime.parse("2024-01-01T12:00:00.5").toEpochSecond(java.time.ZoneOffset.UTC)
                * 1_000_000L + 500_000L;
        long whole = half + 500_000L; // 12:00:01, as PostgreSQL rounds 12:00:00.5 to TIMESTAMP(0)
        RecordMessage unrounded = record("stamps", Map.of("id", 1L, "at", half, "ms", half + 1_234L));
        for (SaveMode mode : List.of(SaveMode.UPSERT, SaveMode.INSERT)) {
            assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                    .setMode(mode).addRecords(unrounded).build())), "stamps");
        }
        exec(s, "INSERT INTO stamps VALUES (1, TIMESTAMP '2024-01-01 12:00:00.5', "
                + "TIMESTAMP '2024-01-01 12:00:00.501234')");
        exec(s, "INSERT INTO stamps (id) VALUES (2)");
        exec(s, "UPDATE stamps SET at = TIMESTAMP '2024-01-01 12:00:00.7', ms = TIMESTAMP '2024-01-01 12:00:00.5015'"
                + " WHERE id = 2");
        List<LoadedRecord> loaded = records().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db)
                .setType("stamps").addKeys(key(1L)).addKeys(key(2L)).build()).getRecordsList();
        assertThat(loaded).hasSize(2);
        DynamicMessage one = parse(loaded.get(0).getRecord());
        DynamicMessage two = parse(loaded.get(1).getRecord());
        assertThat(one.getField(field(one.getDescriptorForType(), "at"))).isEqualTo(whole);
        assertThat(one.getField(field(one.getDescriptorForType(), "ms"))).isEqualTo(half + 1_000L);
        assertThat(two.getField(field(two.getDescriptorForType(), "at"))).isEqualTo(whole);
        assertThat(two.getField(field(two.getDescriptorForType(), "ms"))).isEqualTo(half + 2_000L);
    }

    /**
     * A TIME(p) column is an int64 of microseconds of the day in the record, rounded by the write path: the record
     * service writes none (refused) and reads what SQL wrote, 24:00:00 as a day's microseconds.
     */
    @Test
    void aTimeColumnIsAnInt64OfMicrosecondsWrittenOnlyThroughSql() {
        exec(s, "CREATE TABLE clock (id BIGINT PRIMARY KEY, t TIME(0))");
        RecordMessage unrounded = record("clock", Map.of("id", 1L, "t", 86_399_500_000L));
        assertWriteRefusal(refused(() -> records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db)
                .addRecords(unrounded).build())), "clock");
        exec(s, "INSERT INTO clock VALUES (1, TIME '23:59:59.5'), (2, '12:00:00.4')");
        List<LoadedRecord> loaded = records().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db)
                .setType("clock").addKeys(key(1L)).addKeys(key(2L)).build()).getRecordsList();
        assertThat(loaded).hasSize(2);
        DynamicMessage one = parse(loaded.get(0).getRecord());
        DynamicMessage two = parse(loaded.get(1).getRecord());
        assertThat(one.getField(field(one.getDescriptorForType(), "t"))).isEqualTo(86_400_000_000L);
        assertThat(two.getField(field(two.getDescriptorForType(), "t"))).isEqualTo(43_200_000_000L);
    }

    @Test
    void aDroppedColumnStaysADeprecatedFieldAndOldRecordsStayReadable() {
        exec(s, "ALTER TABLE projects DROP COLUMN name");
        FieldDescriptor dropped = field(descriptor("projects"), "name");
        assertThat(dropped.getOptions().getDeprecated()).isTrue();
        exec(s, "ALTER TABLE projects ADD COLUMN name VARCHAR(40)");
        Descriptor projects = descriptor("projects");
        assertThat(projects.getFields()).extracting(FieldDescriptor::getName).contains("name")
                .hasSize(3).doesNotHaveDuplicates();
        // The old record parses with its old value in the deprecated field; SQL sees the new, empty column.
        LoadedRecord one = records().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db).setType("projects")
                .addKeys(key(1L)).build()).getRecords(0);
        DynamicMessage old = parse(one.getRecord());
        assertThat(old.getField(old.getDescriptorForType().findFieldByNumber(dropped.getNumber()))).isEqualTo("rl");
        assertThat(exec(s, "SELECT id, name FROM projects ORDER BY id").rows())
                .containsExactly(row(1L, null), row(2L, null));
    }

    @Test
    void deletingAReferencedParentIsRefused() {
        StatusRuntimeException e = refused(() -> records().deleteRecords(DeleteRecordsRequest.newBuilder()
                .setDatabase(db).setType("projects").addKeys(key(1L)).build()));
        assertWriteRefusal(e, "projects");
        // Even an unreferenced row: the record service does not write SQL tables at all.
        assertWriteRefusal(refused(() -> records().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(db)
                .setType("projects").addKeys(key(2L)).build())), "projects");
        assertThat(exec(s, "SELECT id FROM projects ORDER BY id").rows()).containsExactly(row(1L), row(2L));
        assertNoOrphans();
    }

    @Test
    void deletingEveryRecordOfATableOrOfTheDatabaseIsRefused() {
        assertWriteRefusal(refused(() -> records().deleteAllRecords(DeleteAllRecordsRequest.newBuilder()
                .setDatabase(db).setType("projects").build())), "projects");
        StatusRuntimeException all = refused(() -> records().deleteAllRecords(DeleteAllRecordsRequest.newBuilder()
                .setDatabase(db).build()));
        assertThat(all.getStatus().getDescription()).contains("database '" + db + "' holds SQL tables")
                .contains("rl.v1.SqlService");
        assertThat(exec(s, "SELECT COUNT(*) FROM projects").single()).isEqualTo(2L);
        assertThat(exec(s, "SELECT COUNT(*) FROM tickets").single()).isEqualTo(2L);
        assertNoOrphans();
    }

    @Test
    void registerSchemaOverSqlTablesIsRefused() {
        GetSchemaResponse before = records().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build());
        // The very schema SQL generated, registered again through the record service.
        StatusRuntimeException same = refused(() -> records().registerSchema(RegisterSchemaRequest.newBuilder()
                .setDatabase(db).setSchema(before.getSchema()).build()));
        assertSchemaRefusal(same);
        // A schema that drops the foreign key's index and loosens the tables.
        Schema loosened = before.getSchema().toBuilder().clearIndexes().build();
        assertSchemaRefusal(refused(() -> records().registerSchema(RegisterSchemaRequest.newBuilder()
                .setDatabase(db).setSchema(loosened).build())));
        // A plain schema of another package in place of the tables.
        assertSchemaRefusal(refused(() -> records().registerSchema(RegisterSchemaRequest.newBuilder()
                .setDatabase(db).setSchema(plainSchema("other.proto", "shop")).build())));

        GetSchemaResponse after = records().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build());
        assertThat(after.getVersion()).isEqualTo(before.getVersion());
        assertThat(after.getSchema()).isEqualTo(before.getSchema());
        // SQL still enforces the foreign key and the tables still work.
        expectSql(Status.Code.FAILED_PRECONDITION, "23503", () -> exec(s, "INSERT INTO tickets VALUES (13, 99, 'x')"));
        exec(s, "INSERT INTO tickets VALUES (13, 2, 'second')");
        assertThat(exec(s, "SELECT COUNT(*) FROM tickets").single()).isEqualTo(3L);
        assertNoOrphans();
    }

    @Test
    void theReservedPackageOfSqlTablesCannotBeRegisteredThroughTheRecordService() {
        String plain = db + "_plain";
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(plain).build());
        StatusRuntimeException e = catchStatus(() -> records().registerSchema(RegisterSchemaRequest.newBuilder()
                .setDatabase(plain).setSchema(plainSchema("fake.proto", "rl.tables")).build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains("'rl.tables' is reserved for SQL tables");
        // Nothing was registered: the database still has no schema.
        assertThat(catchStatus(() -> records().getSchema(GetSchemaRequest.newBuilder().setDatabase(plain).build()))
                .getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
    }

    @Test
    void sqlTablesStayReadableThroughTheRecordService() {
        List<LoadedRecord> loaded = records().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db)
                .setType("tickets").addKeys(key(10L)).addKeys(key(99L)).build()).getRecordsList();
        assertThat(loaded).extracting(LoadedRecord::getFound).containsExactly(true, false);
        DynamicMessage ticket = parse(loaded.get(0).getRecord());
        assertThat(ticket.getField(field(ticket.getDescriptorForType(), "title"))).isEqualTo("first");
        assertThat(records().countRecords(CountRecordsRequest.newBuilder().setDatabase(db).setType("tickets")
                .build()).getCount()).isEqualTo(2L);
        assertThat(batchRecords(records().scan(ScanRequest.newBuilder().setDatabase(db).setType("projects").build())))
                .hasSize(2);
        assertThat(batchRecords(records().query(QueryRequest.newBuilder().setDatabase(db).addTypes("tickets").build())))
                .hasSize(2);
    }

    @Test
    void plainRecordDatabasesAreWrittenAsBefore() {
        String plain = db + "_plain";
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(plain).build());
        Schema schema = plainSchema("shop.proto", "shop");
        int v1 = records().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(plain).setSchema(schema)
                .build()).getVersion();
        Descriptor item = build(schema).findMessageTypeByName("Item");
        RecordMessage one = RecordMessage.newBuilder().setType("Item").setMessage(DynamicMessage.newBuilder(item)
                .setField(item.findFieldByName("id"), 1L).setField(item.findFieldByName("name"), "x".repeat(100))
                .build().toByteString()).build();
        RecordMessage two = RecordMessage.newBuilder().setType("Item").setMessage(DynamicMessage.newBuilder(item)
                .setField(item.findFieldByName("id"), 2L).build().toByteString()).build();
        assertThat(records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(plain).addRecords(one)
                .addRecords(two).build()).getSaved()).isEqualTo(2);
        assertThat(records().deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(plain).setType("Item")
                .addKeys(key(1L)).build()).getDeleted()).isEqualTo(1);
        records().deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(plain).setType("Item").build());
        records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(plain).addRecords(one).build());
        records().deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(plain).build());
        assertThat(records().countRecords(CountRecordsRequest.newBuilder().setDatabase(plain).build()).getCount())
                .isZero();
        // Evolving its schema is still allowed: the same schema again makes a new version.
        assertThat(records().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(plain).setSchema(schema)
                .build()).getVersion()).isGreaterThanOrEqualTo(v1);
    }

    @Test
    void droppingATableThroughSqlStillClearsItsRows() {
        exec(s, "DELETE FROM tickets");
        exec(s, "DROP TABLE tickets");
        assertThat(records().countRecords(CountRecordsRequest.newBuilder().setDatabase(db).setType("projects")
                .build()).getCount()).isEqualTo(2L);
        exec(s, "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects)");
        exec(s, "INSERT INTO tickets VALUES (1, 1)");
        assertThat(exec(s, "SELECT COUNT(*) FROM tickets").single()).isEqualTo(1L);
    }

    // ---- helpers ----

    private void assertNoOrphans() {
        assertThat(exec(s, "SELECT t.id FROM tickets t LEFT JOIN projects p ON t.project_id = p.id "
                + "WHERE t.project_id IS NOT NULL AND p.id IS NULL").rows()).as("tickets whose project is missing")
                .isEmpty();
    }

    private void assertWriteRefusal(StatusRuntimeException e, String recordType) {
        assertThat(e.getStatus().getDescription())
                .contains("record type '" + recordType + "' of database '" + db + "' is a SQL table")
                .contains("write its rows through SQL (rl.v1.SqlService)");
        assertThat(errorInfo(e).getMetadataMap()).containsEntry("record_type", recordType)
                .containsEntry("database", db);
    }

    private void assertSchemaRefusal(StatusRuntimeException e) {
        assertThat(e.getStatus().getDescription()).contains("database '" + db + "' holds SQL tables")
                .contains("SQL DDL (rl.v1.SqlService)");
    }

    /** The call fails FAILED_PRECONDITION with the record service's ErrorInfo. */
    private static StatusRuntimeException refused(Executable call) {
        StatusRuntimeException e = catchStatus(call);
        assertThat(e.getStatus().getCode()).as("status; description: %s", e.getStatus().getDescription())
                .isEqualTo(Status.Code.FAILED_PRECONDITION);
        ErrorInfo info = errorInfo(e);
        assertThat(info.getReason()).isEqualTo("FAILED_PRECONDITION");
        assertThat(info.getDomain()).isEqualTo(GrpcErrors.DOMAIN);
        return e;
    }

    private static StatusRuntimeException catchStatus(Executable call) {
        Throwable t = catchThrowable(call::execute);
        assertThat(t).as("the call should fail").isInstanceOf(StatusRuntimeException.class);
        return (StatusRuntimeException) t;
    }

    private static ErrorInfo errorInfo(StatusRuntimeException e) {
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertThat(details).isNotNull();
        for (com.google.protobuf.Any any : details.getDetailsList()) {
            if (any.is(ErrorInfo.class)) {
                try {
                    return any.unpack(ErrorInfo.class);
                } catch (InvalidProtocolBufferException x) {
                    throw new AssertionError(x);
                }
            }
        }
        throw new AssertionError("no ErrorInfo in " + details);
    }

    /** A row as a client of the record service would build it: from the schema GetSchema returns. */
    private RecordMessage record(String table, Map<String, Object> values) {
        Descriptor d = descriptor(table);
        DynamicMessage.Builder m = DynamicMessage.newBuilder(d);
        values.forEach((column, value) -> m.setField(field(d, column), value));
        return RecordMessage.newBuilder().setType(table).setMessage(m.build().toByteString()).build();
    }

    private Descriptor descriptor(String type) {
        Schema schema = records().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getSchema();
        Descriptor d = build(schema).findMessageTypeByName(type);
        assertThat(d).as("message %s in %s", type, schema.getRecordsFile()).isNotNull();
        return d;
    }

    private static FieldDescriptor field(Descriptor d, String column) {
        for (FieldDescriptor f : d.getFields()) {
            if (f.getName().equalsIgnoreCase(column)) {
                return f;
            }
        }
        throw new AssertionError("no field for column " + column + " in " + d.getFullName());
    }

    private DynamicMessage parse(RecordMessage r) {
        try {
            return DynamicMessage.parseFrom(descriptor(r.getType()), r.getMessage());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    /** The records file of a schema whose files import nothing. */
    private static Descriptors.FileDescriptor build(Schema schema) {
        FileDescriptorSet files = schema.getFiles();
        for (FileDescriptorProto f : files.getFileList()) {
            if (f.getName().equals(schema.getRecordsFile())) {
                try {
                    return Descriptors.FileDescriptor.buildFrom(f, new Descriptors.FileDescriptor[0]);
                } catch (Descriptors.DescriptorValidationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        throw new AssertionError("no records file " + schema.getRecordsFile());
    }

    /** One record type, Item (id, name), in {@code file} of {@code pkg}. */
    private static Schema plainSchema(String file, String pkg) {
        DescriptorProto item = DescriptorProto.newBuilder().setName("Item")
                .addField(FieldDescriptorProto.newBuilder().setName("id").setNumber(1)
                        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                        .setType(FieldDescriptorProto.Type.TYPE_INT64))
                .addField(FieldDescriptorProto.newBuilder().setName("name").setNumber(2)
                        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                        .setType(FieldDescriptorProto.Type.TYPE_STRING))
                .build();
        FileDescriptorProto proto = FileDescriptorProto.newBuilder().setName(file).setPackage(pkg)
                .setSyntax("proto2").addMessageType(item).build();
        return Schema.newBuilder().setFiles(FileDescriptorSet.newBuilder().addFile(proto)).setRecordsFile(file)
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Item").addPrimaryKey("id")).build();
    }

    private static Key key(long id) {
        return Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)).build();
    }

    private static List<RecordMessage> batchRecords(Iterator<RecordBatch> it) {
        List<RecordMessage> out = new ArrayList<>();
        it.forEachRemaining(b -> out.addAll(b.getRecordsList()));
        return out;
    }
}
