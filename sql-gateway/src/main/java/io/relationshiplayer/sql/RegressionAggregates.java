package io.relationshiplayer.sql;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * PostgreSQL's aggregates of pairs {@code corr(y, x)}, {@code regr_slope}, {@code regr_intercept} and
 * {@code regr_r2}, which Calcite has not: each is rewritten as the statement is parsed into the aggregates Calcite has,
 * of the pairs where both are not NULL, as doubles: {@code covar_pop(Y, X) / var_pop(X)} for the slope,
 * {@code avg(Y) - avg(X) * slope} for the intercept, {@code covar_pop(Y, X) / sqrt(var_pop(X) * var_pop(Y))} for the
 * correlation, its square for r2; NULL where PostgreSQL's is (no pair, or x constant; r2 is 1 for a constant y).
 * PostgreSQL sums otherwise (Youngs-Cramer), so a result may differ in its last digits. A select item that is such a
 * call keeps its name ({@code corr}); as a window function (OVER) it is not supported (42883, as it was).
 * {@code covar_pop} and {@code covar_samp} (Calcite's) get their arguments as doubles, as PostgreSQL's take them.
 */
final class RegressionAggregates {
    private static final Set<String> NAMES = Set.of("corr", "regr_slope", "regr_intercept", "regr_r2");

    private RegressionAggregates() {
    }

    static <T> T apply(T parsed) {
        return SqlTrees.rewrite(parsed, RegressionAggregates::walk);
    }

    private static SqlNode walk(SqlNode node) {
        if (node instanceof SqlNodeList list) {
            return SqlTrees.rewriteElements(list, RegressionAggregates::walk);
        }
        if (!(node instanceof SqlCall call) || call.getKind() == SqlKind.OVER) {
            return node; // a window of one is left as it is (no such function)
        }
        if (call instanceof SqlSelect select && select.getSelectList() != null) {
            SqlNodeList items = select.getSelectList();
            for (int i = 0; i < items.size(); i++) {
                String name = name(items.get(i));
                if (name != null) {
                    items.set(i, SqlStdOperatorTable.AS.createCall(items.get(i).getParserPosition(), items.get(i),
                            new SqlIdentifier(name, SqlParserPos.ZERO)));
                }
            }
        }
        SqlTrees.rewriteOperands(call, RegressionAggregates::walk);
        String op = call.getOperator().getName().toUpperCase(Locale.ROOT);
        if ((op.equals("COVAR_POP") || op.equals("COVAR_SAMP")) && call.operandCount() == 2) {
            // PostgreSQL's are of double precision: Calcite's of integers computed in integers (covar_samp of 1 and
            // 2 was 1, not 0.5)
            call.setOperand(0, cast(call.operand(0), call.operand(0).getParserPosition()));
            call.setOperand(1, cast(call.operand(1), call.operand(1).getParserPosition()));
            return call;
        }
        String name = name(call);
        return name == null ? call : expand(name, call.operand(0), call.operand(1), call.getParserPosition());
    }

    /** The aggregate's name if {@code node} is a call of one of two arguments, else null. */
    private static String name(SqlNode node) {
        if (node instanceof SqlCall c && c.getKind() == SqlKind.OTHER_FUNCTION && c.operandCount() == 2
                && c.getFunctionQuantifier() == null) {
            String n = c.getOperator().getName().toLowerCase(Locale.ROOT);
            return NAMES.contains(n) ? n : null;
        }
        return null;
    }

    private static SqlNode expand(String name, SqlNode y, SqlNode x, SqlParserPos pos) {
        SqlNode slope = divide(agg("COVAR_POP", pos, pair(y, x, pos), pair(x, y, pos)), varPop(x, y, pos), pos);
        SqlNode value = switch (name) {
            case "regr_slope" -> slope;
            case "regr_intercept" -> SqlStdOperatorTable.MINUS.createCall(pos, agg("AVG", pos, pair(y, x, pos)),
                    SqlStdOperatorTable.MULTIPLY.createCall(pos, agg("AVG", pos, pair(x, y, pos)), slope));
            case "corr" -> divide(agg("COVAR_POP", pos, pair(y, x, pos), pair(x, y, pos)),
                    SqlStdOperatorTable.SQRT.createCall(pos, SqlStdOperatorTable.MULTIPLY.createCall(pos,
                            varPop(x, y, pos), varPop(y, x, pos))), pos);
            default -> divide(SqlStdOperatorTable.MULTIPLY.createCall(pos, agg("COVAR_POP", pos, pair(y, x, pos),
                    pair(x, y, pos)), agg("COVAR_POP", pos, pair(y, x, pos), pair(x, y, pos))),
                    SqlStdOperatorTable.MULTIPLY.createCall(pos, varPop(x, y, pos), varPop(y, x, pos)), pos);
        };
        SqlNodeList when = new SqlNodeList(pos);
        SqlNodeList then = new SqlNodeList(pos);
        when.add(SqlStdOperatorTable.EQUALS.createCall(pos, varPop(x, y, pos), zero(pos)));
        then.add(nullDouble(pos));
        if (name.equals("corr")) {
            when.add(SqlStdOperatorTable.EQUALS.createCall(pos, varPop(y, x, pos), zero(pos)));
            then.add(nullDouble(pos));
        } else if (name.equals("regr_r2")) {
            when.add(SqlStdOperatorTable.EQUALS.createCall(pos, varPop(y, x, pos), zero(pos)));
            then.add(cast(SqlLiteral.createExactNumeric("1", pos), pos));
        }
        return new SqlCase(pos, null, when, then, value);
    }

    /** {@code v} as a double where {@code other} is not NULL, else NULL. */
    private static SqlNode pair(SqlNode v, SqlNode other, SqlParserPos pos) {
        SqlNodeList when = new SqlNodeList(pos);
        SqlNodeList then = new SqlNodeList(pos);
        when.add(SqlStdOperatorTable.IS_NOT_NULL.createCall(pos, copy(other)));
        then.add(cast(copy(v), pos));
        return new SqlCase(pos, null, when, then, nullDouble(pos));
    }

    private static SqlNode varPop(SqlNode v, SqlNode other, SqlParserPos pos) {
        return agg("VAR_POP", pos, pair(v, other, pos));
    }

    private static SqlNode agg(String name, SqlParserPos pos, SqlNode... operands) {
        return (switch (name) {
            case "COVAR_POP" -> SqlStdOperatorTable.COVAR_POP;
            case "VAR_POP" -> SqlStdOperatorTable.VAR_POP;
            default -> SqlStdOperatorTable.AVG;
        }).createCall(pos, List.of(operands));
    }

    private static SqlNode divide(SqlNode a, SqlNode b, SqlParserPos pos) {
        return SqlStdOperatorTable.DIVIDE.createCall(pos, a, b);
    }

    private static SqlNode zero(SqlParserPos pos) {
        return cast(SqlLiteral.createExactNumeric("0", pos), pos);
    }

    private static SqlNode nullDouble(SqlParserPos pos) {
        return cast(SqlLiteral.createNull(pos), pos);
    }

    private static SqlNode cast(SqlNode v, SqlParserPos pos) {
        return SqlStdOperatorTable.CAST.createCall(pos, v, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(
                SqlTypeName.DOUBLE, pos), pos));
    }

    /** A copy of {@code node} of its own (each use of an argument is a tree of its own for the validator). */
    private static SqlNode copy(SqlNode node) {
        return node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                CallCopyingArgHandler handler = new CallCopyingArgHandler(call, true);
                call.getOperator().acceptCall(this, call, false, handler);
                return handler.result();
            }

            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.clone(id.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlLiteral literal) {
                return literal.clone(literal.getParserPosition());
            }
        });
    }
}
