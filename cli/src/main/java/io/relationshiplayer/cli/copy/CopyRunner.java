package io.relationshiplayer.cli.copy;

import io.grpc.Context;
import io.relationshiplayer.cli.sql.ErrorPrinter;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlSession;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Runs COPY statements and psql's {@code \copy} in the client, for {@code rl sql} and the shell: the server has no
 * COPY of its own (it answers 0A000), so the client reads and writes the data and the server sees a prepared INSERT
 * sent in batches, or a query. {@code COPY ... FROM STDIN} reads the lines that follow it in the script or at the
 * prompt, up to {@code \.} (as in psql scripts and pg_dump's output), or the process's standard input where the
 * statements came from elsewhere; {@code COPY ... FROM 'file'} is refused (42501) as the server has no business
 * reading the client's files: {@code \copy} reads them. Prints {@code COPY n} as psql does, and errors with
 * PostgreSQL's CONTEXT line ({@code COPY t, line 3}).
 */
public final class CopyRunner {
    private final SqlSession session;
    private final ResultPrinter printer;
    private final PrintWriter err;
    private final InputStream stdin;
    private volatile Context.CancellableContext running;
    private String sql = "";
    private int firstLine = 1;
    private boolean meta;
    private long started;

    /** {@code stdin}: the process's standard input ({@code \copy ... FROM pstdin}; STDIN without inline data). */
    public CopyRunner(SqlSession session, ResultPrinter printer, PrintWriter err, InputStream stdin) {
        this.session = session;
        this.printer = printer;
        this.err = err;
        this.stdin = stdin;
    }

    /** Whether {@code sql} is a COPY statement. */
    public static boolean isCopy(String sql) {
        return CopyStatement.isCopy(sql);
    }

    /**
     * Runs a COPY statement ({@code meta} false) or {@code \copy}'s arguments. Returns the {@link CopyIn} that takes
     * the lines after the statement when it reads them ({@code inline}: the input has such lines; else STDIN is the
     * process's standard input), to be ended with {@link #finish}; else null, the COPY done: {@link #ok} tells.
     * {@code skipAfterFailure}: when a COPY FROM STDIN with lines after it fails before reading them, they are
     * still read up to {@code \.} and dropped (in a script; not at the prompt, where the error shows at once).
     */
    public CopyIn start(String text, boolean meta, int firstLine, boolean inline, boolean skipAfterFailure) {
        this.sql = text;
        this.meta = meta;
        this.firstLine = firstLine;
        this.started = System.nanoTime();
        this.ok = false;
        Context.CancellableContext context = Context.current().withCancellation();
        running = context;
        try {
            return context.call(() -> run(text, meta, inline));
        } catch (CopyException e) {
            print(e, null);
            return skipped(text, meta, inline && skipAfterFailure, e);
        } catch (SqlClientException e) {
            ErrorPrinter.print(err, e.sqlState(), e.detail(), 0, 0, text, firstLine);
            ErrorPrinter.printDetail(err, e.messageDetail(), e.messageHint());
            return skipped(text, meta, inline && skipAfterFailure, CopyException.refused(e, e.detail(), ""));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            running = null;
            context.close();
        }
    }

    private boolean ok;

    /** After a failure before the data: the CopyIn that drops the data that follows, when there is some. */
    private static CopyIn skipped(String text, boolean meta, boolean inline, CopyException failure) {
        if (!inline) {
            return null;
        }
        try {
            CopyStatement st = CopyStatement.parse(text, meta);
            return st.from() && st.target() == CopyStatement.Target.STDIN ? CopyIn.refused(st, failure) : null;
        } catch (CopyException e) {
            return null; // no COPY: nothing of the input is its data
        }
    }

    /** Whether the last COPY that ended succeeded. */
    public boolean ok() {
        return ok;
    }

    /** Reports a COPY FROM STDIN whose data ended: COPY n, or its error; whether it succeeded. */
    public boolean finish(CopyIn in) {
        in.end();
        if (in.wasRefused()) {
            ok = false;
        } else if (in.failure() != null) {
            print(in.failure(), in);
            ok = false;
        } else {
            printer.status("COPY " + in.count(), started);
            ok = true;
        }
        return ok;
    }

    /** Ctrl-C: cancels the running COPY (its call to the server, or the reading of its inline data). */
    public void cancel() {
        Context.CancellableContext c = running;
        if (c != null) {
            c.cancel(null);
        }
    }

    private CopyIn run(String text, boolean meta, boolean inline) throws IOException {
        CopyStatement st = CopyStatement.parse(text, meta);
        if (!meta && st.target() == CopyStatement.Target.FILE) {
            throw new CopyException("42501", "COPY " + (st.from() ? "FROM" : "TO") + " a file is not allowed: "
                    + "the server " + (st.from() ? "reads" : "writes") + " no files of the client; use \\copy in rl "
                    + "shell, which " + (st.from() ? "reads" : "writes") + " the file in the client, or COPY ... "
                    + (st.from() ? "FROM STDIN" : "TO STDOUT"));
        }
        if (!st.from()) {
            export(st);
            return null;
        }
        CopyLoader loader = CopyLoader.open(session, st);
        if (st.target() == CopyStatement.Target.STDIN && inline) {
            CopyIn in = new CopyIn(st, loader, true);
            return in;
        }
        CopyIn in = new CopyIn(st, loader, false);
        if (st.target() == CopyStatement.Target.FILE) {
            try (Reader r = Files.newBufferedReader(Path.of(st.file()), StandardCharsets.UTF_8)) {
                feed(r, in);
            } catch (IOException e) {
                in.cancel();
                throw new CopyException("58P01", "could not open file \"" + st.file() + "\" for reading: "
                        + reason(e));
            }
        } else {
            feed(new InputStreamReader(stdin, StandardCharsets.UTF_8), in);
        }
        finish(in);
        return null;
    }

    private void export(CopyStatement st) throws IOException {
        long count;
        if (st.target() == CopyStatement.Target.FILE) {
            try (Writer w = new BufferedWriter(new java.io.OutputStreamWriter(Files.newOutputStream(Path.of(st.file())),
                    StandardCharsets.UTF_8), 1 << 16)) {
                count = CopyOut.run(session, st, w);
            } catch (IOException e) {
                throw new CopyException("58P01", "could not open file \"" + st.file() + "\" for writing: "
                        + reason(e));
            }
            printer.status("COPY " + count, started);
        } else {
            PrintWriter out = printer.target().out();
            count = CopyOut.run(session, st, out);
            out.flush();
        }
        ok = true;
    }

    /** Feeds a reader's lines, each with its terminator, until {@code \.} or the end. */
    private static void feed(Reader r, CopyIn in) throws IOException {
        char[] buf = new char[1 << 16];
        StringBuilder line = new StringBuilder();
        for (int n = r.read(buf); n >= 0; n = r.read(buf)) {
            for (int i = 0; i < n; i++) {
                char c = buf[i];
                if (c != '\n') {
                    line.append(c);
                    continue;
                }
                boolean crlf = line.length() > 0 && line.charAt(line.length() - 1) == '\r';
                if (crlf) {
                    line.setLength(line.length() - 1);
                }
                if (in.line(line.toString(), crlf ? "\r\n" : "\n")) {
                    return;
                }
                line.setLength(0);
            }
        }
        if (line.length() > 0) {
            in.line(line.toString(), "");
        }
    }

    private void print(CopyException e, CopyIn in) {
        int line = 0;
        int column = 0;
        if (e.offset() >= 0 && !meta) {
            line = 1;
            int lineStart = 0;
            for (int i = 0; i < e.offset() && i < sql.length(); i++) {
                if (sql.charAt(i) == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            column = e.offset() - lineStart + 1;
        }
        ErrorPrinter.print(err, e.sqlState(), (meta ? "\\copy: " : "") + e.getMessage(), line, column, sql,
                firstLine);
        ErrorPrinter.printDetail(err, e.detail(), e.hint());
        if (!e.context().isEmpty()) {
            err.println("CONTEXT: " + e.context());
        }
        if (in != null && in.committedBeforeFailure()[0] > 0) {
            long[] c = in.committedBeforeFailure();
            err.println(String.format(Locale.ROOT, "DETAIL: the %,d rows up to line %d were committed before the "
                    + "failure and stay (a COPY in autocommit commits every %,d rows, %d MB or %d s); the rest was "
                    + "rolled back", c[0], c[1], CopyLoader.SEGMENT_ROWS, CopyLoader.SEGMENT_BYTES / 1_000_000,
                    CopyLoader.SEGMENT_MILLIS / 1000));
        }
        err.flush();
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "Permission denied";
        }
        return e.getMessage();
    }
}
