package io.relationshiplayer.sql;

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
                return DdlParser.isDdl(sql) ? DDL : OTHER_DDL;
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
