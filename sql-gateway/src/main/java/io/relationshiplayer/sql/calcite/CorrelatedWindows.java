package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * A window function over the rows of a correlated subquery or LATERAL whose correlation filters those rows (the
 * window under the correlation) is refused, 0A000: Calcite's decorrelation moves the correlation's filter above the
 * window, so the window was computed over every row of the table, not the outer row's ({@code (SELECT min(rn) FROM
 * (SELECT row_number() OVER (ORDER BY id) rn FROM t d2 WHERE d2.g = t.g AND d2.id > 1) q)} and DISTINCT ON in such a
 * subquery gave other rows than PostgreSQL's). A window above the correlation (computed over the whole table, then
 * filtered by it) is right and runs. Checked on every plan as converted, before Calcite decorrelates it.
 */
public final class CorrelatedWindows {
    private CorrelatedWindows() {
    }

    /** Refuses {@code root}, a statement's plan as converted (before its decorrelation), if it has such a window. */
    public static void check(RelNode root) {
        RelHomogeneousShuttle[] rels = new RelHomogeneousShuttle[1];
        RexShuttle subQueries = new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                subQuery.rel.accept(rels[0]);
                return subQuery;
            }
        };
        rels[0] = new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                boolean windowed = other instanceof Window || other instanceof Project p
                        && RexOver.containsOver(p.getProjects(), null);
                if (windowed && !RelOptUtil.getVariablesUsed(other.getInput(0)).isEmpty()) {
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a window function (or DISTINCT ON) "
                            + "over rows that a correlated subquery or LATERAL filters by the outer row is not "
                            + "supported: it would be computed over the whole table; join and partition instead");
                }
                other.accept(subQueries);
                return super.visit(other);
            }
        };
        root.accept(rels[0]);
    }
}
