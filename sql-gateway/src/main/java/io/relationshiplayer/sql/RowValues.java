package io.relationshiplayer.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A row value ({@code (a, b)}, {@code ROW(a, b)}) where Calcite gives a wrong result, refused with 0A000 at the row
 * after parsing: as a function's or an aggregate's argument ({@code count(DISTINCT (a, b))} counted every row, as
 * Calcite's rows compare by identity; PostgreSQL counts distinct rows) and as a select-list item ({@code SELECT
 * DISTINCT (a, b)} kept duplicates). Rows in comparisons, IN, VALUES and GROUP BY are Calcite's and right.
 */
final class RowValues {
    private RowValues() {
    }

    /** {@code node}, after checking it has no such row (0A000 otherwise). */
    static <T extends SqlNode> T check(T node) {
        if (node != null) {
            node.accept(new SqlBasicVisitor<Void>() {
                @Override
                public Void visit(SqlCall call) {
                    if (call instanceof SqlSelect select && select.getSelectList() != null) {
                        for (SqlNode item : select.getSelectList()) {
                            SqlNode e = item != null && item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0)
                                    : item;
                            refuse(e, "a row value in a select list");
                        }
                    }
                    if (call.getOperator() instanceof SqlFunction) {
                        for (SqlNode operand : call.getOperandList()) {
                            refuse(operand, "a row value as an argument of " + call.getOperator().getName()
                                    .toLowerCase(java.util.Locale.ROOT));
                        }
                    }
                    return super.visit(call);
                }
            });
        }
        return node;
    }

    private static void refuse(SqlNode node, String what) {
        if (node != null && node.getKind() == SqlKind.ROW) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, what + " is not supported",
                    node.getParserPosition().getLineNum(), node.getParserPosition().getColumnNum(), null);
        }
    }
}
