package io.relationshiplayer.sql;

import javax.annotation.Nonnull;

/** What kind a statement is, for metrics: select, insert, update, delete, ddl or other. */
public final class StatementKind {
    private StatementKind() {
    }

    @Nonnull
    public static String of(@Nonnull String sql) {
        switch (StatementText.leadingWords(sql, 1)) {
            case "SELECT":
            case "WITH":
            case "VALUES":
            case "TABLE":
                return "select";
            case "INSERT":
            case "UPSERT":
                return "insert";
            case "UPDATE":
                return "update";
            case "DELETE":
                return "delete";
            case "CREATE":
            case "DROP":
            case "ALTER":
                return "ddl";
            default:
                return "other";
        }
    }
}
