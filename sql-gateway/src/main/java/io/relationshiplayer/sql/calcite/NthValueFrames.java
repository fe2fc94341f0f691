package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.Program;

/**
 * PostgreSQL's {@code nth_value(x, n)}: the n-th row of the window frame, NULL if the frame has fewer rows. Calcite's
 * counts n from the frame's start but checks only that the row lies in the partition, so it read past the frame's
 * end ({@code nth_value(x, 2) OVER (ORDER BY x)} on the first row was the second row's x). Rewritten, before the plan
 * is optimized, to {@code CASE WHEN count(*) OVER w >= n THEN nth_value(x, n) OVER w END} over the same window.
 */
public final class NthValueFrames {
    private NthValueFrames() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    /** {@code rel} with its nth_value calls kept in their frames. */
    static RelNode rewrite(RelNode rel) {
        return CallRewrites.apply(rel, Rewrite::new);
    }

    private static final class Rewrite implements CallRewrites.Rewrite {
        private final RexBuilder rex;

        Rewrite(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode call(RexCall call) {
            return call;
        }

        @Override
        public RexNode over(RexOver over) {
            if (over.getOperator().getKind() != SqlKind.NTH_VALUE || over.getOperands().size() != 2) {
                return over;
            }
            RexWindow w = over.getWindow();
            RelDataType bigint = rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
            RexNode rows = rex.makeOver(bigint, SqlStdOperatorTable.COUNT, List.of(), w.partitionKeys, w.orderKeys,
                    w.getLowerBound(), w.getUpperBound(), w.getExclude(), w.isRows(), true, false, false, false);
            RexNode n = over.getOperands().get(1);
            RexNode inFrame = rex.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, rows,
                    rex.makeCast(rex.getTypeFactory().createTypeWithNullability(bigint, n.getType().isNullable()), n,
                            true, false));
            RelDataType type = rex.getTypeFactory().createTypeWithNullability(over.getType(), true);
            return rex.makeCall(type, SqlStdOperatorTable.CASE, List.of(inFrame,
                    rex.makeCast(type, over, true, false), rex.makeNullLiteral(type)));
        }
    }
}
