package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Failed statements come back as a status whose code follows the SQLSTATE, with the SQLSTATE, message and position
 * in the details; the session and the server keep serving after each.
 */
class SqlErrorTest extends SqlServerFixture {
    String s;

    @BeforeEach
    void schema() {
        s = open();
        exec(s, "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(5) NOT NULL UNIQUE)");
        exec(s, "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                + "title VARCHAR(100))");
        exec(s, "INSERT INTO projects VALUES (1, 'rl')");
        exec(s, "CREATE TABLE amounts (id BIGINT PRIMARY KEY, m DECIMAL(8,2), i INTEGER)");
    }

    @Test
    void syntaxErrorsCarryTheirLineAndColumn() {
        SqlError e = expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(s, "SELECT id\nFROM projects\n"
                + "WHERE id = = 1"));
        // PostgreSQL's words; the position is the error's line and column, not said again in its text
        assertThat(e.getMessage()).isEqualTo("syntax error at or near \"=\"");
        assertThat(e.getLine()).isEqualTo(3);
        assertThat(e.getColumn()).as("the second =, as PostgreSQL's parser takes the first").isEqualTo(12);
        SqlError first = expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(s, "SELEC 1"));
        assertThat(first.getLine()).isEqualTo(1);
        assertThat(first.getColumn()).isEqualTo(1);
        assertServing(s);
    }

    @Test
    void undefinedTablesAndColumnsAreInvalidArgumentsWithTheirPosition() {
        SqlError table = expectSql(Status.Code.INVALID_ARGUMENT, "42P01", () -> exec(s, "SELECT * FROM nope"));
        assertThat(table.getMessage()).contains("nope");
        assertThat(table.getLine()).isEqualTo(1);
        assertThat(table.getColumn()).isEqualTo(15);
        SqlError column = expectSql(Status.Code.INVALID_ARGUMENT, "42703", () -> exec(s,
                "SELECT id,\n       nope FROM projects"));
        assertThat(column.getMessage()).contains("nope");
        assertThat(column.getLine()).isEqualTo(2);
        assertThat(column.getColumn()).isEqualTo(8);
        expectSql(Status.Code.INVALID_ARGUMENT, "42P02", () -> exec(s, "SELECT * FROM projects WHERE id = ?"));
        assertServing(s);
    }

    @Test
    void constraintViolationsMapToTheirCodes() {
        expectSql(Status.Code.FAILED_PRECONDITION, "23502", () -> exec(s, "INSERT INTO projects (id) VALUES (2)"));
        expectSql(Status.Code.FAILED_PRECONDITION, "23502", () -> exec(s, "INSERT INTO projects VALUES (?, ?)", 2L,
                null));
        expectSql(Status.Code.ALREADY_EXISTS, "23505", () -> exec(s, "INSERT INTO projects VALUES (1, 'x')"));
        expectSql(Status.Code.ALREADY_EXISTS, "23505", () -> exec(s, "INSERT INTO projects VALUES (3, 'rl')"));
        expectSql(Status.Code.FAILED_PRECONDITION, "23503", () -> exec(s, "INSERT INTO tickets VALUES (1, 9, 't')"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "INSERT INTO amounts (id, m) VALUES (1, ?)",
                new BigDecimal("123456789.5")));
        exec(s, "ALTER TABLE projects ADD CONSTRAINT named CHECK (CHAR_LENGTH(name) > 1)");
        expectSql(Status.Code.FAILED_PRECONDITION, "23514", () -> exec(s, "INSERT INTO projects VALUES (4, 'x')"));
        // The Record Layer's primary key is fixed: its column cannot be dropped.
        expectSql(Status.Code.UNIMPLEMENTED, "0A000", () -> exec(s, "ALTER TABLE projects DROP COLUMN id CASCADE"));
        assertThat(exec(s, "SELECT id, name FROM projects").rows()).containsExactly(row(1L, "rl"));
        assertServing(s);
    }

    @Test
    void constraintViolationsCarryPostgresDetailApartFromTheMessage() {
        SqlError unique = expectSql(Status.Code.ALREADY_EXISTS, "23505", () -> exec(s,
                "INSERT INTO projects VALUES (1, 'x')"));
        assertThat(unique.getMessage()).isEqualTo("duplicate key value violates unique constraint \"projects_pkey\"");
        assertThat(unique.getDetail()).isEqualTo("Key (id)=(1) already exists.");
        assertThat(unique.getHint()).isEmpty();
        SqlError foreign = expectSql(Status.Code.FAILED_PRECONDITION, "23503", () -> exec(s,
                "INSERT INTO tickets VALUES (1, 9, 't')"));
        assertThat(foreign.getMessage()).isEqualTo("insert or update on table \"tickets\" violates foreign key "
                + "constraint \"tickets_project_id_fkey\"");
        assertThat(foreign.getDetail()).isEqualTo("Key (project_id)=(9) is not present in table \"projects\".");
        // the status message, for tools that read only it, has psql's lines
        StatusRuntimeException status = (StatusRuntimeException) catchThrowable(() -> exec(s,
                "INSERT INTO projects VALUES (3, 'rl')"));
        assertThat(status.getStatus().getDescription()).isEqualTo("duplicate key value violates unique constraint "
                + "\"projects_name_key\"\nDETAIL:  Key (name)=(rl) already exists.");
        StatusRuntimeException drop = (StatusRuntimeException) catchThrowable(() -> exec(s, "DROP TABLE projects"));
        assertThat(drop.getStatus().getDescription()).isEqualTo("cannot drop table projects because other objects "
                + "depend on it\nDETAIL:  constraint tickets_project_id_fkey on table tickets depends on table "
                + "projects\nHINT:  Use DROP ... CASCADE to drop the dependent objects too.");
        // without a detail: the message alone
        StatusRuntimeException table = (StatusRuntimeException) catchThrowable(() -> exec(s, "SELECT * FROM nope"));
        assertThat(table.getStatus().getDescription()).isEqualTo("relation \"nope\" does not exist");
        assertThat(expectSql(Status.Code.INVALID_ARGUMENT, "42P01", () -> exec(s, "SELECT * FROM nope")).getDetail())
                .isEmpty();
        assertServing(s);
    }

    @Test
    void aStatementFailingWithAnErrorInsideTheEngineFreesTheSession() {
        // Calcite folds 1 / 0 in generated code whose class initializer throws: an Error, not an exception.
        Throwable t = catchThrowable(() -> exec(s, "SELECT 1 / 0 FROM projects"));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        assertThat(StatusProto.fromThrowable(t).getDetailsList()).anyMatch(any -> any.is(SqlError.class));
        assertServing(s);
        assertThat(exec(s, "SELECT COUNT(*) FROM projects").single()).isEqualTo(1L);
    }

    /**
     * PostgreSQL's answers to values that do not fit their column; the engine stores them instead (see each line).
     * Enable when the engine checks lengths and ranges.
     */
    @Test
    void valuesThatDoNotFitAreDataExceptions() {
        expectSql(Status.Code.INVALID_ARGUMENT, "22001", () -> exec(s, "INSERT INTO projects VALUES (4, ?)",
                "far too long"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22001", () -> exec(s, "INSERT INTO projects VALUES (4, "
                + "'far too long')"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "INSERT INTO amounts (id, i) VALUES (2, ?)",
                3_000_000_000L));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "INSERT INTO amounts (id, i) VALUES (2, "
                + "3000000000)"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "INSERT INTO amounts (id, m) VALUES (2, "
                + "123456789.5)"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22012", () -> exec(s, "SELECT 1 / 0 FROM projects"));
        assertThat(exec(s, "SELECT COUNT(*) FROM amounts").single()).isEqualTo(0L);
    }

    /**
     * A TIMESTAMP keeps microseconds, as the wire carries them: a parameter, a literal and text cast to TIMESTAMP keep
     * them, and a parameter finds its row by them (a microsecond apart is another row); an interval of finer digits
     * than its milliseconds is refused at its position.
     */
    @Test
    void timestampsKeepTheirMicroseconds() {
        exec(s, "CREATE TABLE times (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        LocalDateTime micros = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_000);
        exec(s, "INSERT INTO times VALUES (1, ?)", micros);
        exec(s, "INSERT INTO times VALUES (2, ?)", micros.plusNanos(1_000));
        exec(s, "INSERT INTO times\nVALUES (3, TIMESTAMP '1969-12-31 23:59:59.999999')");
        exec(s, "INSERT INTO times VALUES (4, CAST(? AS TIMESTAMP))", "2024-02-29 23:59:58.000001");
        assertThat(exec(s, "SELECT id, ts FROM times ORDER BY ts").rows()).containsExactly(
                row(3L, LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000)),
                row(4L, LocalDateTime.of(2024, 2, 29, 23, 59, 58, 1_000)), row(1L, micros),
                row(2L, micros.plusNanos(1_000)));
        assertThat(exec(s, "SELECT id FROM times WHERE ts = ?", micros).single()).isEqualTo(1L);
        SqlError interval = expectSql(Status.Code.INVALID_ARGUMENT, "22008", () -> exec(s,
                "SELECT id FROM times\nWHERE ts + INTERVAL '0.0001' SECOND > ts"));
        assertThat(interval.getLine()).isEqualTo(2);
        assertServing(s);
    }

    /** Arithmetic and conversions over the wire report overflow (22003) and division by zero (22012), as PostgreSQL. */
    @Test
    void overflowIsADataExceptionNotAWrappedValue() {
        exec(s, "INSERT INTO amounts (id, i) VALUES (5, 2147483647)");
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "UPDATE amounts SET i = i + 2147483647"));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "INSERT INTO amounts (id) VALUES (?)",
                Double.POSITIVE_INFINITY));
        expectSql(Status.Code.INVALID_ARGUMENT, "22003", () -> exec(s, "SELECT 9223372036854775807 + ? FROM amounts",
                1L));
        expectSql(Status.Code.INVALID_ARGUMENT, "22012", () -> exec(s, "SELECT CAST(i AS DOUBLE) / 0 FROM amounts"));
        assertThat(exec(s, "SELECT id, i FROM amounts").rows()).containsExactly(row(5L, 2147483647));
        assertServing(s);
    }

    @Test
    void aFailedStatementAbortsTheTransactionUntilItEnds() {
        exec(s, "BEGIN");
        exec(s, "INSERT INTO projects VALUES (2, 'fdb')");
        expectSql(Status.Code.ALREADY_EXISTS, "23505", () -> exec(s, "INSERT INTO projects VALUES (1, 'dup')"));
        SqlError aborted = expectSql(Status.Code.FAILED_PRECONDITION, "25P02", () -> exec(s, "SELECT 1"));
        assertThat(aborted.getMessage()).contains("aborted");
        expectSql(Status.Code.FAILED_PRECONDITION, "25P02", () -> exec(s, "SELECT * FROM projects"));
        Result ended = exec(s, "COMMIT");
        assertThat(ended.header().getCommand()).as("COMMIT of a failed transaction rolls back")
                .isEqualTo("ROLLBACK");
        assertThat(ended.end().getInTransaction()).isFalse();
        assertThat(exec(s, "SELECT COUNT(*) FROM projects").single()).isEqualTo(1L);
        expectSql(Status.Code.FAILED_PRECONDITION, "25P01", () -> exec(s, "COMMIT"));
        exec(s, "BEGIN");
        expectSql(Status.Code.FAILED_PRECONDITION, "25001", () -> exec(s, "BEGIN"));
        exec(s, "ROLLBACK");
        assertServing(s);
    }

    @Test
    void malformedRequestsAreRefusedBeforeRunning() {
        expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> drain(sql().execute(ExecuteRequest.newBuilder()
                .setSessionId(s).setSql("SELECT ?").addParams(SqlValue.getDefaultInstance()).build())));
        expectSql(Status.Code.INVALID_ARGUMENT, "22P02", () -> exec(s, "SELECT ?",
                SqlValue.newBuilder().setDecimalValue("1.2.3").build()));
        expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> drain(sql().execute(ExecuteRequest.newBuilder()
                .setSessionId(s).setSql("SELECT 1").setFetchSize(-1).build())));
        expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(s, "   "));
        assertServing(s);
    }

    @Test
    void everySqlStateClassHasItsCode() {
        Map<String, Status.Code> expected = Map.ofEntries(
                Map.entry("42601", Status.Code.INVALID_ARGUMENT), Map.entry("42P01", Status.Code.INVALID_ARGUMENT),
                Map.entry("42703", Status.Code.INVALID_ARGUMENT), Map.entry("42804", Status.Code.INVALID_ARGUMENT),
                Map.entry("22001", Status.Code.INVALID_ARGUMENT), Map.entry("22P02", Status.Code.INVALID_ARGUMENT),
                Map.entry("22023", Status.Code.INVALID_ARGUMENT), Map.entry("23505", Status.Code.ALREADY_EXISTS),
                Map.entry("23503", Status.Code.FAILED_PRECONDITION),
                Map.entry("23502", Status.Code.FAILED_PRECONDITION),
                Map.entry("23514", Status.Code.FAILED_PRECONDITION),
                Map.entry("25P02", Status.Code.FAILED_PRECONDITION),
                Map.entry("25001", Status.Code.FAILED_PRECONDITION),
                Map.entry("2BP01", Status.Code.FAILED_PRECONDITION),
                Map.entry("55006", Status.Code.FAILED_PRECONDITION), Map.entry("40001", Status.Code.ABORTED),
                Map.entry("40P01", Status.Code.ABORTED), Map.entry("54000", Status.Code.RESOURCE_EXHAUSTED),
                Map.entry("53000", Status.Code.RESOURCE_EXHAUSTED), Map.entry("57014", Status.Code.CANCELLED),
                Map.entry("0A000", Status.Code.UNIMPLEMENTED), Map.entry("08003", Status.Code.NOT_FOUND),
                Map.entry("26000", Status.Code.NOT_FOUND), Map.entry("3D000", Status.Code.NOT_FOUND),
                Map.entry("XX000", Status.Code.INTERNAL), Map.entry("P0001", Status.Code.INTERNAL));
        expected.forEach((state, code) -> assertThat(SqlGrpcErrors.code(state)).as(state).isEqualTo(code));
    }
}
