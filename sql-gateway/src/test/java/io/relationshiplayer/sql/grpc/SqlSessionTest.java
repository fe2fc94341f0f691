package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.DescribeTableRequest;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ListTablesRequest;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.OpenSessionResponse;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.SessionOptions;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.v1.TableColumn;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Sessions over a real server: DDL, DML with typed parameters, queries, metadata, lifecycle and expiry. */
class SqlSessionTest extends SqlServerFixture {
    static final String PROJECTS = "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE)";
    static final String TICKETS = "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES "
            + "projects ON DELETE CASCADE, title VARCHAR(100), status VARCHAR(10) DEFAULT 'open' NOT NULL)";

    @Test
    void ddlThenInsertsWithParametersThenJoins() {
        String s = open();
        Result created = exec(s, PROJECTS);
        assertThat(created.header().getCommand()).isEqualTo("CREATE TABLE");
        assertThat(created.header().getReturnsRows()).isFalse();
        exec(s, TICKETS);
        exec(s, "CREATE INDEX tickets_status ON tickets (status)");

        Result inserted = exec(s, "INSERT INTO projects VALUES (?, ?), (?, ?)", 1L, "rl", 2L, "fdb");
        assertThat(inserted.header().getCommand()).isEqualTo("INSERT");
        assertThat(inserted.end().getAffectedRows()).isEqualTo(2);
        for (long id = 10; id < 16; id++) {
            assertThat(exec(s, "INSERT INTO tickets (id, project_id, title) VALUES (?, ?, ?)", id,
                    id % 2 == 0 ? 1L : 2L, "ticket " + id).end().getAffectedRows()).isEqualTo(1);
        }
        assertThat(exec(s, "UPDATE tickets SET status = ? WHERE id >= ?", "done", 14L).end().getAffectedRows())
                .isEqualTo(2);

        Result joined = exec(s, "SELECT p.name, t.id, t.status FROM tickets t JOIN projects p ON t.project_id = p.id "
                + "WHERE t.status = ? ORDER BY t.id", "open");
        assertThat(joined.header().getCommand()).isEqualTo("SELECT");
        assertThat(joined.header().getColumnsList()).extracting(Column::getName).containsExactly("name", "id",
                "status");
        assertThat(joined.header().getColumns(1).getType().getKind()).isEqualTo(ColumnKind.BIGINT);
        assertThat(joined.rows()).containsExactly(row("rl", 10L, "open"), row("fdb", 11L, "open"),
                row("rl", 12L, "open"), row("fdb", 13L, "open"));

        Result grouped = exec(s, "SELECT p.name, COUNT(*) AS n FROM tickets t JOIN projects p ON t.project_id = p.id "
                + "GROUP BY p.name ORDER BY p.name");
        assertThat(grouped.rows()).containsExactly(row("fdb", 3L), row("rl", 3L));

        Result deleted = exec(s, "DELETE FROM projects WHERE id = ?", 1L);
        assertThat(deleted.end().getAffectedRows()).isEqualTo(1);
        assertThat(exec(s, "SELECT COUNT(*) FROM tickets").single()).as("ON DELETE CASCADE").isEqualTo(3L);
    }

    @Test
    void everyTypeRoundTripsExactly() {
        String s = open();
        exec(s, "CREATE TABLE typed (id BIGINT PRIMARY KEY, i INTEGER, d DOUBLE, b BOOLEAN, s VARCHAR(20), "
                + "v VARBINARY(16), m DECIMAL(18,6), dt DATE, ts TIMESTAMP)");
        List<Object> first = row(1L, -2_000_000_000, 0.1 + 0.2, true, "héllo ✓", new byte[] {0, 1, (byte) 0xff},
                new BigDecimal("123456789012.123456"), LocalDate.of(2024, 2, 29),
                LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_000_000));
        List<Object> second = row(2L, Integer.MAX_VALUE, -1.5e300, false, "", new byte[0],
                new BigDecimal("-0.000001"), LocalDate.of(1969, 12, 31), LocalDateTime.of(1969, 12, 31, 23, 59, 59));
        List<Object> nulls = row(3L, null, null, null, null, null, null, null, null);
        String insert = "INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
        for (List<Object> r : List.of(first, second, nulls)) {
            assertThat(exec(s, insert, r.toArray()).end().getAffectedRows()).isEqualTo(1);
        }

