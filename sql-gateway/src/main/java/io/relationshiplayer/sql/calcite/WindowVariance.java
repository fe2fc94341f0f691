package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * STDDEV, VARIANCE and their _POP and _SAMP forms as window functions ({@code OVER}), computed as their aggregates are
 * ({@link ExactVariance}): exactly for exact numbers, by PostgreSQL's running sums for floating ones. Calcite's
 * conversion expands a windowed variance into window sums of the values and of their squares, in the values' type or in
 * doubles (the last digits of a deviation of integers wrong, a BIGINT's squares past its range). Only a window
 * function reaches this conversion: an aggregate's call is converted with its GROUP BY, which ExactVariance rewrites.
 */
public final class WindowVariance {
    private WindowVariance() {
    }

    /** {@code delegate}'s conversions, a windowed variance's replaced. */
    public static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            SqlKind kind = call.getOperator().getKind();
            if (convertlet == null || call.operandCount() != 1 || !(kind == SqlKind.STDDEV_POP
                    || kind == SqlKind.STDDEV_SAMP || kind == SqlKind.VAR_POP || kind == SqlKind.VAR_SAMP)) {
                return convertlet;
            }
            return (cx, c) -> {
                RelDataType result = cx.getValidator().getValidatedNodeType(c);
                RelDataType arg = cx.getValidator().getValidatedNodeType(c.operand(0));
                SqlUserDefinedAggFunction f = ExactVariance.function(kind, result, arg);
                if (f == null) {
                    return convertlet.convertCall(cx, c);
                }
                // the values as the result's type, as for the aggregate (a DECIMAL's scale is the result's)
                return cx.getRexBuilder().makeCall(result, f, List.of(cx.getRexBuilder().makeCast(result,
                        cx.convertExpression(c.operand(0)))));
            };
        };
    }
}
