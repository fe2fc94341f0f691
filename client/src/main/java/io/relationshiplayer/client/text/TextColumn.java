package io.relationshiplayer.client.text;

import java.util.Objects;
import javax.annotation.Nonnull;

/**
 * One column of a {@link TextTable}: its header, the side its cells and its header keep to, and the width it pads to
 * at least (a table {@linkplain TextTable#widened widened} by its rows may grow it).
 *
 * @param header      the header's text
 * @param align       the side the cells keep to
 * @param headerAlign the side the header keeps to (a terminal's numbers go right under a header on the left)
 * @param width       the columns the cells pad to, at least
 */
public record TextColumn(@Nonnull String header, @Nonnull Align align, @Nonnull Align headerAlign, int width) {
    public TextColumn {
        Objects.requireNonNull(header, "header is null");
        Objects.requireNonNull(align, "align is null");
        Objects.requireNonNull(headerAlign, "headerAlign is null");
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width + " of column " + header);
        }
    }

    /** Text: cells and header to the left, no width of its own. */
    @Nonnull
    public static TextColumn left(@Nonnull String header) {
        return left(header, 0);
    }

    /** Text padded to {@code width}, cells and header to the left. */
    @Nonnull
    public static TextColumn left(@Nonnull String header, int width) {
        return new TextColumn(header, Align.LEFT, Align.LEFT, width);
    }

    /** Numbers: cells and header to the right, no width of its own. */
    @Nonnull
    public static TextColumn right(@Nonnull String header) {
        return right(header, 0);
    }

    /** Numbers padded to {@code width}, cells and header to the right. */
    @Nonnull
    public static TextColumn right(@Nonnull String header, int width) {
        return new TextColumn(header, Align.RIGHT, Align.RIGHT, width);
    }

    /** This column with its header on the left whatever side its cells keep to. */
    @Nonnull
    public TextColumn headerLeft() {
        return new TextColumn(header, align, Align.LEFT, width);
    }

    /** This column padded to {@code width}. */
    @Nonnull
    public TextColumn withWidth(int width) {
        return new TextColumn(header, align, headerAlign, width);
    }
}
