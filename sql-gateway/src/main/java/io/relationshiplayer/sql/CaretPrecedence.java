package io.relationshiplayer.sql;

import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * PostgreSQL's {@code ^}, exponentiation, in a statement Calcite's parser read: Calcite reads {@code ^} as a bitwise
 * XOR ({@code 2 ^ 3} was 1, PostgreSQL's 8) that binds more loosely than {@code * / % || &} and as loosely as
 * {@code + -}, where PostgreSQL's {@code ^} binds more tightly than all of them ({@code 1 + 2 ^ 2} is 5, {@code 2 ^ 3
 * * 4} is 32; both left-associative, both below unary minus: {@code -2 ^ 2} is 4). Each {@code ^} becomes POWER of
 * the operands PostgreSQL gives it: an operand that is one of those looser operators, unless it is in parentheses in
 * the text (the parse tree keeps no parentheses; its positions do), gives the {@code ^} only its nearer operand.
 */
final class CaretPrecedence {
    /** Calcite's operators that PostgreSQL's {@code ^} binds more tightly than (Calcite's binds the same or looser). */
    private static final Set<SqlOperator> LOOSER = Set.of(SqlStdOperatorTable.PLUS, SqlStdOperatorTable.MINUS,
            SqlStdOperatorTable.MULTIPLY, SqlStdOperatorTable.DIVIDE, SqlStdOperatorTable.PERCENT_REMAINDER,
            SqlStdOperatorTable.CONCAT, SqlStdOperatorTable.BITAND_OPERATOR);

    private final String text;
    private final int[] lineStarts;

    private CaretPrecedence(String text, int[] lineStarts) {
        this.text = text;
        this.lineStarts = lineStarts;
    }

    /**
     * {@code parsed} (a statement, an expression or a list of statements read from {@code text}, whose line {@code i}
     * starts at {@code lineStarts[i - 1]}) with every {@code ^} made PostgreSQL's.
     */
    static <T> T apply(String text, int[] lineStarts, T parsed) {
        return text.indexOf('^') < 0 ? parsed : SqlTrees.rewrite(parsed, new CaretPrecedence(text, lineStarts)::walk);
    }

    private SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, this::walk);
        }
        if (!(node instanceof SqlCall call)) {
            return node;
        }
        SqlTrees.rewriteOperands(call, this::walk);
        return isCaret(call) ? power(call.operand(0), call.operand(1)) : call;
    }

    private static boolean isCaret(SqlCall call) {
        return call.getOperator() == SqlStdOperatorTable.BITXOR_OPERATOR && call.operandCount() == 2;
    }

    /** {@code left ^ right} as PostgreSQL groups it, its {@code ^} made POWER (its operands already rewritten). */
    private SqlNode power(SqlNode left, SqlNode right) {
        if (isLooser(left)) {
            // (a op b) ^ c as Calcite read it is a op (b ^ c)
            SqlCall l = (SqlCall) left;
            return rebuilt(l, l.operand(0), power(l.operand(1), right));
        }
        if (isLooser(right)) {
            // a ^ (b op c) as Calcite read it is (a ^ b) op c
            SqlCall r = (SqlCall) right;
            return rebuilt(r, power(left, r.operand(0)), r.operand(1));
        }
        // from its left operand to its right one (the caret's call may start further left: 10 % 3 ^ 2)
        return SqlStdOperatorTable.POWER.createCall(left.getParserPosition(), left, right);
    }

    private static SqlNode rebuilt(SqlCall call, SqlNode left, SqlNode right) {
        return call.getOperator().createCall(call.getParserPosition(), left, right);
    }

    /** Whether {@code node} is a looser operator's call not in parentheses of its own in the text. */
    private boolean isLooser(SqlNode node) {
        return node instanceof SqlBasicCall call && call.operandCount() == 2 && LOOSER.contains(call.getOperator())
                && !isParenthesized(call.getParserPosition());
    }

    /** Whether the text at {@code pos} is a parenthesis and the one that closes it, ending it. */
    private boolean isParenthesized(SqlParserPos pos) {
        return isParenthesized(text, lineStarts, pos);
    }

    /** Whether {@code text} at {@code pos} is a parenthesis and the one that closes it, ending it. */
    static boolean isParenthesized(String text, int[] lineStarts, SqlParserPos pos) {
        int start = offset(lineStarts, pos.getLineNum(), pos.getColumnNum());
        int end = offset(lineStarts, pos.getEndLineNum(), pos.getEndColumnNum());
        if (start < 0 || end <= start || end >= text.length() || text.charAt(start) != '('
                || text.charAt(end) != ')') {
            return false;
        }
        int depth = 0;
        for (int i = start; i <= end; i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, i + 1); // a doubled quote closes and opens again: the same depth
                if (close < 0) {
                    return false;
                }
                i = close;
            } else if (c == '-' && i + 1 <= end && text.charAt(i + 1) == '-') {
                int eol = text.indexOf('\n', i);
                i = eol < 0 ? text.length() : eol;
            } else if (c == '/' && i + 1 <= end && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2); // (nested comments: a parenthesis in one is rare enough)
                if (close < 0) {
                    return false;
                }
                i = close + 1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i == end;
            }
        }
        return false;
    }

    private static int offset(int[] lineStarts, int line, int column) {
        if (line < 1 || line > lineStarts.length || column < 1) {
            return -1;
        }
        return lineStarts[line - 1] + column - 1;
    }
}
