package io.relationshiplayer.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A bound on what Calcite's validator makes of a statement's COALESCE, NULLIF and simple CASE: it rewrites each into a
 * searched CASE that holds a copy of an operand for each use ({@code COALESCE(a, b)} tests {@code a} and then returns a
 * copy of it), so nested ones grow exponentially: 25 nested COALESCEs are tens of millions of expressions, which the
 * validator walks for minutes in steps that check for no cancel (PostgreSQL evaluates each operand once). A statement
 * whose rewrite would add more than {@value #LIMIT} expressions is refused at once with 54001, at the innermost call
 * whose rewrite passes the bound.
 */
final class RewriteExpansion {
    /** Expressions the rewrites may add to a statement. */
    static final long LIMIT = 100_000;

    private RewriteExpansion() {
    }

    /** {@code node}, after checking that its rewrites stay within the bound (54001 otherwise). */
    static <T extends SqlNode> T check(T node) {
        if (node != null) {
            sizes(node);
        }
        return node;
    }

    /** How many expressions {@code node} has as written and once rewritten (capped); 54001 past the bound. */
    private static long[] sizes(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            long[] total = {0, 0};
            for (SqlNode n : list) {
                plus(total, n == null ? null : sizes(n), 1);
            }
            return total;
        }
        if (!(node instanceof SqlCall call)) {
            return new long[] {1, 1};
        }
        long[] total = {1, 1};
        if (call instanceof SqlCase c && c.getValueOperand() != null) {
            // CASE x WHEN a THEN ...: x compared with each WHEN, a copy of it each time
            plus(total, sizes(c.getValueOperand()), Math.max(1, c.getWhenOperands().size()));
            plus(total, sizes(c.getWhenOperands()), 1);
            plus(total, sizes(c.getThenOperands()), 1);
            plus(total, c.getElseOperand() == null ? null : sizes(c.getElseOperand()), 1);
        } else {
            int n = call.operandCount();
            // the parser leaves most functions unresolved: known by name here
            String name = call.getOperator().getName();
            boolean coalesce = call.getKind() == SqlKind.COALESCE || "COALESCE".equalsIgnoreCase(name);
            boolean nullif = call.getKind() == SqlKind.NULLIF || "NULLIF".equalsIgnoreCase(name);
            for (int i = 0; i < n; i++) {
                SqlNode o = call.operand(i);
                // COALESCE tests each operand but the last and returns a copy of it; NULLIF(a, b) is
                // CASE WHEN a = b THEN NULL ELSE a END
                boolean copied = coalesce && i < n - 1 || nullif && i == 0;
                plus(total, o == null ? null : sizes(o), copied ? 2 : 1);
            }
        }
        if (total[1] - total[0] > LIMIT) {
            SqlParserPos p = call.getParserPosition();
            throw new SqlException(SqlException.STATEMENT_TOO_COMPLEX, "statement too complex: its nested COALESCE, "
                    + "NULLIF or CASE would be rewritten to more than " + LIMIT + " expressions (each copies an "
                    + "operand per use)", p.getLineNum(), p.getColumnNum(), null);
        }
        return total;
    }

    /** Adds {@code part} (null: nothing) to {@code total}, its rewritten size {@code copies} times. */
    private static void plus(long[] total, long[] part, int copies) {
        if (part == null) {
            return;
        }
        total[0] = capped(total[0] + part[0]);
        total[1] = capped(total[1] + (part[1] > CAP / copies ? CAP : part[1] * copies));
    }

    private static final long CAP = Long.MAX_VALUE / 4;

    private static long capped(long n) {
        return n < 0 || n > CAP ? CAP : n;
    }
}
