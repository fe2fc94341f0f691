package io.relationshiplayer.client.text;

import java.util.Objects;
import java.util.function.IntUnaryOperator;
import javax.annotation.Nonnull;

/**
 * How many columns text takes on the screen, per code point, and cutting and padding by that measure: the one rule a
 * table aligns by. A terminal gives its own measure (wide characters take two columns, combining ones none).
 */
public final class TextWidth {
    /** One column per code point: what printf's padding assumes, right for text without wide characters. */
    public static final TextWidth CODE_POINTS = new TextWidth(cp -> 1);

    /** The mark a cut cell ends in. */
    public static final String ELLIPSIS = "…";

    private final IntUnaryOperator columns;

    private TextWidth(IntUnaryOperator columns) {
        this.columns = columns;
    }

    /** A measure from the columns of each code point; a negative answer (unprintable) counts as none. */
    @Nonnull
    public static TextWidth of(@Nonnull IntUnaryOperator columnsOfCodePoint) {
        return new TextWidth(Objects.requireNonNull(columnsOfCodePoint, "columnsOfCodePoint is null"));
    }

    /** The columns {@code s} takes. */
    public int width(@Nonnull String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += columns(cp);
            i += Character.charCount(cp);
        }
        return w;
    }

    /** {@code s} cut to at most {@code max} columns, ending in … when cut, so that no cut passes for data. */
    @Nonnull
    public String cut(@Nonnull String s, int max) {
        if (width(s) <= max) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int cw = columns(cp);
            if (w + cw > max - 1) {
                break;
            }
            b.appendCodePoint(cp);
            w += cw;
            i += Character.charCount(cp);
        }
        return b.append(ELLIPSIS).toString();
    }

    /** {@code s} with spaces on the side {@code align} leaves free up to {@code width} columns; never cut. */
    @Nonnull
    public String pad(@Nonnull String s, int width, @Nonnull Align align) {
        int missing = width - width(s);
        if (missing <= 0) {
            return s;
        }
        return align == Align.RIGHT ? " ".repeat(missing) + s : s + " ".repeat(missing);
    }

    private int columns(int codePoint) {
        return Math.max(0, columns.applyAsInt(codePoint));
    }
}
