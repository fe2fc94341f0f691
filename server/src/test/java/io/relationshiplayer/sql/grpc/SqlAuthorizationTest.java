package io.relationshiplayer.sql.grpc;

import static io.relationshiplayer.sql.grpc.SqlServerFixture.drain;
import static io.relationshiplayer.sql.grpc.SqlServerFixture.expectSql;
import static io.relationshiplayer.sql.grpc.SqlServerFixture.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.BindableService;
import io.grpc.Status;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.BatchStatement;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecuteBatchRequest;
import io.relationshiplayer.proto.v1.DescribeTableRequest;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.ListTablesRequest;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.ParameterSet;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.SessionOptions;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.SecureServer;
import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.sql.SqlEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Per-database roles through SQL and its metadata calls, on a real server with bearer tokens. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlAuthorizationTest {
    static final String DENIED = SqlGrpcErrors.INSUFFICIENT_PRIVILEGE;
    static final SecureServer.Principal ROOT = new SecureServer.Principal("root", "rl_root", Map.of("*", Role.ADMIN));
    static final SecureServer.Principal ALICE = new SecureServer.Principal("alice", "rl_alice",
            Map.of("shop", Role.ADMIN));
    static final SecureServer.Principal BOB = new SecureServer.Principal("bob", "rl_bob", Map.of("books", Role.ADMIN));
    static final SecureServer.Principal READER = new SecureServer.Principal("reader", "rl_reader",
            Map.of("shop", Role.READ));
    static final SecureServer.Principal WRITER = new SecureServer.Principal("writer", "rl_writer",
            Map.of("shop", Role.WRITE, "fresh", Role.WRITE));

    SecureServer server;
    SqlServiceImpl service;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        server = SecureServer.start(new ServerSecurity(null, SecureServer.tokens(dir,
                List.of(ROOT, ALICE, BOB, READER, WRITER))), this::services);
        for (String db : List.of("shop", "books")) {
            String s = open(ROOT, db);
            exec(ROOT, s, "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(20))");
            exec(ROOT, s, "INSERT INTO items VALUES (1, 'one')");
        }
    }

    private List<BindableService> services(RecordStores stores, Executor streams) {
        service = new SqlServiceImpl(new SqlEngine(new RelationshipLayer(stores)), streams);
        return List.of(new RecordServiceImpl(stores, streams), service);
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        service.close();
    }

    private SqlServiceGrpc.SqlServiceBlockingStub sql(SecureServer.Principal p) {
        return SqlServiceGrpc.newBlockingStub(server.channel(ClientSecurity.token(p.token())))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private String open(SecureServer.Principal p, String db) {
        return sql(p).openSession(OpenSessionRequest.newBuilder().setDatabase(db).build()).getSessionId();
    }

    private SqlServerFixture.Result exec(SecureServer.Principal p, String session, String text) {
        return drain(sql(p).execute(request(session, text)));
    }

    private long count(String db) {
        String s = open(ROOT, db);
        return ((Number) exec(ROOT, s, "SELECT COUNT(*) FROM items").single()).longValue();
    }

    private SqlError denied(Runnable call) {
        return expectSql(Status.Code.PERMISSION_DENIED, DENIED, call::run);
    }

    @Test
    void noSessionOnAnotherPrincipalsDatabaseAndTheSameErrorWhetherItExistsOrNot() {
        String existing = denied(() -> open(ALICE, "books")).getMessage();
        String missing = denied(() -> open(ALICE, "ghost")).getMessage();
        assertThat(existing).contains("alice").contains("'books'");
        assertThat(existing.replace("books", "X")).isEqualTo(missing.replace("ghost", "X"));
        String mustExist = denied(() -> sql(ALICE).openSession(OpenSessionRequest.newBuilder().setDatabase("books")
                .setOptions(SessionOptions.newBuilder().setMustExist(true)).build())).getMessage();
        assertThat(mustExist).isEqualTo(existing);
        assertThat(exec(BOB, open(BOB, "books"), "SELECT name FROM items").single()).isEqualTo("one");
    }

    @Test
    void metadataOfAnotherPrincipalsDatabaseIsRefusedAlike() {
        SqlServiceGrpc.SqlServiceBlockingStub alice = sql(ALICE);
        String existing = denied(() -> alice.listTables(ListTablesRequest.newBuilder().setDatabase("books").build()))
                .getMessage();
        String missing = denied(() -> alice.listTables(ListTablesRequest.newBuilder().setDatabase("ghost").build()))
                .getMessage();
        assertThat(existing.replace("books", "X")).isEqualTo(missing.replace("ghost", "X"));
        String described = denied(() -> alice.describeTable(DescribeTableRequest.newBuilder().setDatabase("books")
                .setTable("items").build())).getMessage();
        String describedMissing = denied(() -> alice.describeTable(DescribeTableRequest.newBuilder()
                .setDatabase("ghost").setTable("items").build())).getMessage();
        assertThat(described).isEqualTo(existing);
        assertThat(describedMissing).isEqualTo(missing);
        assertThat(alice.listTables(ListTablesRequest.newBuilder().setDatabase("shop").build()).getTablesList())
                .extracting(t -> t.getName().toLowerCase()).contains("items");
        assertThat(RecordServiceGrpc.newBlockingStub(server.channel(ClientSecurity.token(ALICE.token())))
                .listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList()).containsExactly("shop");
    }

    @Test
    void anotherPrincipalsSessionIsUnknownToEveryoneElseEvenWithGrantsOnItsDatabase() {
        String bobs = open(BOB, "books");
        String prepared = sql(BOB).prepare(PrepareRequest.newBuilder().setSessionId(bobs).setSql("SELECT 1").build())
                .getStatementId();
        String unknown = unknownSession(ALICE, "no-such-session");
        for (SecureServer.Principal other : List.of(ALICE, ROOT)) {
            SqlServiceGrpc.SqlServiceBlockingStub s = sql(other);
            assertThat(unknownSession(other, bobs)).isEqualTo(unknown);
            expectSql(Status.Code.NOT_FOUND, Sessions.UNKNOWN_SESSION, () -> drain(s.executePrepared(
                    ExecutePreparedRequest.newBuilder().setSessionId(bobs).setStatementId(prepared).build())));
            expectSql(Status.Code.NOT_FOUND, Sessions.UNKNOWN_SESSION, () -> s.prepare(PrepareRequest.newBuilder()
                    .setSessionId(bobs).setSql("SELECT 1").build()));
            expectSql(Status.Code.NOT_FOUND, Sessions.UNKNOWN_SESSION, () -> s.listTables(ListTablesRequest
                    .newBuilder().setSessionId(bobs).build()));
            expectSql(Status.Code.NOT_FOUND, Sessions.UNKNOWN_SESSION, () -> s.closeSession(CloseSessionRequest
                    .newBuilder().setSessionId(bobs).build()));
        }
        assertThat(exec(BOB, bobs, "SELECT name FROM items").single()).as("still open").isEqualTo("one");
    }

    private String unknownSession(SecureServer.Principal p, String session) {
        return expectSql(Status.Code.NOT_FOUND, Sessions.UNKNOWN_SESSION,
                () -> exec(p, session, "SELECT name FROM items")).getMessage();
    }

    /** CREATE / DROP DATABASE need the admin role on the database they name, not on the session's. */
    @Test
    void databasesAreCreatedAndDroppedOnlyWithAdminOnTheirName() {
        String shop = open(ALICE, "shop");
        assertThat(denied(() -> exec(ALICE, shop, "CREATE DATABASE books2")).getMessage()).contains("books2");
        assertThat(denied(() -> exec(ALICE, shop, "DROP DATABASE books")).getMessage()).contains("books");
        assertThat(count("books")).isEqualTo(1);
        String root = open(ROOT, "shop");
        exec(ROOT, root, "CREATE DATABASE made_by_sql");
        assertThat(exec(ROOT, root, "SHOW DATABASES").rows()).contains(List.of("made_by_sql"));
        assertThat(denied(() -> exec(ALICE, shop, "DROP DATABASE made_by_sql")).getMessage())
                .contains("made_by_sql");
        exec(ROOT, root, "DROP DATABASE made_by_sql");
        assertThat(exec(ROOT, root, "SHOW DATABASES").rows()).doesNotContain(List.of("made_by_sql"));
    }

    @Test
    void readerQueriesButCannotInsertOrCreate() {
        String s = open(READER, "shop");
        assertThat(exec(READER, s, "SELECT name FROM items WHERE id = 1").single()).isEqualTo("one");
        assertThat(exec(READER, s, "SHOW TABLES").raw()).isNotEmpty();
        assertThat(exec(READER, s, "DESCRIBE items").raw()).isNotEmpty();
        assertThat(exec(READER, s, "EXPLAIN SELECT * FROM items").raw()).isNotEmpty();
        exec(READER, s, "BEGIN");
        exec(READER, s, "ROLLBACK");
        long before = count("shop");
        assertThat(denied(() -> exec(READER, s, "INSERT INTO items VALUES (2, 'two')")).getMessage())
                .contains("reader has no write access to database 'shop'");
        denied(() -> exec(READER, s, "  -- sneaky\n update items SET name = 'x'"));
        denied(() -> exec(READER, s, "DELETE FROM items"));
        assertThat(denied(() -> exec(READER, s, "CREATE TABLE t2 (id BIGINT PRIMARY KEY)")).getMessage())
                .contains("no admin access");
        denied(() -> exec(READER, s, "DROP TABLE items"));
        String insert = sql(READER).prepare(PrepareRequest.newBuilder().setSessionId(s)
                .setSql("INSERT INTO items VALUES (3, 'three')").build()).getStatementId();
        denied(() -> drain(sql(READER).executePrepared(ExecutePreparedRequest.newBuilder().setSessionId(s)
                .setStatementId(insert).build())));
        assertThat(count("shop")).isEqualTo(before);
        assertThat(exec(READER, s, "SELECT name FROM items WHERE id = 1").single()).as("session still usable")
                .isEqualTo("one");
    }

    /**
     * A batch's items are checked on the statement worker, in the call's context: a reader's batch with a write among
     * its items is refused with the item's index and runs nothing; a writer's runs.
     */
    @Test
    void aBatchIsCheckedItemByItemAgainstTheCallersRole() {
        String s = open(READER, "shop");
        long before = count("shop");
        ExecuteBatchRequest mixed = ExecuteBatchRequest.newBuilder().setSessionId(s)
                .addStatements(BatchStatement.newBuilder().setSql("SELECT name FROM items WHERE id = 1"))
                .addStatements(BatchStatement.newBuilder().setSql("INSERT INTO items VALUES (40, 'forty')"))
                .build();
        SqlError e = denied(() -> sql(READER).executeBatch(mixed));
        assertThat(e.getMessage()).contains("batch item 1:").contains("reader has no write access to database 'shop'");
        ExecuteBatchRequest sets = ExecuteBatchRequest.newBuilder().setSessionId(s)
                .setSql("INSERT INTO items VALUES (?, 'x')")
                .addParamSets(ParameterSet.newBuilder().addParams(SqlServerFixture.v(41L)))
                .addParamSets(ParameterSet.newBuilder().addParams(SqlServerFixture.v(42L))).build();
        denied(() -> sql(READER).executeBatch(sets));
        assertThat(count("shop")).isEqualTo(before);
        assertThat(exec(READER, s, "SELECT name FROM items WHERE id = 1").single()).as("session still usable")
                .isEqualTo("one");
        String w = open(WRITER, "shop");
        assertThat(sql(WRITER).executeBatch(sets.toBuilder().setSessionId(w).build()).getAffectedRowsList())
                .containsExactly(1L, 1L);
        assertThat(count("shop")).isEqualTo(before + 2);
        exec(WRITER, w, "DELETE FROM items WHERE id IN (41, 42)");
    }

    /**
     * Text that reads as a query to one lexer and as a write to another (nested block comments, a carriage return
     * ending a line comment): what runs is checked where it runs, so none of it gets through.
     */
    @Test
    void aWriteDisguisedByCommentsIsRefusedWhereItRuns() {
        String s = open(READER, "shop");
        long before = count("shop");
        denied(() -> exec(READER, s, "/* /* */ SELECT */ DROP TABLE items"));
        denied(() -> exec(READER, s, "-- x\rINSERT INTO items VALUES (2, 'two') /*\nSELECT */"));
        denied(() -> exec(READER, s, "-- x\rUPDATE items SET name = 'x' /*\nSELECT */"));
        // Nested comments hide the whole text from the session (an empty statement), though not from Calcite's lexer.
        expectSql(Status.Code.INVALID_ARGUMENT, "42601",
                () -> exec(READER, s, "/* /* */ INSERT INTO items VALUES (4, 'four') -- */"));
        expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(READER, s, "/* /* */ DELETE FROM items -- */"));
        assertThat(count("shop")).isEqualTo(before);
        assertThat(exec(READER, s, "SELECT name FROM items WHERE id = 1").single()).isEqualTo("one");
        String w = open(WRITER, "shop");
        denied(() -> exec(WRITER, w, "/* /* */ SELECT */ CREATE TABLE sneaky (id BIGINT PRIMARY KEY)"));
        denied(() -> exec(WRITER, w, "-- x\rCREATE INDEX items_n ON items (name)"));
        assertThat(exec(WRITER, w, "SHOW TABLES").raw()).hasSize(1);
    }

    @Test
    void writerChangesRowsButNotTheSchema() {
        String s = open(WRITER, "shop");
        exec(WRITER, s, "INSERT INTO items VALUES (10, 'ten')");
        exec(WRITER, s, "UPDATE items SET name = 'TEN' WHERE id = 10");
        assertThat(exec(WRITER, s, "SELECT name FROM items WHERE id = 10").single()).isEqualTo("TEN");
        exec(WRITER, s, "DELETE FROM items WHERE id = 10");
        denied(() -> exec(WRITER, s, "CREATE TABLE t3 (id BIGINT PRIMARY KEY)"));
        denied(() -> exec(WRITER, s, "ALTER TABLE items ADD COLUMN extra VARCHAR(5)"));
        denied(() -> exec(WRITER, s, "CREATE INDEX items_name ON items (name)"));
        denied(() -> exec(WRITER, s, "DROP TABLE items"));
        assertThat(exec(WRITER, s, "SHOW TABLES").raw()).hasSize(1);
        // creating a database on first use is a schema change too
        expectSql(Status.Code.NOT_FOUND, "3D000", () -> open(WRITER, "fresh"));
    }

    @Test
    void adminChangesTheSchema() {
        String s = open(ALICE, "shop");
        exec(ALICE, s, "CREATE TABLE notes (id BIGINT PRIMARY KEY, body VARCHAR(50))");
        exec(ALICE, s, "INSERT INTO notes VALUES (1, 'hi')");
        exec(ALICE, s, "DROP TABLE notes");
        String created = open(ALICE, "shop");
        assertThat(created).isNotEmpty();
    }
}