        Result all = exec(s, "SELECT id, i, d, b, s, v, m, dt, ts FROM typed ORDER BY id");
        assertThat(all.header().getColumnsList()).extracting(c -> c.getType().getKind()).containsExactly(
                ColumnKind.BIGINT, ColumnKind.INTEGER, ColumnKind.DOUBLE, ColumnKind.BOOLEAN, ColumnKind.VARCHAR,
                ColumnKind.VARBINARY, ColumnKind.DECIMAL, ColumnKind.DATE, ColumnKind.TIMESTAMP);
        Column decimal = all.header().getColumns(6);
        assertThat(decimal.getType().getPrecision()).isEqualTo(18);
        assertThat(decimal.getType().getScale()).isEqualTo(6);
        assertThat(all.header().getColumns(0).getNullable()).as("a primary key column").isFalse();
        assertThat(all.header().getColumns(1).getNullable()).isTrue();

        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> r : List.of(first, second, nulls)) {
            List<Object> e = new ArrayList<>(r);
            if (e.get(5) != null) {
                e.set(5, ByteString.copyFrom((byte[]) e.get(5)));
            }
            expected.add(e);
        }
        List<List<Object>> got = all.rows();
        assertThat(got).hasSize(3);
        for (int i = 0; i < 3; i++) {
            for (int c = 0; c < 9; c++) {
                Object want = expected.get(i).get(c);
                Object have = got.get(i).get(c);
                if (want instanceof BigDecimal) {
                    assertThat(have).as("row %d column %d exact decimal", i, c).isEqualTo(want);
                } else {
                    assertThat(have).as("row %d column %d", i, c).isEqualTo(want);
                }
            }
        }
        // Every non-null value has the case of its column's kind.
        SqlValue.KindCase[] cases = {SqlValue.KindCase.INT64_VALUE, SqlValue.KindCase.INT32_VALUE,
                SqlValue.KindCase.DOUBLE_VALUE, SqlValue.KindCase.BOOL_VALUE, SqlValue.KindCase.STRING_VALUE,
                SqlValue.KindCase.BYTES_VALUE, SqlValue.KindCase.DECIMAL_VALUE, SqlValue.KindCase.DATE_VALUE,
                SqlValue.KindCase.TIMESTAMP_VALUE};
        for (int c = 0; c < 9; c++) {
            assertThat(all.raw().get(0).getValues(c).getKindCase()).isEqualTo(cases[c]);
            assertThat(all.raw().get(2).getValues(c).getKindCase()).isEqualTo(c == 0 ? cases[0]
                    : SqlValue.KindCase.NULL_VALUE);
        }

        // Parameters of every type also compare in predicates.
        String[] columns = {"id", "i", "d", "b", "s", "v", "m", "dt", "ts"};
        for (int c = 0; c < 9; c++) {
            assertThat(exec(s, "SELECT id FROM typed WHERE " + columns[c] + " = ?", first.get(c)).rows())
                    .as("WHERE %s = ?", columns[c]).containsExactly(row(1L));
        }
        assertThat(exec(s, "SELECT id FROM typed WHERE m IS NULL AND ts IS NULL").rows()).containsExactly(row(3L));
    }

    /** The wire carries microseconds; a TIMESTAMP keeps them, as PostgreSQL's. */
    @Test
    void timestampsKeepMicroseconds() {
        String s = open();
        exec(s, "CREATE TABLE times (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        LocalDateTime micros = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_000);
        exec(s, "INSERT INTO times VALUES (1, ?)", micros);
        exec(s, "INSERT INTO times VALUES (2, TIMESTAMP '2024-02-29 23:59:58.123456')");
        assertThat(exec(s, "SELECT ts FROM times ORDER BY id").rows()).containsExactly(row(micros), row(micros));
    }

    @Test
    void metadataListsAndDescribesTables() {
        String s = open();
        exec(s, PROJECTS);
        exec(s, TICKETS);
        exec(s, "CREATE TABLE money (id INTEGER PRIMARY KEY, amount DECIMAL(12,2) DEFAULT 0 NOT NULL, "
                + "data VARBINARY(8))");
        exec(s, "CREATE INDEX tickets_status ON tickets (status)");

        List<String> bySession = new ArrayList<>();
        sql().listTables(ListTablesRequest.newBuilder().setSessionId(s).build()).getTablesList()
                .forEach(t -> bySession.add(t.getName() + ":" + t.getColumnCount()));
        assertThat(bySession).containsExactlyInAnyOrder("projects:2", "tickets:4", "money:3");
        assertThat(sql().listTables(ListTablesRequest.newBuilder().setDatabase(db).build()).getTablesCount())
                .isEqualTo(3);

        DescribeTableResponse tickets = sql().describeTable(DescribeTableRequest.newBuilder().setSessionId(s)
                .setTable("tickets").build());
        assertThat(tickets.getTable()).isEqualTo("tickets");
        assertThat(tickets.getPrimaryKeyList()).containsExactly("id");
        assertThat(tickets.getColumnsList()).extracting(TableColumn::getName).containsExactly("id", "project_id",
                "title", "status");
        TableColumn status = tickets.getColumns(3);
        assertThat(status.getType().getKind()).isEqualTo(ColumnKind.VARCHAR);
        assertThat(status.getType().getLength()).isEqualTo(10);
        assertThat(status.getNullable()).isFalse();
        assertThat(status.getDefaultSql()).isEqualTo("'open'");
        assertThat(tickets.getColumns(0).getNullable()).as("a primary key column").isFalse();
        assertThat(tickets.getColumns(2).getNullable()).isTrue();
        assertThat(tickets.getConstraintsList()).extracting(c -> c.getKind()).contains("primary key", "foreign key",
                "index");
        assertThat(tickets.getConstraintsList()).anySatisfy(c -> {
            assertThat(c.getKind()).isEqualTo("foreign key");
            assertThat(c.getDefinition()).contains("REFERENCES projects (id)").contains("ON DELETE CASCADE");
        });

        DescribeTableResponse money = sql().describeTable(DescribeTableRequest.newBuilder().setDatabase(db)
                .setTable("money").build());
        TableColumn amount = money.getColumns(1);
        assertThat(amount.getType().getKind()).isEqualTo(ColumnKind.DECIMAL);
        assertThat(amount.getType().getPrecision()).isEqualTo(12);
        assertThat(amount.getType().getScale()).isEqualTo(2);
        assertThat(amount.getNullable()).isFalse();
        assertThat(money.getColumns(2).getType().getKind()).isEqualTo(ColumnKind.VARBINARY);
        assertThat(money.getColumns(2).getType().getLength()).isEqualTo(8);

        expectSql(Status.Code.INVALID_ARGUMENT, "42P01", () -> sql().describeTable(DescribeTableRequest
                .newBuilder().setSessionId(s).setTable("nope").build()));
        expectSql(Status.Code.NOT_FOUND, "3D000", () -> sql().listTables(ListTablesRequest.newBuilder()
                .setDatabase(db + "_missing").build()));
        assertServing(s);
    }

    @Test
    void unknownClosedAndExpiredSessionsAreNotFound() {
        String unknown = "0123456789abcdef0123456789abcdef";
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(unknown, "SELECT 1"));
        expectSql(Status.Code.NOT_FOUND, "08003", () -> sql().prepare(PrepareRequest.newBuilder()
                .setSessionId(unknown).setSql("SELECT 1").build()));
        expectSql(Status.Code.NOT_FOUND, "08003", () -> sql().executePrepared(ExecutePreparedRequest.newBuilder()
                .setSessionId(unknown).setStatementId("s1").build()).hasNext());
        expectSql(Status.Code.NOT_FOUND, "08003", () -> sql().listTables(ListTablesRequest.newBuilder()
                .setSessionId(unknown).build()));
        expectSql(Status.Code.NOT_FOUND, "08003", () -> sql().closeSession(CloseSessionRequest.newBuilder()
                .setSessionId(unknown).build()));
        expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> exec("", "SELECT 1"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> sql().openSession(OpenSessionRequest
                .getDefaultInstance()));

        String s = open();
        exec(s, "CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(20))");
        exec(s, "BEGIN");
        exec(s, "INSERT INTO kv VALUES (1, 'uncommitted')");
        sql().closeSession(CloseSessionRequest.newBuilder().setSessionId(s).build());
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(s, "SELECT 1"));
        String other = open();
        assertThat(exec(other, "SELECT COUNT(*) FROM kv").single()).as("closing rolled back").isEqualTo(0L);
        assertServing(other);
    }

    @Test
    void idleSessionsExpireAndRollBackWhileOthersLive() {
        assertThat(Sessions.DEFAULT_IDLE_TIMEOUT).isEqualTo(java.time.Duration.ofMinutes(10));
        assertThat(sessions.idleTimeout()).isEqualTo(Sessions.DEFAULT_IDLE_TIMEOUT);
        String setup = open();
        exec(setup, "CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(10))");
        String idle = open();
        exec(idle, "BEGIN");
        exec(idle, "INSERT INTO kv VALUES (1, 'pending')");
        OpenSessionResponse shortLived = sql().openSession(OpenSessionRequest.newBuilder().setDatabase(db)
                .setOptions(SessionOptions.newBuilder().setIdleTimeoutSeconds(60)).build());
        assertThat(shortLived.getIdleTimeoutSeconds()).isEqualTo(60);
        OpenSessionResponse capped = sql().openSession(OpenSessionRequest.newBuilder().setDatabase(db)
                .setOptions(SessionOptions.newBuilder().setIdleTimeoutSeconds(86_400)).build());
        assertThat(capped.getIdleTimeoutSeconds()).as("never longer than the server's").isEqualTo(600);

        clockOffset.addAndGet(TimeUnit.SECONDS.toNanos(61));
        sessions.expireIdle();
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(shortLived.getSessionId(), "SELECT 1"));
        assertThat(exec(idle, "SELECT COUNT(*) FROM kv").single()).as("alive after 61 s").isEqualTo(1L);
        String active = open();

        clockOffset.addAndGet(TimeUnit.SECONDS.toNanos(590));
        exec(active, "SELECT 1");
        clockOffset.addAndGet(TimeUnit.SECONDS.toNanos(20));
        sessions.expireIdle();
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(idle, "SELECT 1"));
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(capped.getSessionId(), "SELECT 1"));
        assertThat(exec(active, "SELECT COUNT(*) FROM kv").single()).as("the expired session's transaction "
                + "was rolled back; the session used 20 s ago lives").isEqualTo(0L);
        assertServing(active);
    }

    @Test
    void openingRequiresAnExistingDatabaseOnlyWhenAsked() {
        expectSql(Status.Code.NOT_FOUND, "3D000", () -> sql().openSession(OpenSessionRequest.newBuilder()
                .setDatabase(db).setOptions(SessionOptions.newBuilder().setMustExist(true)).build()));
        String s = open();
        assertThat(sql().openSession(OpenSessionRequest.newBuilder().setDatabase(db)
                .setOptions(SessionOptions.newBuilder().setMustExist(true)).build()).getSessionId())
                .isNotEmpty().isNotEqualTo(s);
    }
}
