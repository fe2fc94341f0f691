package io.relationshiplayer.sql;

import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Where each binary operator of a parsed statement is written ({@code a = b}: the {@code =}; {@code a NOT IN (...)}:
 * the {@code NOT}; {@code a BETWEEN b AND c}: the {@code BETWEEN}), kept in its call's position ({@link At}), whose
 * span stays the call's: PostgreSQL places an operator's errors there ({@code operator does not exist: integer =
 * text}), where Calcite's parser kept only the span of the operands. The validator's copies of a call keep the
 * position as long as their operands' span is the same (Calcite's {@code plusAll} returns the position it was given).
 */
final class OperatorPositions {
    /** A call's span with the place of its operator. */
    static final class At extends SqlParserPos {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        At(SqlParserPos span, int line, int column) {
            super(span.getLineNum(), span.getColumnNum(), span.getEndLineNum(), span.getEndColumnNum());
            this.line = line;
            this.column = column;
        }

        /** The operator's place, a point. */
        SqlParserPos operator() {
            return new SqlParserPos(line, column);
        }
    }

    /** The operators placed: comparisons (and ANY, ALL), arithmetic, IN and BETWEEN. */
    private static final Set<SqlKind> OPERATORS = EnumSet.of(SqlKind.IN, SqlKind.NOT_IN, SqlKind.BETWEEN,
            SqlKind.SOME, SqlKind.ALL);

    static {
        OPERATORS.addAll(SqlKind.BINARY_COMPARISON);
        OPERATORS.addAll(SqlKind.BINARY_ARITHMETIC);
    }

    private final String text;
    private final int[] lineStarts;

    private OperatorPositions(String text, int[] lineStarts) {
        this.text = text;
        this.lineStarts = lineStarts;
    }

    /** {@code parsed}, read from {@code text} (line {@code i} starts at {@code lineStarts[i - 1]}), placed. */
    static <T> T apply(String text, int[] lineStarts, T parsed) {
        return SqlTrees.rewrite(parsed, new OperatorPositions(text, lineStarts)::walk);
    }

    /** Where the operator of {@code node} is written, or null if it is no call placed here. */
    static SqlParserPos of(SqlNode node) {
        return node != null && node.getParserPosition() instanceof At at ? at.operator() : null;
    }

    /** {@code node}'s position for an error about its operator: the operator's place, else its own. */
    static SqlParserPos errorAt(SqlNode node) {
        SqlParserPos at = of(node);
        return at != null ? at : node.getParserPosition();
    }

    private SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, this::walk);
        }
        if (!(node instanceof SqlCall call)) {
            return node;
        }
        SqlTrees.rewriteOperands(call, this::walk);
        if (call.getClass() != SqlBasicCall.class || call.operandCount() < 2 || call.getParserPosition() instanceof At
                || !OPERATORS.contains(call.getKind())) {
            return call;
        }
        int at = operatorOffset(call);
        if (at < 0) {
            return call;
        }
        int line = java.util.Arrays.binarySearch(lineStarts, at);
        line = line >= 0 ? line + 1 : -line - 1;
        SqlParserPos pos = new At(call.getParserPosition(), line, at - lineStarts[line - 1] + 1);
        return new SqlBasicCall(call.getOperator(), call.getOperandList(), pos, call.getFunctionQuantifier());
    }

    /** The offset of the first character after the left operand that is no blank, comment or {@code )}; else -1. */
    private int operatorOffset(SqlCall call) {
        SqlNode left = call.operand(0);
        SqlNode right = call.operand(1);
        if (left == null || right == null) {
            return -1;
        }
        SqlParserPos l = left.getParserPosition();
        SqlParserPos r = right.getParserPosition();
        int from = offset(l.getEndLineNum(), l.getEndColumnNum());
        int to = offset(r.getLineNum(), r.getColumnNum());
        if (from < 0 || to < 0 || to > text.length() || from >= to) {
            return -1;
        }
        int i = from + 1;
        while (i < to) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == ')') {
                i++;
            } else if (c == '-' && i + 1 < to && text.charAt(i + 1) == '-') {
                while (i < to && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < to && text.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(text, i);
            } else {
                return i;
            }
        }
        return -1;
    }

    private int offset(int line, int column) {
        if (line < 1 || line > lineStarts.length || column < 1) {
            return -1;
        }
        return lineStarts[line - 1] + column - 1;
    }
}
