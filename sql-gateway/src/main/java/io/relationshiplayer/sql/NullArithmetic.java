package io.relationshiplayer.sql;

import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Arithmetic on a NULL literal is NULL, folded as the statement is converted: Calcite otherwise leaves a constant call
 * such as {@code 1 / NULL} that its monotonicity check of {@code *} then reads as a literal and fails on
 * ({@code SELECT 1 / - CAST(NULL AS INTEGER) * 2}: an AssertionError instead of NULL).
 */
final class NullArithmetic implements SqlRexConvertletTable {
    private static final Set<SqlKind> STRICT = EnumSet.of(SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE,
            SqlKind.MOD, SqlKind.MINUS_PREFIX, SqlKind.PLUS_PREFIX);

    private final SqlRexConvertletTable delegate;

    NullArithmetic(SqlRexConvertletTable delegate) {
        this.delegate = delegate;
    }

    @Override
    public SqlRexConvertlet get(org.apache.calcite.sql.SqlCall call) {
        SqlRexConvertlet convertlet = delegate.get(call);
        if (convertlet == null || !STRICT.contains(call.getKind())) {
            return convertlet;
        }
        return (cx, c) -> {
            RexNode converted = convertlet.convertCall(cx, c);
            if (converted instanceof RexCall rc && rc.getType().isNullable()
                    && rc.getOperands().stream().anyMatch(o -> RexUtil.isNullLiteral(o, true))) {
                return cx.getRexBuilder().makeNullLiteral(rc.getType());
            }
            return converted;
        };
    }
}
