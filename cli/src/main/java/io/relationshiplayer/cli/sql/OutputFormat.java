package io.relationshiplayer.cli.sql;

/** How results print: aligned for people, CSV or JSON for programs. */
public enum OutputFormat {
    /** Aligned columns, NULL marked, then the row count and the time. */
    TABLE,
    /** RFC 4180: a header row, CRLF line ends, NULL as an empty unquoted field, "" for the empty string. */
    CSV,
    /** One JSON array of row objects per query, on one line. */
    JSON
}
