package io.relationshiplayer.sql;

import io.relationshiplayer.sql.ddl.DatabaseStatement;
import io.relationshiplayer.sql.ddl.DdlParser;
import javax.annotation.Nonnull;

/**
 * What a statement is, told from its leading words (comments skipped): the one classifier that the session (where a
 * statement runs), authorization (the access it needs) and metrics (its label) all ask.
 */
public enum StatementKind {
    /** SELECT, WITH, VALUES, TABLE: runs in Calcite. */
    QUERY(StatementAccess.READ, "select"),
    EXPLAIN(StatementAccess.READ, "other"),
    INSERT(StatementAccess.WRITE, "insert"),
    UPDATE(StatementAccess.WRITE, "update"),
    DELETE(StatementAccess.WRITE, "delete"),
    /** TRUNCATE [TABLE] t, ...: every row of the tables, as DELETEs in one transaction. */
    TRUNCATE(StatementAccess.WRITE, "delete"),
    /** MERGE: a write that Calcite refuses for now. */
    MERGE(StatementAccess.WRITE, "other"),
    /** CREATE, DROP, ALTER of what the DDL parser knows (tables, indexes, joins): runs in the DDL executor. */
    DDL(StatementAccess.SCHEMA, "ddl"),
    /** CREATE, DROP, ALTER of anything else: a schema change the engine does not have (refused by Calcite). */
    OTHER_DDL(StatementAccess.SCHEMA, "ddl"),
    /**
     * CREATE / DROP DATABASE: the admin role on the database it names is checked when it runs; on the session's own
     * it needs only to read.
     */
    DATABASE(StatementAccess.READ, "ddl"),
    BEGIN(StatementAccess.READ, "other"),
    COMMIT(StatementAccess.READ, "other"),
    ROLLBACK(StatementAccess.READ, "other"),
    SET(StatementAccess.READ, "other"),
    SHOW(StatementAccess.READ, "other"),
    DESCRIBE(StatementAccess.READ, "other"),
    /** Nothing but whitespace and comments (a syntax error). */
    EMPTY(StatementAccess.READ, "other"),
    /**
     * Anything else: counts as a schema change, so that whatever the parser may learn later is refused to readers and
     * writers until it is classified here.
     */
    OTHER(StatementAccess.SCHEMA, "other");

    private final StatementAccess access;
    private final String label;

    StatementKind(StatementAccess access, String label) {
        this.access = access;
        this.label = label;
    }

    /** What the statement needs on its database. */
    @Nonnull
    public StatementAccess access() {
        return access;
    }

    /** Its label in metrics: select, insert, update, delete, ddl or other. */
    @Nonnull
    public String label() {
        return label;
    }

    @Nonnull
    public static StatementKind of(@Nonnull String sql) {
        switch (StatementText.leadingWords(sql, 1)) {
            case "":
                // A parenthesized query: "(SELECT 1) UNION (SELECT 2)".
                return StatementText.firstWordInParentheses(sql).matches("SELECT|WITH|VALUES|TABLE") ? QUERY : EMPTY;
            case "SELECT":
            case "WITH":
            case "VALUES":
            case "TABLE":
                return QUERY;
            case "EXPLAIN":
                return EXPLAIN;
            case "INSERT":
            case "UPSERT":
                return INSERT;
            case "UPDATE":
                return UPDATE;
            case "DELETE":
                return DELETE;
            case "TRUNCATE":
                return TRUNCATE;
            case "MERGE":
                return MERGE;
            case "CREATE":
            case "DROP":
            case "ALTER":
                return DatabaseStatement.is(sql) ? DATABASE : DdlParser.isDdl(sql) ? DDL : OTHER_DDL;
            case "BEGIN":
            case "START":
                return BEGIN;
            case "COMMIT":
            case "END":
                return COMMIT;
            case "ROLLBACK":
            case "ABORT":
                return ROLLBACK;
            case "SET":
            case "RESET":
                return SET;
            case "SHOW":
                return SHOW;
            case "DESCRIBE":
            case "\\D":
                return DESCRIBE;
            default:
                return OTHER;
        }
    }

    /** PostgreSQL statements this engine does not have: 0A000, not a syntax error. */
    private static final java.util.Set<String> POSTGRES_STATEMENTS = java.util.Set.of("ANALYZE", "CALL", "CHECKPOINT",
            "CLOSE", "CLUSTER", "COMMENT", "COPY", "DEALLOCATE", "DECLARE", "DISCARD", "DO", "EXECUTE", "FETCH",
            "GRANT", "IMPORT", "LISTEN", "LOAD", "LOCK", "MOVE", "NOTIFY", "PREPARE", "REASSIGN", "REFRESH", "REINDEX",
            "RELEASE", "REVOKE", "SAVEPOINT", "SECURITY", "UNLISTEN", "VACUUM");

    /**
     * The error of a statement of kind {@link #EMPTY} or {@link #OTHER}, as PostgreSQL gives it: a statement of
     * PostgreSQL's this engine lacks is 0A000; else a syntax error at the first token ({@code syntax error at or near
     * "SELEC"}), where Calcite would say "Non-query expression encountered in illegal context".
     */
    static SqlException notAStatement(@Nonnull String sql) {
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == ';' || c == '(') {
                i++;
            } else if (sql.startsWith("--", i)) {
                while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (sql.startsWith("/*", i)) {
                i = StatementText.blockCommentEnd(sql, i);
            } else {
                break;
            }
        }
        if (i >= sql.length()) {
            return SqlException.syntax("empty statement", 1, 1);
        }
        int end = i + 1;
        if (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_') {
            while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                end++;
            }
        }
        String token = sql.substring(i, end);
        String upper = token.toUpperCase(java.util.Locale.ROOT);
        if (upper.equals("COPY")) {
            // COPY's data flows through a protocol of its own, which this service does not have: clients do it
            return new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "COPY is not supported by the server: it "
                    + "is done by the client (rl sql and rl shell run COPY ... FROM STDIN / TO STDOUT and \\copy "
                    + "as batched INSERTs and a query); from a driver, insert with executemany or a batch");
        }
        if (POSTGRES_STATEMENTS.contains(upper)) {
            return new SqlException(SqlException.FEATURE_NOT_SUPPORTED, upper + " is not supported");
        }
        int line = 1;
        int lineStart = 0;
        for (int k = 0; k < i; k++) {
            if (sql.charAt(k) == '\n') {
                line++;
                lineStart = k + 1;
            }
        }
        return SqlException.syntax("syntax error at or near \"" + token + "\"", line, i - lineStart + 1);
    }

    /** The error of an {@link #OTHER_DDL} statement: a schema change the engine lacks (0A000, not a syntax error). */
    static SqlException unsupported(@Nonnull String sql) {
        return new SqlException(SqlException.FEATURE_NOT_SUPPORTED, StatementText.leadingWords(sql, 2)
                + " is not supported");
    }

    /** The tag of a Calcite statement's result: what it did. */
    String tag() {
        switch (this) {
            case INSERT:
            case UPDATE:
            case DELETE:
            case EXPLAIN:
                return name();
            default:
                return "SELECT";
        }
    }
}
