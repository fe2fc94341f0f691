package io.relationshiplayer.cli.sql;

import io.relationshiplayer.client.JsonWriter;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ResultEnd;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Prints results as they stream, in one {@link OutputFormat}. Table output buffers a chunk of rows to align them; CSV
 * and JSON write each row as it arrives. Only the table format reports statements without rows and timings, so that
 * CSV and JSON stay data only.
 */
public final class ResultPrinter {
    /** Rows between two checks that the output's reader is still there (each check flushes). */
    static final int WATCH_ROWS = 512;
    /** Rows a table aligns at once: the first chunk fixes the column widths. */
    private static final int CHUNK = 1000;

    private PrintWriter out;
    private int maxWidth;
    private boolean ansi;
    private OutputFormat format;
    private Display display = Display.DEFAULT;
    private boolean timing = true;
    private Runnable beforeOutput = () -> { };
    private int csvTables;

    /** Where results go: a writer, the width a table fits (0: unlimited), whether escape sequences show. */
    public record Target(PrintWriter out, int width, boolean ansi) {
    }

    /** {@code maxWidth}: the terminal's width, 0 when unlimited (piped); {@code ansi}: the output shows escapes. */
    public ResultPrinter(PrintWriter out, OutputFormat format, int maxWidth, boolean ansi) {
        this.out = out;
        this.format = format;
        this.maxWidth = maxWidth;
        this.ansi = ansi;
    }

    public Target target() {
        return new Target(out, maxWidth, ansi);
    }

    /** Sends later results to {@code target} (the shell's \o and \g FILE). */
    public void target(Target target) {
        this.out = target.out();
        this.maxWidth = target.width();
        this.ansi = target.ansi();
    }

    public Display display() {
        return display;
    }

    public void display(Display display) {
        this.display = display;
    }

    /** Runs before a result's first output (the shell clears its elapsed-time line). */
    public void beforeOutput(Runnable hook) {
        this.beforeOutput = hook;
    }

    /** An error is about to print instead of a result: what runs before output runs now (the line is cleared). */
    public void beforeError() {
        beforeOutput.run();
    }

    public OutputFormat format() {
        return format;
    }

    public void format(OutputFormat format) {
        this.format = format;
    }

    public boolean timing() {
        return timing;
    }

    public void timing(boolean timing) {
        this.timing = timing;
    }

    public void flush() {
        out.flush();
    }

    /** A statement's status without a result ({@code COPY 3}): shown, with its time, in the table format only. */
    public void status(String tag, long started) {
        beforeOutput.run();
        if (format == OutputFormat.TABLE) {
            out.println(tag + time(started, ""));
            out.println();
        }
        out.flush();
    }

    /** Reads {@code result} to its end and prints it; {@code started} is System.nanoTime() before the call. */
    public ResultEnd print(SqlResult result, long started) {
        ResultEnd end;
        if (!result.returnsRows()) {
            end = result.end();
            beforeOutput.run();
            if (format == OutputFormat.TABLE) {
                String count = affects(result.command()) ? " " + end.getAffectedRows() : "";
                out.println(result.command() + count + time(started, ""));
                out.println();
            }
        } else {
            switch (format) {
                case CSV:
                    end = csv(result);
                    break;
                case JSON:
                    end = json(result);
                    break;
                default:
                    end = table(result, started);
            }
        }
        out.flush();
        return end;
    }

    private ResultEnd table(SqlResult result, long started) {
        List<Column> columns = result.columns();
        Iterator<List<SqlValue>> rows = watched(result);
        long count = 0;
        if (result.command().equals("EXPLAIN") && columns.size() == 1) {
            // a plan is a tree over many lines: printed as it is
            while (rows.hasNext()) {
                SqlValue v = rows.next().get(0);
                if (count++ == 0) {
                    beforeOutput.run();
                }
                out.println(Values.isNull(v) ? display.nullText() : Values.text(v).stripTrailing());
            }
        } else {
            TableLayout layout = new TableLayout(columns, maxWidth, ansi, display);
            // records or lines: \x auto decides on the first chunk, whether its rows fit the terminal
            Boolean records = switch (display.expanded()) {
                case ON -> Boolean.TRUE;
                case OFF -> Boolean.FALSE;
                case AUTO -> null;
            };
            List<List<SqlValue>> chunk = new ArrayList<>();
            while (rows.hasNext()) {
                chunk.add(rows.next());
                count++;
                if (chunk.size() == (Boolean.TRUE.equals(records) ? 1 : CHUNK)) {
                    records = print(layout, chunk, records, count - chunk.size());
                    out.flush();
                    chunk.clear();
                }
            }
            if (!chunk.isEmpty() || count == 0) {
                records = print(layout, chunk, records, count - chunk.size());
            }
            if (records && count == 0) {
                out.println("(no rows)");
            }
            layout.finish(out);
        }
        ResultEnd end = result.end();
        if (count == 0) {
            beforeOutput.run();
        }
        out.println("(" + (count == 1 ? "1 row" : String.format(Locale.ROOT, "%,d rows", count))
                + time(started, ", ") + ")");
        out.println();
        return end;
    }

