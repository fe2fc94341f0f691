package io.relationshiplayer.cli.copy;

import io.relationshiplayer.cli.sql.Csv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes COPY TO's rows as PostgreSQL does: CSV (RFC 4180 quoting, {@link Csv}) or text (the delimiter, NULL as the
 * NULL string, backslash escapes), each row ended by a line feed as PostgreSQL's COPY ends them.
 */
final class RowWriter {
    private final CopyOptions o;
    private final Writer out;
    private final StringBuilder line = new StringBuilder();

    RowWriter(CopyOptions options, Writer out) {
        this.o = options;
        this.out = out;
    }

    /** One row; a null is NULL. */
    void row(List<String> values) {
        line.setLength(0);
        boolean single = values.size() == 1;
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append(o.delimiter());
            }
            String v = values.get(i);
            if (v == null) {
                line.append(o.nullString());
            } else if (o.csv()) {
                line.append(Csv.field(v, o.delimiter(), o.quote(), o.escape(), o.nullString(), single));
            } else {
                escape(v);
            }
        }
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void escape(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\' -> line.append("\\\\");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                case '\b' -> line.append("\\b");
                case '\f' -> line.append("\\f");
                case '\u000B' -> line.append("\\v");
                default -> {
                    if (c == o.delimiter()) {
                        line.append('\\');
                    }
                    line.append(c);
                }
            }
        }
    }
}
