package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.SqlError;
import java.math.BigDecimal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * RETURNING and ON CONFLICT through the SQL service: the rows come as a query's (a header with named, typed columns,
 * batches, the end's counts), and errors in the clauses carry their position in the statement as written.
 */
class SqlReturningTest extends SqlServerFixture {
    String s;

    @BeforeEach
    void schema() {
        s = open();
        exec(s, "CREATE TABLE accounts (id BIGINT PRIMARY KEY, owner VARCHAR(10) NOT NULL UNIQUE, "
                + "balance DECIMAL(10,2) DEFAULT 0 NOT NULL)");
    }

    @Test
    void insertReturningStreamsTheRowsWrittenAsAResultSet() {
        Result r = exec(s, "INSERT INTO accounts (id, owner) VALUES (1, 'ann'), (2, ?) RETURNING id, owner, "
                + "balance + 1 AS total", "bob");
        assertThat(r.header().getCommand()).isEqualTo("INSERT");
        assertThat(r.header().getReturnsRows()).isTrue();
        assertThat(r.header().getColumnsList()).extracting(Column::getName).containsExactly("id", "owner", "total");
        assertThat(r.header().getColumnsList()).extracting(c -> c.getType().getKind())
                .containsExactly(ColumnKind.BIGINT, ColumnKind.VARCHAR, ColumnKind.DECIMAL);
        assertThat(r.rows()).containsExactlyInAnyOrder(row(1L, "ann", new BigDecimal("1.00")),
                row(2L, "bob", new BigDecimal("1.00")));
        assertThat(r.end().getRowCount()).isEqualTo(2);
        assertThat(r.end().getAffectedRows()).isEqualTo(2);
        assertThat(exec(s, "SELECT COUNT(*) FROM accounts").single()).isEqualTo(2L);
    }

    @Test
    void upsertReturningInOneTransactionWithTheSessionsOthers() {
        exec(s, "INSERT INTO accounts (id, owner, balance) VALUES (1, 'ann', 10)");
        exec(s, "BEGIN");
        Result r = exec(s, "INSERT INTO accounts AS a (id, owner, balance) VALUES (1, 'ann', 5), (3, 'cy', 7) "
                + "ON CONFLICT (id) DO UPDATE SET balance = a.balance + excluded.balance RETURNING *");
        assertThat(r.end().getInTransaction()).isTrue();
        assertThat(r.rows()).containsExactlyInAnyOrder(row(1L, "ann", new BigDecimal("15.00")),
                row(3L, "cy", new BigDecimal("7.00")));
        exec(s, "ROLLBACK");
        assertThat(exec(s, "SELECT id, balance FROM accounts").rows())
                .containsExactly(row(1L, new BigDecimal("10.00")));
        Result nothing = exec(s, "INSERT INTO accounts (id, owner) VALUES (1, 'x') ON CONFLICT DO NOTHING");
        assertThat(nothing.header().getReturnsRows()).isFalse();
        assertThat(nothing.end().getAffectedRows()).isZero();
    }

    @Test
    void errorsInTheClausesPointIntoTheStatementAsWritten() {
        SqlError returning = expectSql(Status.Code.INVALID_ARGUMENT, "42703", () -> exec(s,
                "INSERT INTO accounts (id, owner)\nVALUES (9, 'z')\nRETURNING id,   nope"));
        assertThat(returning.getMessage()).isEqualTo("column \"nope\" does not exist");
        assertThat(returning.getLine()).isEqualTo(3);
        assertThat(returning.getColumn()).isEqualTo(17);
        SqlError excluded = expectSql(Status.Code.INVALID_ARGUMENT, "42703", () -> exec(s,
                "INSERT INTO accounts (id, owner) VALUES (9, 'z') ON CONFLICT (id)\n  DO UPDATE SET owner = 'a', "
                        + "balance = excluded.nope"));
        assertThat(excluded.getLine()).isEqualTo(2);
        assertThat(excluded.getColumn()).as("at the start of the qualified name, as PostgreSQL places it")
                .isEqualTo(40);
        SqlError condition = expectSql(Status.Code.INVALID_ARGUMENT, "42703", () -> exec(s,
                "INSERT INTO accounts (id, owner) VALUES (9, 'z') ON CONFLICT (id) DO UPDATE SET owner = 'a' "
                        + "WHERE nope > 1"));
        assertThat(condition.getLine()).isEqualTo(1);
        assertThat(condition.getColumn()).isEqualTo(99);
        SqlError target = expectSql(Status.Code.INVALID_ARGUMENT, "42703", () -> exec(s,
                "INSERT INTO accounts (id) VALUES (9) ON CONFLICT (nope) DO NOTHING"));
        assertThat(target.getColumn()).isEqualTo(51);
        SqlError syntax = expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(s,
                "DELETE FROM accounts RETURNING id +"));
        // PostgreSQL's words; the position is the error's line and column, not said again in its text
        assertThat(syntax.getMessage()).isEqualTo("syntax error at end of input");
        assertThat(syntax.getColumn()).as("after the \"+\" the list cannot end with, as PostgreSQL places it")
                .isEqualTo(36);
        assertThat(exec(s, "SELECT COUNT(*) FROM accounts").single()).isEqualTo(0L);
        assertServing(s);
    }
}
