package io.relationshiplayer.cli.copy;

/**
 * The format of COPY's data, as PostgreSQL's options give it: {@code text} (the default: tab-separated, {@code \N} for
 * NULL, backslash escapes) or {@code csv} (comma-separated, NULL an unquoted empty field, {@code "} quotes); a header
 * line; the delimiter, NULL string, quote and escape characters.
 */
public record CopyOptions(boolean csv, boolean header, char delimiter, String nullString, char quote, char escape) {
    public static final CopyOptions TEXT = new CopyOptions(false, false, '\t', "\\N", '"', '"');
    public static final CopyOptions CSV = new CopyOptions(true, false, ',', "", '"', '"');

    /** Checks what PostgreSQL checks of a combination (22023 / 0A000 as it answers them). */
    private CopyOptions validated() {
        if (delimiter == '\n' || delimiter == '\r') {
            throw new CopyException("22023", "COPY delimiter cannot be newline or carriage return");
        }
        if (nullString.indexOf('\n') >= 0 || nullString.indexOf('\r') >= 0) {
            throw new CopyException("22023", "COPY null representation cannot use newline or carriage return");
        }
        if (!csv && (delimiter == '\\' || Character.isLetterOrDigit(delimiter) || delimiter == '.')) {
            throw new CopyException("22023", "COPY delimiter cannot be \"" + delimiter + "\"");
        }
        if (csv && delimiter == quote) {
            throw new CopyException("22023", "COPY delimiter and quote must be different");
        }
        if (csv && nullString.indexOf(delimiter) >= 0) {
            throw new CopyException("22023", "COPY delimiter must not appear in the NULL specification");
        }
        if (csv && nullString.indexOf(quote) >= 0) {
            throw new CopyException("22023", "CSV quote character must not appear in the NULL specification");
        }
        return this;
    }

    /** The options given (null: not given), the format's defaults for the rest, checked. */
    static CopyOptions of(boolean csv, Boolean header, Character delimiter, String nullString, Character quote,
            Character escape) {
        CopyOptions base = csv ? CSV : TEXT;
        char q = quote != null ? quote : base.quote;
        if (!csv && (quote != null || escape != null)) {
            throw new CopyException("0A000", "COPY " + (quote != null ? "quote" : "escape")
                    + " available only in CSV mode");
        }
        return new CopyOptions(csv, header != null && header, delimiter != null ? delimiter : base.delimiter,
                nullString != null ? nullString : base.nullString, q, escape != null ? escape : q).validated();
    }
}
