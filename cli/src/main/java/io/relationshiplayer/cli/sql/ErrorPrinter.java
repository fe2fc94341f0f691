package io.relationshiplayer.cli.sql;

import io.relationshiplayer.client.SqlClientException;
import java.io.PrintWriter;

/**
 * A refused statement as people read it: {@code ERROR: <message> (SQLSTATE 42601) at line L, column C}, then the
 * statement's line with a caret under the position, then PostgreSQL's DETAIL and HINT on lines of their own as psql
 * prints them ({@code DETAIL:  Key (id)=(1) already exists.}). The line is the script's or file's, where the statement
 * came from one.
 */
public final class ErrorPrinter {
    private ErrorPrinter() {
    }

    public static void print(PrintWriter err, SqlClientException e, String sql) {
        print(err, e, sql, 1);
    }

    /** As {@link #print(PrintWriter, SqlClientException, String)}; the line is counted from the script's start. */
    public static void print(PrintWriter err, SqlClientException e, String sql, int firstLine) {
        print(err, e.sqlState(), e.detail(), e.line(), e.column(), sql, firstLine);
        printDetail(err, e.messageDetail(), e.messageHint());
    }

    /** psql's lines after the error's: {@code DETAIL:  ...} and {@code HINT:  ...} (each null: none). */
    public static void printDetail(PrintWriter err, String detail, String hint) {
        if (detail != null && !detail.isEmpty()) {
            err.println("DETAIL:  " + detail);
        }
        if (hint != null && !hint.isEmpty()) {
            err.println("HINT:  " + hint);
        }
        err.flush();
    }

    /** As above, from its parts: {@code line} and {@code column} are the statement's (1-based; 0 when none). */
    public static void print(PrintWriter err, String sqlState, String detail, int line, int column, String sql,
            int firstLine) {
        StringBuilder b = new StringBuilder("ERROR: ").append(detail).append(" (SQLSTATE ").append(sqlState)
                .append(')');
        if (line > 0) {
            b.append(" at line ").append(firstLine - 1 + line).append(", column ").append(column);
        }
        err.println(b);
        String[] lines = sql.split("\r?\n|\r", -1);
        if (line > 0 && line <= lines.length) {
            String text = lines[line - 1];
            err.println("  " + TableLayout.visible(text.replace('\t', ' ')));
            err.println("  " + caret(text, column));
        }
        err.flush();
    }

    /** Blanks up to the 1-based column (wide characters counted as the terminal shows them), then ^. */
    static String caret(String line, int column) {
        int upTo = Math.max(0, Math.min(column - 1, line.length()));
        return " ".repeat(TableLayout.width(TableLayout.visible(line.substring(0, upTo).replace('\t', ' ')))) + "^";
    }
}
