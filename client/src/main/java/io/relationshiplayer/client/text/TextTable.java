package io.relationshiplayer.client.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.annotation.Nonnull;

/**
 * Rows of text aligned in columns for people: the one table layout of the CLI's results and listings and of the
 * benchmarks' reports. A table is its columns (header, side, width), what goes before, between and after the cells,
 * the rule under the header, and how wide a character is. It never sees values: the caller turns them into text and
 * may style a padded cell (a terminal dims NULL), so that the layout stays free of any terminal or value type.
 *
 * <p>Cells pad to their column's width and, when {@linkplain Builder#cut cutting}, are cut with … to it; without
 * cutting a wider cell pushes the rest of its line to the right, as printf does. {@link #widened} fits the widths to
 * rows known in advance, {@link #narrowed} to a terminal. Immutable: both return a new table.
 */
public final class TextTable {
    /** The line {@link #rule()} draws under the header. */
    public enum Rule {
        /** Dashes under the whole line and + under each | of a gap: {@code " a | b"} over {@code "---+---"}. */
        CROSSED,
        /** The prefix as it is, then dashes as wide as the header with every column padded to its width. */
        DASHED,
        /** Markdown's {@code |---|---|}. */
        MARKDOWN
    }

    /** Styles a cell after padding (an escape sequence around it must not count in the width). */
    @FunctionalInterface
    public interface Styler {
        /** Every cell as it is. */
        Styler NONE = (column, cell) -> cell;

        /** The text to print for the padded {@code cell} of column {@code column} (0-based). */
        @Nonnull
        String style(int column, @Nonnull String cell);
    }

    private final List<TextColumn> columns;
    /** The text before each column; the first column's is never printed (the prefix is). */
    private final List<String> gaps;
    private final String prefix;
    private final String suffix;
    private final Rule rule;
    private final boolean cut;
    private final boolean strip;
    private final boolean freeLast;
    private final TextWidth measure;

    private TextTable(List<TextColumn> columns, List<String> gaps, Builder b) {
        this.columns = List.copyOf(columns);
        this.gaps = List.copyOf(gaps);
        this.prefix = b.prefix;
        this.suffix = b.suffix;
        this.rule = b.rule;
        this.cut = b.cut;
        this.strip = b.strip;
        this.freeLast = b.freeLast;
        this.measure = b.measure;
    }

    private TextTable(TextTable t, List<TextColumn> columns) {
        this.columns = List.copyOf(columns);
        this.gaps = t.gaps;
        this.prefix = t.prefix;
        this.suffix = t.suffix;
        this.rule = t.rule;
        this.cut = t.cut;
        this.strip = t.strip;
        this.freeLast = t.freeLast;
        this.measure = t.measure;
    }

    /** A table with no columns yet: prefix and suffix empty, one space between cells, a {@link Rule#DASHED} rule. */
    @Nonnull
    public static Builder builder() {
        return new Builder();
    }

    /**
     * psql's layout: {@code " a | b"} over {@code "---+---"}, the space after the last cell counted in the width
     * (so a rule reaches one past it) and trailing spaces stripped from every line.
     */
    @Nonnull
    public static Builder boxed() {
        return builder().prefix(" ").gap(" | ").suffix(" ").strip(true).rule(Rule.CROSSED);
    }

    /** A Markdown table, {@code | a | b |} under {@code |---|---|}; cells unpadded, a renderer aligns them. */
    @Nonnull
    public static TextTable markdown(@Nonnull String... headers) {
        Builder b = builder().prefix("| ").gap(" | ").suffix(" |").rule(Rule.MARKDOWN);
        for (String h : headers) {
            b.column(TextColumn.left(h));
        }
        return b.build();
    }

    @Nonnull
    public List<TextColumn> columns() {
        return columns;
    }

