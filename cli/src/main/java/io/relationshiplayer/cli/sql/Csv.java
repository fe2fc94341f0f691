package io.relationshiplayer.cli.sql;

/**
 * CSV fields as RFC 4180 and PostgreSQL's COPY write them: a field is quoted when it holds the delimiter, the quote
 * or a line break, or when it would read back as NULL (the NULL string; for the defaults, the empty string), or when
 * it is a lone {@code \.}, which would read as COPY's end of data; a quote inside is preceded by the escape (by
 * default the quote itself: {@code ""}).
 */
public final class Csv {
    private Csv() {
    }

    /** A field with the defaults: comma, double quote, NULL as the empty unquoted field. */
    public static String field(String s) {
        return field(s, ',', '"', '"', "", false);
    }

    /** {@code single}: the row has one column (a {@code \.} then must be quoted). */
    public static String field(String s, char delimiter, char quote, char escape, String nullString, boolean single) {
        boolean quoted = s.equals(nullString) || single && s.equals("\\.");
        for (int i = 0; i < s.length() && !quoted; i++) {
            char c = s.charAt(i);
            quoted = c == delimiter || c == quote || c == '\n' || c == '\r';
        }
        if (!quoted) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == quote || c == escape) {
                b.append(escape);
            }
            b.append(c);
        }
        return b.append(quote).toString();
    }
}
