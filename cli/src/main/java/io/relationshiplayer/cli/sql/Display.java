package io.relationshiplayer.cli.sql;

import static java.util.Objects.requireNonNull;

import javax.annotation.Nonnull;

/**
 * How the table format shows results, as psql's {@code \pset} sets it: the text of NULL, the border (0: columns apart,
 * 1: {@code |} between them, 2: a frame around them) and expanded display (one line per column; {@code auto}: only for
 * results wider than the terminal). Immutable: each setting gives a new display.
 */
public record Display(@Nonnull String nullText, int border, @Nonnull Expanded expanded) {
    /** The display before any {@code \pset}: NULL marked as NULL, psql's border 1, rows on lines. */
    public static final Display DEFAULT = new Display(TableLayout.NULL, 1, Expanded.OFF);

    /** Expanded display: off (rows on lines), on (a record per row), auto (records when a row would not fit). */
    public enum Expanded {
        OFF, ON, AUTO
    }

    public Display {
        requireNonNull(nullText, "nullText is null");
        requireNonNull(expanded, "expanded is null");
        if (border < 0 || border > 2) {
            throw new IllegalArgumentException("border must be 0, 1 or 2: " + border);
        }
    }

    @Nonnull
    public Display withNullText(@Nonnull String text) {
        return new Display(text, border, expanded);
    }

    @Nonnull
    public Display withBorder(int b) {
        return new Display(nullText, b, expanded);
    }

    @Nonnull
    public Display withExpanded(@Nonnull Expanded e) {
        return new Display(nullText, border, e);
    }
}
