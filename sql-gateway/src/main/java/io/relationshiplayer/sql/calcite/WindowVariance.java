package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * STDDEV, STDDEV_POP, VARIANCE and VAR_POP as window functions ({@code OVER}) as PostgreSQL computes them, by the
 * functions of {@link ExactVariance} over the window: of exact numbers exactly (PostgreSQL's numeric), of doubles by
 * PostgreSQL's running sums. Calcite's conversion rewrote them to sums of the values and of their squares in doubles
 * (the last digits of a STDDEV of integers were wrong; of doubles near 1e15 the difference of the sums went negative,
 * 2201F). Its convertlet is the only one that sees a windowed aggregate: an aggregate of GROUP BY is converted
 * without it and rewritten by {@link ExactVariance}.
 */
public final class WindowVariance {
    private WindowVariance() {
    }

    /** {@code delegate}'s conversions, with the windowed variances and deviations ours. */
    public static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            if (call.operandCount() != 1) {
                return convertlet;
            }
            return switch (call.getKind()) {
                case STDDEV_POP, STDDEV_SAMP, VAR_POP, VAR_SAMP -> (cx, c) -> {
                    RelDataType type = cx.getValidator().getValidatedNodeType(c);
                    RexNode x = cx.convertExpression(c.operand(0));
                    SqlUserDefinedAggFunction f = ExactVariance.function(c.getKind(), x.getType(), type);
                    if (f == null) {
                        return convertlet.convertCall(cx, c);
                    }
                    RexBuilder rex = cx.getRexBuilder();
                    return rex.makeCall(type, f, List.of(rex.makeCast(type, x, true, false)));
                };
                default -> convertlet;
            };
        };
    }
}
