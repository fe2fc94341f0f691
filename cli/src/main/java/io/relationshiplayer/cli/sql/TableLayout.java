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
 * NULL marked, dimmed on a terminal), numbers to the right, wide characters counted twice, psql's borders; and the
 * shell's own listings (\d) as plain text cells. The layout itself is the client's {@link TextTable}.
 *
 * <p>Nothing is ever cut, so that what is shown is the data. Piped (width unlimited), a column widens when a later chunk
 * holds a wider value: lines from there on shift right. On a terminal, text columns wrap onto continuation lines to fit
 * its width, never below their header; numbers never wrap (a row whose numbers alone are too wide runs past the edge,
 * or shows as a record with {@code \x auto}).
 */
public final class TableLayout {
    static final String NULL = "NULL";
    /** A terminal's columns per character (jline's wcwidth): wide characters two, combining ones none. */
    static final TextWidth TERMINAL = TextWidth.of(WCWidth::wcwidth);
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";
    private static final int MIN_WIDTH = 4;

    private final List<Column> columns;
    private final boolean[] numeric;
    private final int maxWidth;
    private final boolean ansi;
    private final Display display;
    /** Fixed by the first chunk; a later chunk may widen them (never narrow). */
    private int[] widths;
    private TextTable table;
    /** The frame line that closes the output with border 2, once something was printed. */
    private String closing;

    /** {@code maxWidth} 0: unlimited. {@code ansi}: the output is a terminal that shows escape sequences. */
    TableLayout(List<Column> columns, int maxWidth, boolean ansi, Display display) {
        this.columns = columns;
        this.maxWidth = maxWidth;
        this.ansi = ansi;
        this.display = display;
        this.numeric = new boolean[columns.size()];
        for (int c = 0; c < numeric.length; c++) {
            numeric[c] = Values.numeric(columns.get(c).getType());
        }
    }

    /** Whether these rows, with no value wrapped, fit the width: what {@code \x auto} asks before choosing records. */
    boolean fits(List<List<SqlValue>> rows) {
        return maxWidth <= 0 || build(natural(cells(rows))).lineWidth() <= maxWidth;
    }

    /** Prints the header (with the first chunk) and the rows; the first chunk fixes the widths, later ones widen them. */
    void print(List<List<SqlValue>> rows, PrintWriter out) {
        List<List<String>> cells = cells(rows);
        if (table == null) {
            widths = natural(cells);
            if (maxWidth > 0) {
                narrowText();
            }
            table = build(widths);
            if (display.border() == 2) {
                out.println(table.rule());
                closing = table.rule();
            }
            out.println(table.header());
            out.println(display.border() == 0 ? spacedRule() : table.rule());
        } else if (widened(cells)) {
            table = build(widths);
            closing = display.border() == 2 ? table.rule() : null;
        }
        for (int r = 0; r < rows.size(); r++) {
            printRow(rows.get(r), cells.get(r), out);
        }
    }

    /** Expanded display (\x): one "name | value" line per column under a title per record. */
    void printRecord(List<SqlValue> row, long number, PrintWriter out) {
        int nameWidth = 0;
        for (Column c : columns) {
            nameWidth = Math.max(nameWidth, width(c.getName()));
        }
        List<String> values = cells(List.of(row)).get(0);
        int border = display.border();
        int widest = values.stream().mapToInt(TableLayout::width).max().orElse(0);
        int room = maxWidth > 0 ? Math.max(MIN_WIDTH, maxWidth - nameWidth - (border == 2 ? 7 : border == 1 ? 3 : 1))
                : widest;
        String title = "[ RECORD " + number + " ]";
        // border 2 frames the record: its title must fit the frame
        int valueWidth = Math.max(Math.min(room, widest), border == 2 ? title.length() - nameWidth - 3 : 0);
        TextTable.Builder b = border == 2 ? TextTable.builder().prefix("| ").gap(" | ").suffix(" |")
                .rule(TextTable.Rule.CROSSED) : TextTable.builder().gap(border == 1 ? " | " : " ").freeLast(true);
        TextTable record = b.measure(TERMINAL).column(TextColumn.left("", nameWidth))
                .column(TextColumn.left("", valueWidth)).build();
        if (border == 0) {
            out.println("* Record " + number);
        } else if (border == 1) {
            out.println("-" + title + "-".repeat(Math.max(1, nameWidth + 10 - title.length())));
        } else {
            out.println("+-" + title + "-".repeat(Math.max(1, nameWidth + valueWidth + 4 - title.length())) + "+");
            closing = record.rule();
        }
        for (int c = 0; c < columns.size(); c++) {
            SqlValue v = row.get(c);
            List<String> parts = maxWidth > 0 && !numeric[c] ? wrap(values.get(c), valueWidth)
                    : List.of(values.get(c));
            for (int p = 0; p < parts.size(); p++) {
                boolean first = p == 0;
                out.println(record.row(List.of(first ? columns.get(c).getName() : "", parts.get(p)),
                        (i, cell) -> i == 1 && first ? styled(v, cell) : cell));
            }
        }
    }

    /** Ends the output: the closing frame of border 2, nothing for the others. */
    void finish(PrintWriter out) {
        if (closing != null) {
            out.println(closing);
        }
    }

