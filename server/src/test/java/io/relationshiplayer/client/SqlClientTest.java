package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketProto;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.auth.AuthInterceptor;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.SqlServiceImpl;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The client library against a real SQL and record service (embedded memory backend) over in-process transport.
 * It lives in the server module's tests, which may use both the client library and the services (the client module
 * itself depends on nothing of the server's).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlClientTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private Backend backend;
    private ExecutorService streams;
    private SqlServiceImpl sql;
    private Server server;
    private ManagedChannel channel;
    private SqlClient client;
    private String db;

    @BeforeAll
    void start() throws Exception {
        backend = Backend.open("embedded:memory");
        RecordStores stores = new RecordStores(backend.recordDatabase());
        streams = Executors.newCachedThreadPool();
        sql = new SqlServiceImpl(new SqlEngine(new RelationshipLayer(stores)), streams);
        String name = InProcessServerBuilder.generateName();
        // no tokens: every call runs as the unrestricted principal, as on a server without authentication
        AuthInterceptor open = new AuthInterceptor(null);
        server = InProcessServerBuilder.forName(name).addService(ServerInterceptors.intercept(sql, open))
                .addService(ServerInterceptors.intercept(new RecordServiceImpl(stores, streams), open)).build()
                .start();
        channel = InProcessChannelBuilder.forName(name).build();
        client = SqlClient.over(channel, "in-process", SqlClient.Options.DEFAULTS);
    }

    @AfterAll
    void stop() throws Exception {
        client.close();
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        sql.close();
        streams.shutdownNow();
        backend.close();
    }

    @BeforeEach
    void newDatabase() {
        db = "client" + DATABASES.incrementAndGet();
    }

    @Test
    void typedParametersAndValuesRoundTrip() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE t (id BIGINT PRIMARY KEY, i INTEGER, d DOUBLE, b BOOLEAN, s VARCHAR(20), "
                    + "x VARBINARY(8), m DECIMAL(10, 3), dt DATE, ts TIMESTAMP)");
            LocalDateTime ts = LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_000_000); // TIMESTAMP keeps milliseconds
            assertThat(s.update("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", 1L, 7, 2.5, true, "héllo",
                    new byte[] {1, 2}, new BigDecimal("12.345"), LocalDate.of(2024, 5, 6), ts)).isEqualTo(1);
            s.update("INSERT INTO t (id) VALUES (?)", 2L);

            try (SqlResult r = s.execute("SELECT * FROM t ORDER BY id")) {
                assertThat(r.command()).isEqualTo("SELECT");
                assertThat(r.returnsRows()).isTrue();
                assertThat(r.columns()).extracting(c -> c.getName()).containsExactly("id", "i", "d", "b", "s", "x",
                        "m", "dt", "ts");
                assertThat(r.columns().get(0).getType().getKind()).isEqualTo(ColumnKind.BIGINT);
                assertThat(r.columns().get(6).getType().getScale()).isEqualTo(3);
                List<Object[]> rows = r.remainingRows();
                assertThat(rows).hasSize(2);
                assertThat(rows.get(0)).containsExactly(1L, 7, 2.5, true, "héllo", new byte[] {1, 2},
                        new BigDecimal("12.345"), LocalDate.of(2024, 5, 6), ts);
                assertThat(rows.get(1)).containsExactly(2L, null, null, null, null, null, null, null, null);
                assertThat(r.end().getRowCount()).isEqualTo(2);
            }
        }
    }

    @Test
    void refusalsCarrySqlStateAndPosition() {
        try (SqlSession s = client.openSession(db)) {
            SqlClientException syntax = catchThrowableOfType(SqlClientException.class,
                    () -> s.update("SELECT 1 FROM\nWHERE"));
            assertThat(syntax.sqlState()).isEqualTo("42601");
            assertThat(syntax.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(syntax.line()).isEqualTo(2);
            assertThat(syntax.column()).isPositive();
            assertThat(syntax.getMessage()).isEqualTo(syntax.detail() + " (SQLSTATE 42601)");

            s.update("CREATE TABLE u (id BIGINT PRIMARY KEY)");
            s.update("INSERT INTO u VALUES (1)");
            SqlClientException duplicate = catchThrowableOfType(SqlClientException.class,
                    () -> s.update("INSERT INTO u VALUES (1)"));
            assertThat(duplicate.sqlState()).isEqualTo("23505");
            assertThat(duplicate.isUniqueViolation()).isTrue();
            assertThat(duplicate.isRetryable()).isFalse();
            assertThat(duplicate.isConnectionLost()).isFalse();
        }
    }

    @Test
    void preparedStatementsRunAgainWithNewParameters() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(10))");
            s.update("INSERT INTO p VALUES (1, 'one'), (2, 'two'), (3, 'three')");
            try (PreparedSql select = s.prepare("SELECT name FROM p WHERE id = ?")) {
                assertThat(select.parameterCount()).isEqualTo(1);
                assertThat(select.query(2L)).singleElement().satisfies(r -> assertThat(r).containsExactly("two"));
                assertThat(select.query(3L)).singleElement().satisfies(r -> assertThat(r).containsExactly("three"));
                assertThat(select.query(9L)).isEmpty();
            }
            try (PreparedSql delete = s.prepare("DELETE FROM p WHERE id >= ?")) {
                assertThat(delete.update(2L)).isEqualTo(2);
            }
        }
    }

    @Test
    void resultsStreamInBatchesOfTheFetchSizeAndCloseCancels() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE n (id BIGINT PRIMARY KEY)");
            StringBuilder insert = new StringBuilder("INSERT INTO n VALUES ");
            for (int i = 0; i < 1_000; i++) {
                insert.append(i == 0 ? "" : ", ").append('(').append(i).append(')');
            }
            s.update(insert.toString());
            s.setFetchSize(10);
            try (SqlResult r = s.execute("SELECT id FROM n ORDER BY id")) {
                assertThat(SqlValues.toJava(r.next().get(0))).isEqualTo(0L);
            }
            // the abandoned result was cancelled: the session runs the next statement
            assertThat(s.query("SELECT COUNT(*) FROM n")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(1_000L));
        }
    }

    @Test
    void cancelFromAnotherThreadStopsTheStatement() throws Exception {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE c (id BIGINT PRIMARY KEY)");
            StringBuilder insert = new StringBuilder("INSERT INTO c VALUES ");
            for (int i = 0; i < 2_000; i++) {
                insert.append(i == 0 ? "" : ", ").append('(').append(i).append(')');
            }
            s.update(insert.toString());
            s.setFetchSize(1);
            SqlResult r = s.execute("SELECT id FROM c");
            r.next();
            Thread canceller = new Thread(r::cancel);
            canceller.start();
            canceller.join();
            SqlClientException cancelled = catchThrowableOfType(SqlClientException.class, () -> {
                while (r.hasNext()) {
                    r.next();
                }
            });
            assertThat(cancelled.cancelled()).isTrue();
            assertThat(cancelled.sqlState()).isEqualTo("57014");
            assertThat(s.query("SELECT 1 + 1")).singleElement().satisfies(x -> assertThat(x).containsExactly(2));
        }
    }

    @Test
    void foldedBeginAndCommitMakeATransactionOfTheirStatements() {
        try (SqlSession s = client.openSession(db); SqlSession other = client.openSession(db)) {
            s.update("CREATE TABLE a (id BIGINT PRIMARY KEY)");
            assertThat(s.update(TransactionFlags.BEGIN, "INSERT INTO a VALUES (?)", 1L)).isEqualTo(1);
            assertThat(s.inTransaction()).isTrue();
            assertThat(other.query("SELECT id FROM a")).isEmpty();
            s.update(TransactionFlags.COMMIT, "INSERT INTO a VALUES (?)", 2L);
            assertThat(s.inTransaction()).isFalse();
            assertThat(other.query("SELECT id FROM a ORDER BY id")).extracting(r -> r[0]).containsExactly(1L, 2L);

            // BEGIN inside a transaction is refused before the statement runs
            s.update(TransactionFlags.BEGIN, "INSERT INTO a VALUES (3)");
            assertThatThrownBy(() -> s.update(TransactionFlags.BEGIN, "INSERT INTO a VALUES (4)"))
                    .isInstanceOfSatisfying(SqlClientException.class, e -> assertThat(e.sqlState()).isEqualTo("25001"));
            // a failing statement with the commit flag rolls the transaction back
            assertThatThrownBy(() -> s.update(TransactionFlags.COMMIT, "INSERT INTO a VALUES (1)"))
                    .isInstanceOfSatisfying(SqlClientException.class, e -> assertThat(e.sqlState()).isEqualTo("23505"));
            assertThat(s.query("SELECT COUNT(*) FROM a")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(2L));
            assertThat(s.inTransaction()).isFalse();

            // a query with the commit flag commits after its last row
            s.update(TransactionFlags.BEGIN, "INSERT INTO a VALUES (5)");
            assertThat(s.query("SELECT id FROM a ORDER BY id")).hasSize(3);
            try (SqlResult r = s.execute(TransactionFlags.COMMIT, "SELECT id FROM a ORDER BY id")) {
                assertThat(SqlSession.rows(r)).hasSize(3);
                assertThat(r.end().getInTransaction()).isFalse();
            }
            assertThat(other.query("SELECT id FROM a ORDER BY id")).extracting(r -> r[0])
                    .containsExactly(1L, 2L, 5L);
            // both flags: a one-statement explicit transaction
            assertThat(s.update(TransactionFlags.BOTH, "DELETE FROM a WHERE id = ?", 5L)).isEqualTo(1);
            assertThat(s.inTransaction()).isFalse();
            assertThat(other.query("SELECT COUNT(*) FROM a")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(2L));
        }
    }

    @Test
    void batchRunsManyParameterSetsInOneAtomicCall() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE p (id BIGINT PRIMARY KEY)");
            s.update("CREATE TABLE c (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p (id), v VARCHAR(10))");
            s.update("INSERT INTO p VALUES (1), (2)");
            List<Object[]> rows = new java.util.ArrayList<>();
            for (long i = 0; i < 1000; i++) {
                rows.add(new Object[] {i, 1 + i % 2, "v" + i});
            }
            long[] counts = s.executeBatch("INSERT INTO c VALUES (?, ?, ?)", rows);
            assertThat(counts).hasSize(1000).containsOnly(1L);
            assertThat(s.query("SELECT COUNT(*) FROM c")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(1000L));

            // a failing item (a missing parent) writes nothing, and its error names it
            List<Object[]> bad = List.of(new Object[] {2000L, 1L, "a"}, new Object[] {2001L, 1L, "b"},
                    new Object[] {2002L, 9L, "c"}, new Object[] {2003L, 2L, "d"});
            assertThatThrownBy(() -> s.executeBatch("INSERT INTO c VALUES (?, ?, ?)", bad))
                    .isInstanceOfSatisfying(SqlClientException.class, e -> {
                        assertThat(e.sqlState()).isEqualTo("23503");
                        assertThat(e.batchIndex()).isEqualTo(2);
                    });
            assertThat(s.query("SELECT COUNT(*) FROM c")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(1000L));

            // several statements, prepared statements, and a batch joining an explicit transaction
            assertThat(s.executeBatch(List.of(SqlStatement.of("UPDATE c SET v = ? WHERE p = ?", "two", 2L),
                    SqlStatement.of("DELETE FROM c WHERE id < ?", 10L)))).containsExactly(500L, 10L);
            try (PreparedSql del = s.prepare("DELETE FROM c WHERE id = ?")) {
                s.update("BEGIN");
                assertThat(del.executeBatch(List.of(new Object[] {10L}, new Object[] {11L}, new Object[] {-1L})))
                        .containsExactly(1L, 1L, 0L);
                assertThat(s.inTransaction()).isTrue();
                s.update("ROLLBACK");
            }
            assertThat(s.query("SELECT COUNT(*) FROM c")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(990L));
            // only writes: a query in a batch is refused before anything runs
            assertThatThrownBy(() -> s.executeBatch(List.of(SqlStatement.of("DELETE FROM c"),
                    SqlStatement.of("SELECT * FROM c"))))
                    .isInstanceOfSatisfying(SqlClientException.class, e -> {
                        assertThat(e.sqlState()).isEqualTo("0A000");
                        assertThat(e.batchIndex()).isEqualTo(1);
                    });
            assertThat(s.query("SELECT COUNT(*) FROM c")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(990L));
        }
    }

    @Test
    void transactionsSpanStatements() {
        try (SqlSession s = client.openSession(db); SqlSession other = client.openSession(db)) {
            s.update("CREATE TABLE a (id BIGINT PRIMARY KEY)");
            assertThat(s.inTransaction()).isFalse();
            s.update("BEGIN");
            assertThat(s.inTransaction()).isTrue();
            s.update("INSERT INTO a VALUES (1)");
            assertThat(other.query("SELECT id FROM a")).isEmpty();
            s.update("ROLLBACK");
            assertThat(s.inTransaction()).isFalse();
            s.update("BEGIN");
            s.update("INSERT INTO a VALUES (2)");
            s.update("COMMIT");
            assertThat(other.query("SELECT id FROM a")).singleElement()
                    .satisfies(r -> assertThat(r).containsExactly(2L));
        }
    }

    @Test
    void metadataListsAndDescribesTables() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE parent (id BIGINT PRIMARY KEY, name VARCHAR(9) NOT NULL)");
            assertThat(s.listTables()).extracting(t -> t.getName()).containsExactly("parent");
            assertThat(s.describeTable("parent").getColumnsList()).extracting(c -> c.getName())
                    .containsExactly("id", "name");
            assertThat(s.database()).isEqualTo(db);
            assertThat(s.address()).isEqualTo("in-process");
        }
    }

    @Test
    void recordClientManagesDatabasesAndMapsErrors() {
        RecordClient records = RecordClient.over(channel, "in-process");
        assertThat(records.createDatabase(db, false)).isTrue();
        assertThat(records.createDatabase(db, true)).isFalse();
        assertThat(records.listDatabases()).contains(db);
        RecordClientException exists = catchThrowableOfType(RecordClientException.class,
                () -> records.createDatabase(db, false));
        assertThat(exists.code()).isEqualTo(Status.Code.ALREADY_EXISTS);
        assertThat(exists.getMessage()).startsWith("record service at in-process: ALREADY_EXISTS");
        RecordClientException missing = catchThrowableOfType(RecordClientException.class,
                () -> records.getSchema(db + "_missing"));
        assertThat(missing.code()).isEqualTo(Status.Code.NOT_FOUND);
    }

    @Test
    void recordClientReadsTheRowsOfSqlTables() {
        try (SqlSession s = client.openSession(db)) {
            s.update("CREATE TABLE r (id BIGINT PRIMARY KEY)");
            s.update("INSERT INTO r VALUES (1), (2), (3)");
        }
        RecordClient records = RecordClient.over(channel, "in-process");
        assertThat(records.count(db, "")).isEqualTo(3);
    }

    @Test
    void recordClientSavesLoadsScansAndDeletesRecordsAsTheirOwnBytes() {
        RecordClient records = RecordClient.over(channel, "in-process");
        records.createDatabase(db, false);
        records.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db).setSchema(Schema.newBuilder()
                .setFiles(FileDescriptorSet.newBuilder().addFile(TicketProto.getDescriptor().toProto()))
                .setRecordsFile(TicketProto.getDescriptor().getName())
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Ticket").addPrimaryKey("id")))
                .setWaitForIndexes(true).build());
        List<Ticket> tickets = List.of(Ticket.newBuilder().setId(1).setTitle("one").build(),
                Ticket.newBuilder().setId(2).setTitle("two").build());

        assertThat(records.save(db, "Ticket", tickets, Ticket::toByteString, SaveMode.UPSERT)).isEqualTo(2);
        assertThat(records.load(db, "Ticket", Key.newBuilder().addValues(Value.newBuilder().setInt64Value(2))
                .build())).isEqualTo(tickets.get(1).toByteString());
        assertThat(records.load(db, "Ticket", Key.newBuilder().addValues(Value.newBuilder().setInt64Value(3))
                .build())).isNull();
        List<ByteString> scanned = new java.util.ArrayList<>();
        assertThat(records.scan(ScanRequest.newBuilder().setDatabase(db).setType("Ticket").build(),
                m -> scanned.add(m.getMessage()))).isEqualTo(2);
        assertThat(scanned).containsExactly(tickets.get(0).toByteString(), tickets.get(1).toByteString());
        records.deleteAll(db, "");
        assertThat(records.count(db, "")).isZero();
    }
}
