package io.relationshiplayer.sql;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The parse tree of a text {@link PostgresOperators} rewrote, made PostgreSQL's: DISTINCT ON ({@link DistinctOn}),
 * the regular-expression operators ({@link RegexOperators}) and the prefix operators {@code |/} and {@code @}, read as
 * NOT: sqrt and abs of the operand PostgreSQL gives them, which binds more loosely than arithmetic ({@code |/ 16 + 9}
 * is 5, {@code @ -5 + 2} is 3) and more tightly than comparisons ({@code @ -2 = 2} is true).
 */
final class PostgresTree {
    /** Calcite's operators of a NOT's operand that bind more loosely than PostgreSQL's prefix operators. */
    private static final Set<SqlKind> LOOSER = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.GREATER_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_NULL,
            SqlKind.IS_NOT_NULL, SqlKind.IS_TRUE, SqlKind.IS_NOT_TRUE, SqlKind.IS_FALSE, SqlKind.IS_NOT_FALSE,
            SqlKind.IS_UNKNOWN, SqlKind.IS_DISTINCT_FROM, SqlKind.IS_NOT_DISTINCT_FROM,
            SqlKind.LIKE, SqlKind.SIMILAR, SqlKind.BETWEEN, SqlKind.IN, SqlKind.NOT_IN, SqlKind.RLIKE);

    /** Calcite's operators that bind more tightly than PostgreSQL's prefix operators. */
    private static final Set<SqlOperator> TIGHTER = Set.of(SqlStdOperatorTable.PLUS, SqlStdOperatorTable.MINUS,
            SqlStdOperatorTable.MULTIPLY, SqlStdOperatorTable.DIVIDE, SqlStdOperatorTable.PERCENT_REMAINDER,
            SqlStdOperatorTable.POWER);

    /**
     * Calcite's {@code %}, whose copies keep its position (the validator copies a call as it qualifies its names, and
     * Calcite's createCall widens the position to the operands'); the validator's lookup gives the call Calcite's
     * operator back as it types it.
     */
    private static final SqlOperator PERCENT = new org.apache.calcite.sql.SqlBinaryOperator("%", SqlKind.MOD, 60,
            true, org.apache.calcite.sql.type.ReturnTypes.NULLABLE_MOD, null,
            org.apache.calcite.sql.type.OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC) {
        @Override
        public SqlCall createCall(org.apache.calcite.sql.SqlLiteral quantifier, SqlParserPos pos,
                                  SqlNode... operands) {
            return new SqlBasicCall(this, java.util.Arrays.asList(operands), pos, quantifier);
        }
    };

    private final String text;
    private final int[] lineStarts;
    /** The calls a prefix operator's function was pushed under ({@link #pushDown}). */
    private final Set<SqlNode> lifted = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private PostgresTree(String text, int[] lineStarts) {
        this.text = text;
        this.lineStarts = lineStarts;
    }

    /** {@code parsed}, read from {@code text} (whose line {@code i} starts at {@code lineStarts[i - 1]}), rewritten. */
    static <T> T apply(String text, int[] lineStarts, T parsed) {
        if (!(PostgresOperators.mayRewrite(text) || text.indexOf('%') >= 0)) {
            return parsed;
        }
        return SqlTrees.rewrite(parsed, new PostgresTree(text, lineStarts)::walk);
    }

    private SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, this::walk);
        }
        if (!(node instanceof SqlCall call)) {
            return node;
        }
        if (call instanceof SqlOrderBy order && DistinctOn.isDistinctOn(order.query)) {
            DistinctOn.rewrite((SqlSelect) order.query, order.orderList);
        } else if (DistinctOn.isDistinctOn(call)) {
            SqlSelect select = (SqlSelect) call;
            DistinctOn.rewrite(select, select.getOrderList());
        }
        if (isPrefix(call)) {
            return pushDown(prefixFunction(call), call.getParserPosition(), walk(call.operand(0)));
        }
        SqlTrees.rewriteOperands(call, this::walk);
        if (call instanceof SqlBasicCall && call.operandCount() == 2 && TIGHTER.contains(call.getOperator())
                && lifted.contains(call.operand(1))) {
            // 1 + @ 2 = 3 is (1 + @2) = 3: Calcite's NOT took the comparison, so this operator goes under it
            SqlCall looser = call.operand(1);
            SqlCall deepest = looser;
            while (deepest.operand(0) instanceof SqlCall l && lifted.contains(l)) {
                deepest = l;
            }
            deepest.setOperand(0, call.getOperator().createCall(call.getParserPosition(), call.operand(0),
                    deepest.operand(0)));
            return looser;
        }
        if (RegexOperators.isRlike(call)) {
            return atOperator((SqlCall) RegexOperators.of(call, operatorText(call)), "~!");
        }
        if (call.getOperator() == SqlStdOperatorTable.PERCENT_REMAINDER && call.operandCount() == 2) {
            return atOperator(call, "%");
        }
        return call;
    }

    /**
     * {@code fn} of {@code e}, Calcite's operand of a NOT, pushed down the left side of the operators that bind more
     * loosely than PostgreSQL's prefix operators (comparisons, IS, LIKE, BETWEEN, IN; and ||, ~, which bind as
     * tightly, from the left) to the operand PostgreSQL gives it: {@code @ a = b} is {@code abs(a) = b}.
     */
    private SqlNode pushDown(SqlOperator fn, SqlParserPos pos, SqlNode e) {
        if (e instanceof SqlBasicCall c && c.operandCount() >= 1 && isLooser(c)
                && !CaretPrecedence.isParenthesized(text, lineStarts, c.getParserPosition())) {
            c.setOperand(0, pushDown(fn, pos, c.operand(0)));
            lifted.add(c);
            return c;
        }
        return fn.createCall(pos, e);
    }

    private static boolean isLooser(SqlCall c) {
        return LOOSER.contains(c.getKind()) || c.getOperator() == SqlStdOperatorTable.CONCAT
                || c.getOperator() == RegexOperators.MATCH || c.getOperator() == RegexOperators.MATCH_CASELESS
                || c.getOperator() == RegexOperators.NOT_MATCH || c.getOperator() == RegexOperators.NOT_MATCH_CASELESS;
    }

    /** Whether {@code call} is a prefix {@code |/} or {@code @} read as a unary plus. */
    private boolean isPrefix(SqlCall call) {
        return call.getOperator() == SqlStdOperatorTable.NOT
                && (startsWithInParentheses(call, "@") || startsWithInParentheses(call, "|/"));
    }

    private SqlOperator prefixFunction(SqlCall prefix) {
        return startsWithInParentheses(prefix, "@") ? SqlStdOperatorTable.ABS : SqlStdOperatorTable.SQRT;
    }

    /** Whether the text at {@code call}'s position, past opening parentheses (its own), starts with {@code s}. */
    private boolean startsWithInParentheses(SqlCall call, String s) {
        int at = offset(call.getParserPosition().getLineNum(), call.getParserPosition().getColumnNum());
        while (at >= 0 && at < text.length() && (text.charAt(at) == '(' || Character.isWhitespace(text.charAt(at)))) {
            at++;
        }
        return at >= 0 && text.regionMatches(true, at, s, 0, s.length());
    }

    /**
     * {@code call} positioned at its operator (the first of the characters {@code op} between its operands), as
     * PostgreSQL places an operator's errors ({@code 10 % 3 ^ 2}: operator does not exist: integer % double precision,
     * at the {@code %}).
     */
    private SqlCall atOperator(SqlCall call, String op) {
        SqlParserPos left = call.operand(0).getParserPosition();
        SqlParserPos right = call.operand(1).getParserPosition();
        int from = offset(left.getEndLineNum(), left.getEndColumnNum());
        int to = offset(right.getLineNum(), right.getColumnNum());
        if (from < 0 || to < 0 || to > text.length()) {
            return call;
        }
        int at = from + 1;
        while (at < to && op.indexOf(text.charAt(at)) < 0) {
            at++;
        }
        if (at >= to) {
            return call;
        }
        int line = java.util.Arrays.binarySearch(lineStarts, at);
        line = line >= 0 ? line + 1 : -line - 1;
        SqlParserPos pos = new SqlParserPos(line, at - lineStarts[line - 1] + 1, right.getEndLineNum(),
                right.getEndColumnNum());
        // (createCall would widen the position to the operands')
        SqlOperator operator = call.getOperator() == SqlStdOperatorTable.PERCENT_REMAINDER ? PERCENT
                : call.getOperator();
        return new SqlBasicCall(operator, List.of(call.operand(0), call.operand(1)), pos);
    }

    /** The text from the first {@code ~} or {@code !} between {@code call}'s two operands ("" if none). */
    private String operatorText(SqlCall call) {
        SqlParserPos left = call.operand(0).getParserPosition();
        SqlParserPos right = call.operand(1).getParserPosition();
        int from = offset(left.getEndLineNum(), left.getEndColumnNum());
        int to = offset(right.getLineNum(), right.getColumnNum());
        if (from < 0 || to < 0 || to > text.length()) {
            return "";
        }
        for (int i = from + 1; i < to; i++) {
            char c = text.charAt(i);
            if (c == '~' || c == '!') {
                return text.substring(i, Math.min(to, i + 3));
            }
        }
        return "";
    }

    private int offset(int line, int column) {
        if (line < 1 || line > lineStarts.length || column < 1) {
            return -1;
        }
        return lineStarts[line - 1] + column - 1;
    }
}