    /** This table with each column as wide as the widest of its width, its header and its cell in {@code rows}. */
    @Nonnull
    public TextTable widened(@Nonnull List<? extends List<String>> rows) {
        int[] w = new int[columns.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = Math.max(columns.get(c).width(), measure.width(columns.get(c).header()));
        }
        for (List<String> row : rows) {
            checkSize(row);
            for (int c = 0; c < w.length; c++) {
                w[c] = Math.max(w[c], measure.width(row.get(c)));
            }
        }
        return withWidths(w);
    }

    /**
     * This table with its widest columns narrowed one column at a time until a line fits {@code maxWidth} or the
     * widest is down to {@code floor}; {@code maxWidth} 0 or less: unlimited, the table as it is.
     */
    @Nonnull
    public TextTable narrowed(int maxWidth, int floor) {
        if (maxWidth <= 0 || columns.isEmpty()) {
            return this;
        }
        int[] w = columns.stream().mapToInt(TextColumn::width).toArray();
        for (int total = lineWidth(); total > maxWidth; total--) {
            int widest = 0;
            for (int c = 1; c < w.length; c++) {
                if (w[c] > w[widest]) {
                    widest = c;
                }
            }
            if (w[widest] <= floor) {
                break;
            }
            w[widest]--;
        }
        return withWidths(w);
    }

    /** The columns a line takes with every cell at its column's width: prefix, cells, gaps and suffix. */
    public int lineWidth() {
        int total = measure.width(prefix) + measure.width(suffix);
        for (int c = 0; c < columns.size(); c++) {
            total += columns.get(c).width() + (c == 0 ? 0 : measure.width(gaps.get(c)));
        }
        return total;
    }

