package io.relationshiplayer.sql;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/** The walk of a parsed statement that the parser's rewrites share: each child replaced, in place, by its rewrite. */
final class SqlTrees {
    private SqlTrees() {
    }

    /** {@code parsed} (a statement, an expression or a list of statements) rewritten by {@code rewrite}. */
    static <T> T rewrite(T parsed, UnaryOperator<SqlNode> rewrite) {
        if (!(parsed instanceof SqlNode node)) {
            return parsed;
        }
        @SuppressWarnings("unchecked")
        T out = (T) rewrite.apply(node);
        return out;
    }

    /** Each element of {@code list} (a null stays null) replaced by {@code rewrite} of it; the list itself. */
    static SqlNodeList rewriteElements(SqlNodeList list, UnaryOperator<SqlNode> rewrite) {
        for (int i = 0; i < list.size(); i++) {
            SqlNode n = list.get(i);
            SqlNode w = n == null ? null : rewrite.apply(n);
            if (w != n) {
                list.set(i, w);
            }
        }
        return list;
    }

    /** Each operand of {@code call} (a null stays null) replaced by {@code rewrite} of it. */
    static void rewriteOperands(SqlCall call, UnaryOperator<SqlNode> rewrite) {
        List<SqlNode> operands = call.getOperandList();
        for (int i = 0; i < operands.size(); i++) {
            SqlNode n = operands.get(i);
            SqlNode w = n == null ? null : rewrite.apply(n);
            if (w != n) {
                call.setOperand(i, w);
            }
        }
    }
}
