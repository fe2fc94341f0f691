package io.relationshiplayer.sql;

import org.apache.calcite.sql.parser.impl.SimpleCharStream;

/**
 * A rewritten statement text ({@link InfixCasts}) as Calcite's lexer reads it, each character at the line and column
 * of the character of the original it stands for ({@code origins}), counted as Calcite counts (a tab is one column, a
 * line ends at LF, CRLF or CR): every token, node and parse error then carries a position in the text as written.
 * JavaCC's stream calls {@code UpdateLineColumn} once per character it reads for the first time, in order.
 */
final class OriginalPositions extends SimpleCharStream {
    private final int[] lines;
    private final int[] columns;
    private int read;

    OriginalPositions(String original, String rewritten, int[] origins) {
        super(CheckedText.of(rewritten), 1, 1);
        int[] originalLines = new int[original.length() + 1];
        int[] originalColumns = new int[original.length() + 1];
        int ln = 1;
        int col = 0;
        for (int i = 0; i < original.length(); i++) {
            char c = original.charAt(i);
            boolean breakBefore = i > 0 && (original.charAt(i - 1) == '\n'
                    || (original.charAt(i - 1) == '\r' && c != '\n'));
            if (breakBefore) {
                ln++;
                col = 0;
            }
            originalLines[i] = ln;
            originalColumns[i] = ++col;
        }
        originalLines[original.length()] = ln;
        originalColumns[original.length()] = col + 1;
        lines = new int[origins.length];
        columns = new int[origins.length];
        for (int i = 0; i < origins.length; i++) {
            lines[i] = originalLines[origins[i]];
            columns[i] = originalColumns[origins[i]];
        }
    }

    @Override
    protected void UpdateLineColumn(char c) {
        if (read < lines.length) {
            line = lines[read];
            column = columns[read];
            read++;
        }
        bufline[bufpos] = line;
        bufcolumn[bufpos] = column;
    }
}
