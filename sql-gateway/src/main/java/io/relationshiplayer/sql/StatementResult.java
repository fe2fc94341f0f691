package io.relationshiplayer.sql;

import java.util.List;

/** What a statement produced. */
public sealed interface StatementResult {
    /** The command tag, as PostgreSQL reports it (SELECT, INSERT, CREATE TABLE, BEGIN, ...). */
    String command();

    /** INSERT, UPDATE, DELETE: the number of rows affected. */
    record Update(String command, long count) implements StatementResult {
    }

    /** DDL, transaction control and other statements with no rows. */
    record Done(String command) implements StatementResult {
    }

    /**
     * A query (SELECT, EXPLAIN, SHOW ...): its columns, then rows read lazily. The caller closes the rows; rows are
     * values of the columns' Java types (Long, Integer, Double, Boolean, String, byte[], BigDecimal, LocalDate,
     * LocalDateTime, or null).
     */
    record Query(String command, List<ColumnMeta> columns, RowStream rows) implements StatementResult {
    }
}
