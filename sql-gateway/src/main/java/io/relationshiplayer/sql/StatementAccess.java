package io.relationshiplayer.sql;

import java.util.Set;
import javax.annotation.Nonnull;

/**
 * What a statement does to its database, for authorization: it only reads (queries, EXPLAIN, SHOW, DESCRIBE,
 * transaction control, SET), it writes rows (INSERT, UPDATE, DELETE) or it changes the schema (DDL). A statement of
 * any other kind counts as a schema change, so that whatever the parser may learn later is refused to readers and
 * writers until it is classified here.
 */
public enum StatementAccess {
    READ, WRITE, SCHEMA;

    private static final Set<String> READS = Set.of("SELECT", "VALUES", "WITH", "TABLE", "EXPLAIN", "SHOW",
            "DESCRIBE", "\\D", "BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SET");
    private static final Set<String> WRITES = Set.of("INSERT", "UPDATE", "DELETE", "UPSERT", "MERGE");

    /** The access {@code sql} needs; an empty statement reads (it fails as a syntax error). */
    @Nonnull
    public static StatementAccess of(@Nonnull String sql) {
        String first = StatementText.leadingWords(sql, 1);
        if (first.isEmpty() || READS.contains(first)) {
            return READ;
        }
        if (WRITES.contains(first)) {
            return WRITE;
        }
        return SCHEMA;
    }
}
