package io.relationshiplayer.cli.sql;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.PrintWriter;
import java.util.List;
import org.jline.utils.WCWidth;

/**
 * The CLI's one table layout: aligned rows for people, numbers to the right, NULL marked (dimmed on a terminal), cells
 * cut with … when the rows would be wider than the terminal (never when the width is unlimited, as for piped output);
 * and the shell's own listings (\d) as plain text cells in the same layout.
 */
public final class TableLayout {
    static final String NULL = "NULL";
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";
    private static final int MIN_WIDTH = 4;

    private final List<Column> columns;
    private final int maxWidth;
    private final boolean ansi;
    private int[] widths;

    /** {@code maxWidth} 0: unlimited. {@code ansi}: the output is a terminal that shows escape sequences. */
    TableLayout(List<Column> columns, int maxWidth, boolean ansi) {
        this.columns = columns;
        this.maxWidth = maxWidth;
        this.ansi = ansi;
    }

    /** Prints the header (with the first chunk) and the rows; the first chunk fixes the widths of later ones. */
    void print(List<List<SqlValue>> rows, PrintWriter out) {
        boolean first = widths == null;
        if (first) {
            widths = fit(measure(rows));
            StringBuilder head = new StringBuilder();
            StringBuilder rule = new StringBuilder();
            for (int c = 0; c < columns.size(); c++) {
                head.append(c == 0 ? " " : " | ").append(pad(cut(columns.get(c).getName(), widths[c]), widths[c],
                        false));
                rule.append(c == 0 ? "" : "+").append("-".repeat(widths[c] + 2));
            }
            out.println(strip(head));
            out.println(rule);
        }
        for (List<SqlValue> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns.size(); c++) {
                line.append(c == 0 ? " " : " | ");
                SqlValue v = row.get(c);
                if (Values.isNull(v)) {
                    String cell = pad(cut(NULL, widths[c]), widths[c], Values.numeric(columns.get(c).getType()));
                    line.append(ansi ? DIM + cell + RESET : cell);
                } else {
                    line.append(pad(cut(visible(Values.text(v)), widths[c]), widths[c],
                            Values.numeric(columns.get(c).getType())));
                }
            }
            out.println(strip(line));
        }
    }

    /** Text cells under {@code headers}, aligned to the left, never cut (the shell's listings: \d). */
    public static void printText(PrintWriter out, List<String> headers, List<List<String>> rows) {
        int[] w = new int[headers.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = width(headers.get(c));
            for (List<String> r : rows) {
                w[c] = Math.max(w[c], width(r.get(c)));
            }
        }
        out.println(textLine(headers, w));
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < w.length; c++) {
            rule.append(c == 0 ? "" : "+").append("-".repeat(w[c] + 2));
        }
        out.println(rule);
        for (List<String> r : rows) {
            out.println(textLine(r, w));
        }
    }

    private static String textLine(List<String> cells, int[] w) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < w.length; c++) {
            b.append(c == 0 ? " " : " | ").append(pad(cells.get(c), w[c], false));
        }
        return strip(b);
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
        for (int c = 0; c < columns.size(); c++) {
            SqlValue v = row.get(c);
            String text = Values.isNull(v) ? NULL : visible(Values.text(v));
            if (maxWidth > 0) {
                text = cut(text, Math.max(MIN_WIDTH, maxWidth - nameWidth - 3));
            }
            if (Values.isNull(v) && ansi) {
                text = DIM + text + RESET;
            }
            out.println(pad(columns.get(c).getName(), nameWidth, false) + " | " + text);
        }
    }

    private int[] measure(List<List<SqlValue>> rows) {
        int[] w = new int[columns.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = Math.max(1, width(columns.get(c).getName()));
        }
        for (List<SqlValue> row : rows) {
            for (int c = 0; c < w.length; c++) {
                SqlValue v = row.get(c);
                w[c] = Math.max(w[c], Values.isNull(v) ? NULL.length() : width(visible(Values.text(v))));
            }
        }
        return w;
    }

    /** Narrows the widest columns until a row fits in {@code maxWidth}. */
    private int[] fit(int[] w) {
        if (maxWidth <= 0 || w.length == 0) {
            return w;
        }
        while (total(w) > maxWidth) {
            int widest = 0;
            for (int c = 1; c < w.length; c++) {
                if (w[c] > w[widest]) {
                    widest = c;
                }
            }
            if (w[widest] <= MIN_WIDTH) {
                break;
            }
            w[widest]--;
        }
        return w;
    }

    private static int total(int[] w) {
        int t = 2 + 3 * (w.length - 1);
        for (int x : w) {
            t += x;
        }
        return t;
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
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += Math.max(0, WCWidth.wcwidth(cp));
            i += Character.charCount(cp);
        }
        return w;
    }

    /** {@code s} cut to {@code max} columns, ending in … when cut. */
    static String cut(String s, int max) {
        if (width(s) <= max) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int cw = Math.max(0, WCWidth.wcwidth(cp));
            if (w + cw > max - 1) {
                break;
            }
            b.appendCodePoint(cp);
            w += cw;
            i += Character.charCount(cp);
        }
        return b.append('…').toString();
    }

    static String pad(String s, int width, boolean right) {
        int missing = width - width(s);
        if (missing <= 0) {
            return s;
        }
        return right ? " ".repeat(missing) + s : s + " ".repeat(missing);
    }

    private static String strip(StringBuilder line) {
        return line.toString().stripTrailing();
    }
}
