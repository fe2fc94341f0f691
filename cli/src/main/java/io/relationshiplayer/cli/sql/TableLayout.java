package io.relationshiplayer.cli.sql;

import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
import io.relationshiplayer.client.text.TextWidth;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nonnull;
import org.jline.utils.WCWidth;

/**
 * What the CLI puts into its tables and how a terminal shows them: values as text (control characters made visible,
 * NULL marked, dimmed on a terminal), numbers to the right, cells cut with … when the rows would be wider than the
 * terminal (never when the width is unlimited, as for piped output), wide characters counted twice; and the shell's
 * own listings (\d) as plain text cells. The layout itself is the client's {@link TextTable}.
 */
public final class TableLayout {
    static final String NULL = "NULL";
    /** A terminal's columns per character (jline's wcwidth): wide characters two, combining ones none. */
    static final TextWidth TERMINAL = TextWidth.of(WCWidth::wcwidth);
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";
    private static final int MIN_WIDTH = 4;

    private final List<Column> columns;
    private final int maxWidth;
    private final boolean ansi;
    /** Fixed by the first chunk. */
    private TextTable table;

    /** {@code maxWidth} 0: unlimited. {@code ansi}: the output is a terminal that shows escape sequences. */
    TableLayout(List<Column> columns, int maxWidth, boolean ansi) {
        this.columns = columns;
        this.maxWidth = maxWidth;
        this.ansi = ansi;
    }

    /** Prints the header (with the first chunk) and the rows; the first chunk fixes the widths of later ones. */
    void print(List<List<SqlValue>> rows, PrintWriter out) {
        List<List<String>> cells = new ArrayList<>(rows.size());
        for (List<SqlValue> row : rows) {
            List<String> line = new ArrayList<>(columns.size());
            for (int c = 0; c < columns.size(); c++) {
                line.add(cell(row.get(c)));
            }
            cells.add(line);
        }
        if (table == null) {
            TextTable.Builder b = TextTable.boxed().measure(TERMINAL).cut(true);
            for (Column c : columns) {
                TextColumn column = Values.numeric(c.getType()) ? TextColumn.right(c.getName()).headerLeft()
                        : TextColumn.left(c.getName());
                b.column(column.withWidth(1));
            }
            table = b.build().widened(cells).narrowed(maxWidth, MIN_WIDTH);
            out.println(table.header());
            out.println(table.rule());
        }
        for (int r = 0; r < rows.size(); r++) {
            List<SqlValue> row = rows.get(r);
            out.println(table.row(cells.get(r), (c, cell) -> styled(row.get(c), cell, ansi)));
        }
    }

    /** Text cells under {@code headers}, aligned to the left, never cut (the shell's listings: \d). */
    public static void printText(@Nonnull PrintWriter out, @Nonnull List<String> headers,
            @Nonnull List<List<String>> rows) {
        TextTable.Builder b = TextTable.boxed().measure(TERMINAL);
        headers.forEach(h -> b.column(TextColumn.left(h)));
        b.build().widened(rows).lines(rows).forEach(out::println);
    }

    /** Expanded display (\x): one "name | value" line per column, a rule per record. */
    static void printExpanded(List<Column> columns, List<SqlValue> row, long number, int maxWidth, boolean ansi,
            PrintWriter out) {
        int nameWidth = 0;
        for (Column c : columns) {
            nameWidth = Math.max(nameWidth, width(c.getName()));
        }
        String title = "-[ RECORD " + number + " ]";
        out.println(title + "-".repeat(Math.max(1, nameWidth + 3 - title.length() + 8)));
        TextTable table = TextTable.builder().gap(" | ").measure(TERMINAL).cut(maxWidth > 0).freeLast(true)
                .column(TextColumn.left("", nameWidth))
                .column(TextColumn.left("", maxWidth > 0 ? Math.max(MIN_WIDTH, maxWidth - nameWidth - 3) : 0))
                .build();
        for (int c = 0; c < columns.size(); c++) {
            SqlValue v = row.get(c);
            out.println(table.row(List.of(columns.get(c).getName(), cell(v)), (i, cell) -> i == 1
                    ? styled(v, cell, ansi) : cell));
        }
    }

    /** A value as a cell: NULL marked, control characters visible. */
    private static String cell(SqlValue v) {
        return Values.isNull(v) ? NULL : visible(Values.text(v));
    }

    /** NULL dimmed on a terminal, around its padding: the escapes take no columns. */
    private static String styled(SqlValue v, String cell, boolean ansi) {
        return ansi && Values.isNull(v) ? DIM + cell + RESET : cell;
    }

    /** Control characters made visible so that a cell stays on its line. */
    static String visible(String s) {
        if (s.chars().noneMatch(ch -> ch < 0x20)) {
            return s;
        }
        return s.replace("\r\n", "↵").replace('\n', '↵').replace('\r', '↵').replace('\t', ' ')
                .replaceAll("\\p{Cntrl}", "?");
    }

    /** Terminal columns taken by {@code s} (wide characters count two). */
    static int width(String s) {
        return TERMINAL.width(s);
    }
}