    /** Text cells under {@code headers}, aligned to the left, never cut (the shell's listings: \d). */
    public static void printText(@Nonnull PrintWriter out, @Nonnull List<String> headers,
            @Nonnull List<List<String>> rows) {
        TextTable.Builder b = TextTable.boxed().measure(TERMINAL);
        headers.forEach(h -> b.column(TextColumn.left(h)));
        b.build().widened(rows).lines(rows).forEach(out::println);
    }

    private List<List<String>> cells(List<List<SqlValue>> rows) {
        List<List<String>> cells = new ArrayList<>(rows.size());
        for (List<SqlValue> row : rows) {
            List<String> line = new ArrayList<>(columns.size());
            for (int c = 0; c < columns.size(); c++) {
                SqlValue v = row.get(c);
                line.add(Values.isNull(v) ? display.nullText() : visible(Values.text(v)));
            }
            cells.add(line);
        }
        return cells;
    }

    /** Each column as wide as its header and its widest cell. */
    private int[] natural(List<List<String>> cells) {
        int[] w = new int[columns.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = width(columns.get(c).getName());
        }
        for (List<String> row : cells) {
            for (int c = 0; c < w.length; c++) {
                w[c] = Math.max(w[c], width(row.get(c)));
            }
        }
        return w;
    }

    /** Narrows the widest text columns, never below their header, until a line fits the terminal or none can give. */
    private void narrowText() {
        int excess = build(widths).lineWidth() - maxWidth;
        while (excess > 0) {
            int widest = -1;
            int next = 0;
            for (int c = 0; c < widths.length; c++) {
                if (numeric[c] || widths[c] <= floor(c)) {
                    continue;
                }
                if (widest < 0 || widths[c] > widths[widest]) {
                    next = widest < 0 ? next : Math.max(next, widths[widest]);
                    widest = c;
                } else {
                    next = Math.max(next, widths[c]);
                }
            }
            if (widest < 0) {
                return;
            }
            int step = Math.max(1, Math.min(excess, widths[widest] - Math.max(floor(widest), next)));
            widths[widest] -= step;
            excess -= step;
        }
    }

    private int floor(int c) {
        return Math.max(MIN_WIDTH, width(columns.get(c).getName()));
    }

    /** Widens columns to a later chunk's cells (piped: every column; on a terminal: numbers, as text wraps). */
    private boolean widened(List<List<String>> cells) {
        boolean changed = false;
        for (List<String> row : cells) {
            for (int c = 0; c < widths.length; c++) {
                int w = width(row.get(c));
                if ((maxWidth <= 0 || numeric[c]) && w > widths[c]) {
                    widths[c] = w;
                    changed = true;
                }
            }
        }
        return changed;
    }

    private TextTable build(int[] w) {
        TextTable.Builder b = switch (display.border()) {
            case 0 -> TextTable.builder().strip(true);
            case 2 -> TextTable.builder().prefix("| ").gap(" | ").suffix(" |").rule(TextTable.Rule.CROSSED);
            default -> TextTable.boxed();
        };
        b.measure(TERMINAL);
        for (int c = 0; c < w.length; c++) {
            String name = columns.get(c).getName();
            TextColumn column = numeric[c] ? TextColumn.right(name).headerLeft() : TextColumn.left(name);
            b.column(column.withWidth(w[c]));
        }
        return b.build();
    }

    /** Border 0's rule: dashes under each column, a space between them. */
    private String spacedRule() {
        List<String> dashes = new ArrayList<>(widths.length);
        for (int w : widths) {
            dashes.add("-".repeat(w));
        }
        return String.join(" ", dashes);
    }

    /** A row on one line, or on several when a text cell wraps (the other cells blank on the continuation lines). */
    private void printRow(List<SqlValue> row, List<String> cells, PrintWriter out) {
        List<List<String>> parts = new ArrayList<>(cells.size());
        int lines = 1;
        for (int c = 0; c < cells.size(); c++) {
            List<String> p = maxWidth > 0 && !numeric[c] ? wrap(cells.get(c), widths[c]) : List.of(cells.get(c));
            parts.add(p);
            lines = Math.max(lines, p.size());
        }
        for (int l = 0; l < lines; l++) {
            List<String> line = new ArrayList<>(cells.size());
            for (List<String> p : parts) {
                line.add(l < p.size() ? p.get(l) : "");
            }
            boolean first = l == 0;
            out.println(table.row(line, (c, cell) -> first ? styled(row.get(c), cell) : cell));
        }
    }

    /** {@code s} in pieces of at most {@code width} terminal columns (at least one character each). */
    static List<String> wrap(String s, int width) {
        if (width(s) <= width) {
            return List.of(s);
        }
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int cw = Math.max(0, WCWidth.wcwidth(cp));
            if (w + cw > width && part.length() > 0) {
                parts.add(part.toString());
                part.setLength(0);
                w = 0;
            }
            part.appendCodePoint(cp);
            w += cw;
            i += Character.charCount(cp);
        }
        parts.add(part.toString());
        return parts;
    }

    /** NULL dimmed on a terminal, around its padding: the escapes take no columns. */
    private String styled(SqlValue v, String cell) {
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