    /** Prints a chunk as records or lines (deciding, for \x auto, on the first); whether it printed records. */
    private boolean print(TableLayout layout, List<List<SqlValue>> chunk, Boolean records, long before) {
        if (before == 0) {
            beforeOutput.run();
        }
        boolean asRecords = records != null ? records : maxWidth > 0 && !layout.fits(chunk);
        if (asRecords) {
            long number = before;
            for (List<SqlValue> row : chunk) {
                layout.printRecord(row, ++number, out);
            }
        } else {
            layout.print(chunk, out);
        }
        return asRecords;
    }

    private ResultEnd csv(SqlResult result) {
        beforeOutput.run();
        if (csvTables++ > 0) {
            out.print("\r\n");
        }
        List<Column> columns = result.columns();
        StringBuilder head = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            head.append(c == 0 ? "" : ",").append(csvField(columns.get(c).getName()));
        }
        out.print(head.append("\r\n"));
        Iterator<List<SqlValue>> rows = watched(result);
        while (rows.hasNext()) {
            List<SqlValue> row = rows.next();
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                SqlValue v = row.get(c);
                line.append(c == 0 ? "" : ",").append(Values.isNull(v) ? "" : csvField(Values.text(v)));
            }
            out.print(line.append("\r\n"));
        }
        return result.end();
    }

    /** A CSV field: quoted when empty (so that it differs from NULL) or holding a comma, quote or line break. */
    static String csvField(String s) {
        return Csv.field(s);
    }

    private ResultEnd json(SqlResult result) {
        beforeOutput.run();
        json(result.columns(), watched(result), out);
        return result.end();
    }

    /** One JSON array of an object per row, written as the rows arrive, then a line break. */
    static void json(List<Column> columns, Iterator<List<SqlValue>> rows, PrintWriter out) {
        JsonWriter json = JsonWriter.compact(out).beginArray();
        while (rows.hasNext()) {
            List<SqlValue> row = rows.next();
            json.beginObject();
            for (int c = 0; c < row.size(); c++) {
                Values.json(row.get(c), json.name(columns.get(c).getName()));
            }
            json.endObject();
        }
        json.endArray();
        out.print('\n');
    }

    /**
     * {@code result}'s rows, checking every {@value #WATCH_ROWS} rows whether the output's reader is still there: when
     * it is not, the statement is cancelled and {@link OutputClosedException} ends the command.
     */
    private Iterator<List<SqlValue>> watched(SqlResult result) {
        return new Iterator<>() {
            private long seen;

            @Override
            public boolean hasNext() {
                if (++seen % WATCH_ROWS == 0 && outputClosed()) {
                    result.cancel();
                    throw new OutputClosedException();
                }
                return result.hasNext();
            }

            @Override
            public List<SqlValue> next() {
                return result.next();
            }
        };
    }

    /** Whether writing has failed: a closed pipe fails quietly (PrintStream keeps an error flag instead of throwing). */
    private boolean outputClosed() {
        out.flush();
        return out.checkError() || System.out.checkError();
    }

    private String time(long started, String separator) {
        if (!timing) {
            return "";
        }
        double ms = (System.nanoTime() - started) / 1e6;
        String t = String.format(Locale.ROOT, "%.1f ms", ms);
        return separator.isEmpty() ? " (" + t + ")" : separator + t;
    }

    private static boolean affects(String command) {
        return command.equals("INSERT") || command.equals("UPDATE") || command.equals("DELETE");
    }
}
