package io.relationshiplayer.sql;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * PostgreSQL's name for the column of {@code generate_series(...) AS g} in FROM, an alias without a column list: a
 * function of one column of a base type names its column after the alias ({@code SELECT * FROM generate_series(1, 3)
 * g} is a column {@code g}; {@code a CROSS JOIN b} of two series columns {@code a} and {@code b}, where Calcite's were
 * {@code generate_series} and {@code generate_series0}). After parsing, such an alias gets itself as its column list.
 */
final class SeriesNames {
    private SeriesNames() {
    }

    /** {@code node}, each such alias given its column. */
    static <T extends SqlNode> T apply(T node) {
        if (node != null) {
            node.accept(new SqlBasicVisitor<Void>() {
                @Override
                public Void visit(SqlCall call) {
                    if (call instanceof SqlSelect select && select.getFrom() != null) {
                        select.setFrom(named(select.getFrom()));
                    } else if (call instanceof SqlJoin join) {
                        join.setLeft(named(join.getLeft()));
                        join.setRight(named(join.getRight()));
                    }
                    return super.visit(call);
                }
            });
        }
        return node;
    }

    private static SqlNode named(SqlNode item) {
        if (!(item instanceof SqlBasicCall as) || as.getKind() != SqlKind.AS || as.operandCount() != 2
                || !(as.operand(1) instanceof SqlIdentifier alias) || !series(as.operand(0))) {
            return item;
        }
        return SqlStdOperatorTable.AS.createCall(as.getParserPosition(), as.operand(0), alias,
                alias.clone(alias.getParserPosition()));
    }

    /** Whether {@code node} is {@code generate_series(...)} in FROM (a collection table of the call). */
    private static boolean series(SqlNode node) {
        if (node instanceof SqlCall lateral && lateral.getKind() == SqlKind.LATERAL && lateral.operandCount() == 1) {
            return series(lateral.operand(0)); // LATERAL generate_series(...) g (LateralCalls)
        }
        if (!(node instanceof SqlCall table) || table.getKind() != SqlKind.COLLECTION_TABLE
                || table.operandCount() != 1 || !(table.operand(0) instanceof SqlCall fn)) {
            return false;
        }
        String name = fn.getOperator().getName().toLowerCase(Locale.ROOT);
        return name.equals("generate_series") || name.equals("regexp_split_to_table");
    }
}