    /** The header line. */
    @Nonnull
    public String header() {
        List<String> cells = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            TextColumn column = columns.get(c);
            cells.add(fit(column.header(), c, column.headerAlign()));
        }
        return line(cells);
    }

    /** The line under the header, as {@link Rule} says; empty without columns (a rule under nothing). */
    @Nonnull
    public String rule() {
        if (columns.isEmpty()) {
            return "";
        }
        if (rule == Rule.MARKDOWN) {
            return "|" + "---|".repeat(columns.size());
        }
        boolean crossed = rule == Rule.CROSSED;
        StringBuilder b = new StringBuilder(crossed ? dashes(prefix, true) : prefix);
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                b.append(dashes(gaps.get(c), crossed));
            }
            TextColumn column = columns.get(c);
            b.append("-".repeat(cut ? column.width() : Math.max(column.width(), measure.width(column.header()))));
        }
        return b.append(dashes(suffix, crossed)).toString();
    }

    /** One row's line: a cell per column, padded (and cut when cutting). */
    @Nonnull
    public String row(@Nonnull List<String> cells) {
        return row(cells, Styler.NONE);
    }

    /** One row's line, each padded cell passed through {@code styler}. */
    @Nonnull
    public String row(@Nonnull List<String> cells, @Nonnull Styler styler) {
        checkSize(cells);
        List<String> out = new ArrayList<>(cells.size());
        for (int c = 0; c < cells.size(); c++) {
            out.add(styler.style(c, fit(Objects.requireNonNull(cells.get(c), "cell is null"), c,
                    columns.get(c).align())));
        }
        return line(out);
    }

    /** The header, the rule and a line per row. */
    @Nonnull
    public List<String> lines(@Nonnull List<? extends List<String>> rows) {
        List<String> lines = new ArrayList<>(rows.size() + 2);
        lines.add(header());
        lines.add(rule());
        rows.forEach(r -> lines.add(row(r)));
        return lines;
    }

    private String fit(String text, int c, Align align) {
        int width = columns.get(c).width();
        String s = cut ? measure.cut(text, width) : text;
        boolean free = freeLast && c == columns.size() - 1 && align == Align.LEFT;
        return free ? s : measure.pad(s, width, align);
    }

    private String line(List<String> cells) {
        StringBuilder b = new StringBuilder(prefix);
        for (int c = 0; c < cells.size(); c++) {
            b.append(c == 0 ? "" : gaps.get(c)).append(cells.get(c));
        }
        String line = b.append(suffix).toString();
        return strip ? line.stripTrailing() : line;
    }

    /** A dash for every character of a separator; when {@code crossed}, + for each | (a column border). */
    private static String dashes(String separator, boolean crossed) {
        StringBuilder b = new StringBuilder();
        separator.codePoints().forEach(cp -> b.append(crossed && cp == '|' ? '+' : '-'));
        return b.toString();
    }

    private void checkSize(List<String> cells) {
        if (cells.size() != columns.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + columns.size() + " columns: " + cells);
        }
    }

    private TextTable withWidths(int[] w) {
        List<TextColumn> sized = new ArrayList<>(columns.size());
        for (int c = 0; c < w.length; c++) {
            sized.add(columns.get(c).withWidth(w[c]));
        }
        return new TextTable(this, sized);
    }

    /** Collects a table's columns and layout; {@link #build} makes the immutable table. */
    public static final class Builder {
        private final List<TextColumn> columns = new ArrayList<>();
        /** Each column's own gap, null for the table's. */
        private final List<String> ownGaps = new ArrayList<>();
        private String prefix = "";
        private String gap = " ";
        private String suffix = "";
        private Rule rule = Rule.DASHED;
        private boolean cut;
        private boolean strip;
        private boolean freeLast;
        private TextWidth measure = TextWidth.CODE_POINTS;

        private Builder() {
        }

        /** Text before the first cell of every line (an indent, or psql's space). */
        @Nonnull
        public Builder prefix(@Nonnull String prefix) {
            this.prefix = Objects.requireNonNull(prefix, "prefix is null");
            return this;
        }

        /** Text between cells, unless a column has its own. */
        @Nonnull
        public Builder gap(@Nonnull String gap) {
            this.gap = Objects.requireNonNull(gap, "gap is null");
            return this;
        }

        /** Text after the last cell (counted in {@link #lineWidth()}). */
        @Nonnull
        public Builder suffix(@Nonnull String suffix) {
            this.suffix = Objects.requireNonNull(suffix, "suffix is null");
            return this;
        }

        /** The next column, after the table's gap. */
        @Nonnull
        public Builder column(@Nonnull TextColumn column) {
            columns.add(Objects.requireNonNull(column, "column is null"));
            ownGaps.add(null);
            return this;
        }

        /** The next column, after {@code gap} (a | between groups of columns). */
        @Nonnull
        public Builder column(@Nonnull String gap, @Nonnull TextColumn column) {
            columns.add(Objects.requireNonNull(column, "column is null"));
            ownGaps.add(Objects.requireNonNull(gap, "gap is null"));
            return this;
        }

        @Nonnull
        public Builder rule(@Nonnull Rule rule) {
            this.rule = Objects.requireNonNull(rule, "rule is null");
            return this;
        }

        /** Whether a cell wider than its column is cut with … (a terminal's width) or pushes its line right. */
        @Nonnull
        public Builder cut(boolean cut) {
            this.cut = cut;
            return this;
        }

        /** Whether every line loses its trailing white space. */
        @Nonnull
        public Builder strip(boolean strip) {
            this.strip = strip;
            return this;
        }

        /**
         * Whether the last column, kept to the left, goes unpadded (its text runs free; the rule still spans its
         * width), so that lines end without padding and without stripping what the cells end in.
         */
        @Nonnull
        public Builder freeLast(boolean freeLast) {
            this.freeLast = freeLast;
            return this;
        }

        /** How wide a character is; {@link TextWidth#CODE_POINTS} unless set. */
        @Nonnull
        public Builder measure(@Nonnull TextWidth measure) {
            this.measure = Objects.requireNonNull(measure, "measure is null");
            return this;
        }

        @Nonnull
        public TextTable build() {
            List<String> gaps = new ArrayList<>(ownGaps.size());
            ownGaps.forEach(g -> gaps.add(g == null ? gap : g));
            return new TextTable(columns, gaps, this);
        }
    }
}
