package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The expression builder of a statement's planning, checking for a cancel at every call expression it makes: the
 * conversion, the simplifier and every rule build their expressions through it, so a cancel stops even a single step
 * of them (Calcite's simplifier spends hundreds of milliseconds on one OR of a few hundred terms) at its next call.
 */
public final class CheckedRexBuilder extends RexBuilder {
    public CheckedRexBuilder(RelDataTypeFactory typeFactory) {
        super(typeFactory);
    }

    @Override
    public RexNode makeCall(SqlParserPos pos, RelDataType returnType, SqlOperator op, List<RexNode> exprs) {
        StatementCancel.checkPreparing();
        return super.makeCall(pos, returnType, op, exprs);
    }

    /**
     * As RexBuilder's, except that an interval literal cast to text is PostgreSQL's text ({@link IntervalFunctions},
     * {@code 1 day}): RexBuilder and the simplifier would fold it to Calcite's ({@code +1}); and a number cast to REAL
     * that a REAL cannot hold is 22003, where folding gave an infinity or 0.
     */
    @Override
    public RexNode makeCast(SqlParserPos pos, RelDataType type, RexNode exp, boolean matchNullability,
                            boolean safe, org.apache.calcite.rex.RexLiteral format) {
        if (exp instanceof org.apache.calcite.rex.RexLiteral literal && !literal.isNull()
                && org.apache.calcite.sql.type.SqlTypeUtil.isInterval(literal.getType())
                && org.apache.calcite.sql.type.SqlTypeUtil.inCharFamily(type)) {
            return IntervalFunctions.text(this, matchNullability ? matchNullability(type, exp) : type, exp);
        }
        if (exp instanceof org.apache.calcite.rex.RexLiteral literal && !literal.isNull()
                && type.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.REAL
                && org.apache.calcite.sql.type.SqlTypeUtil.isNumeric(literal.getType())) {
            // folded here, where the generated code's check would never see it (CheckedArithmetic); the value is the
            // REAL's, rounded to a float (a DOUBLE literal kept its digits: 1e-1::real::float8 was 0.1, PostgreSQL
            // 0.10000000149011612)
            double v = ArithmeticChecks.realInRange(literal.getValueAs(Double.class));
            if (SqlTypeUtil.isApproximateNumeric(literal.getType()) && Double.isFinite(v)) {
                return makeApproxLiteral(new java.math.BigDecimal((double) (float) v), matchNullability
                        ? matchNullability(type, exp) : type);
            }
        }
        if (exp instanceof org.apache.calcite.rex.RexLiteral literal && !literal.isNull()
                && org.apache.calcite.sql.type.SqlTypeUtil.isIntType(type)
                && org.apache.calcite.sql.type.SqlTypeUtil.isApproximateNumeric(literal.getType())) {
            // folded as the generated code rounds it: half to even (PostgreSQL's rint), in the type's range
            long[] range = switch (type.getSqlTypeName()) {
                case TINYINT -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                case SMALLINT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                case INTEGER -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            };
            // NaN, an infinity or a value past the range is 22003 before any BigDecimal is made of it
            java.math.BigDecimal v = new java.math.BigDecimal(ArithmeticChecks.doubleInRange(
                    literal.getValueAs(Double.class), range[0], range[1]));
            return makeLiteral(v.setScale(0, java.math.RoundingMode.UNNECESSARY), matchNullability
                    ? matchNullability(type, exp) : type, false);
        }
        return super.makeCast(pos, type, exp, matchNullability, safe, format);
    }

    @Override
    public RexNode makeCall(SqlParserPos pos, SqlOperator op, List<? extends RexNode> exprs) {
        StatementCancel.checkPreparing();
        return super.makeCall(pos, op, exprs);
    }
}
