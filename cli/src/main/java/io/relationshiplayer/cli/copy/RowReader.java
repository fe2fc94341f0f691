package io.relationshiplayer.cli.copy;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads COPY's data one physical line at a time, as PostgreSQL's COPY FROM reads it: in CSV a quoted field may hold
 * line breaks, so a record may take several lines; in text each line is a record, fields split on the delimiter with
 * backslash escapes. A field is null when its raw text is the NULL string (in CSV, only when it has no quotes). Lines
 * are counted as PostgreSQL counts them in its CONTEXT: one per record, the header included.
 */
final class RowReader {
    private final CopyOptions o;
    private final StringBuilder pending = new StringBuilder();
    private boolean inRecord;
    private long line;

    RowReader(CopyOptions options) {
        this.o = options;
    }

    /** The line of the last record (1-based), as PostgreSQL counts. */
    long line() {
        return line;
    }

    /** Whether a line is the end of data ({@code \.} alone, outside a quoted field). */
    boolean endMarker(String text) {
        return !inRecord && text.equals("\\.");
    }

    /**
     * One physical line without its terminator, and the terminator that ended it ("\n", "\r\n"; "" at the end of the
     * input): the fields of the record it completes, or null while a quoted field goes on.
     */
    List<String> feed(String text, String terminator) {
        if (!inRecord) {
            line++;
        }
        if (!o.csv()) {
            return textFields(text);
        }
        boolean quoted = quoteOpenAfter(text, inRecord);
        if (quoted) {
            pending.append(text).append(terminator.isEmpty() ? "\n" : terminator);
            inRecord = true;
            return null;
        }
        String record = inRecord ? pending.append(text).toString() : text;
        pending.setLength(0);
        inRecord = false;
        return csvFields(record);
    }

    /** The input ended: a record still inside a quoted field is PostgreSQL's 22P04. */
    void finish() {
        if (inRecord) {
            throw CopyException.badData("unterminated CSV quoted field");
        }
    }

    private boolean quoteOpenAfter(String text, boolean open) {
        boolean q = open;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!q) {
                q = c == o.quote();
            } else if (c == o.escape() && i + 1 < text.length() && text.charAt(i + 1) == o.quote()) {
                i++;
            } else if (c == o.quote()) {
                q = false;
            }
        }
        return q;
    }

    private List<String> csvFields(String r) {
        List<String> fields = new ArrayList<>();
        int n = r.length();
        int i = 0;
        while (true) {
            StringBuilder b = new StringBuilder();
            boolean sawQuote = false;
            int start = i;
            while (i < n && r.charAt(i) != o.delimiter()) {
                char c = r.charAt(i++);
                if (c != o.quote()) {
                    b.append(c);
                    continue;
                }
                sawQuote = true;
                while (i < n) {
                    char q = r.charAt(i);
                    if (q == o.escape() && i + 1 < n && r.charAt(i + 1) == o.quote()) {
                        b.append(o.quote());
                        i += 2;
                    } else if (q == o.quote()) {
                        i++;
                        break;
                    } else {
                        b.append(q);
                        i++;
                    }
                }
            }
            fields.add(!sawQuote && r.substring(start, i).equals(o.nullString()) ? null : b.toString());
            if (i >= n) {
                return fields;
            }
            i++; // the delimiter
        }
    }

    private List<String> textFields(String r) {
        List<String> fields = new ArrayList<>();
        int n = r.length();
        int i = 0;
        while (true) {
            StringBuilder b = new StringBuilder();
            int start = i;
            while (i < n && r.charAt(i) != o.delimiter()) {
                char c = r.charAt(i++);
                if (c != '\\' || i >= n) {
                    b.append(c);
                    continue;
                }
                char e = r.charAt(i++);
                switch (e) {
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'v' -> b.append('\u000B');
                    case 'x' -> {
                        int end = i;
                        while (end < n && end < i + 2 && Character.digit(r.charAt(end), 16) >= 0) {
                            end++;
                        }
                        if (end == i) {
                            b.append('x');
                        } else {
                            b.append((char) Integer.parseInt(r.substring(i, end), 16));
                            i = end;
                        }
                    }
                    default -> {
                        if (e >= '0' && e <= '7') {
                            int end = i;
                            while (end < n && end < i + 2 && r.charAt(end) >= '0' && r.charAt(end) <= '7') {
                                end++;
                            }
                            b.append((char) Integer.parseInt(r.substring(i - 1, end), 8));
                            i = end;
                        } else {
                            b.append(e);
                        }
                    }
                }
            }
            fields.add(r.substring(start, i).equals(o.nullString()) ? null : b.toString());
            if (i >= n) {
                return fields;
            }
            i++;
        }
    }
}
