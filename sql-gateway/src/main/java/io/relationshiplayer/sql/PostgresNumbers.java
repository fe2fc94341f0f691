package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.NumericFunctions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * PostgreSQL's {@code round(x [, digits])}, {@code trunc(x [, digits])} and {@code div(a, b)} ({@link NumericFunctions}
 * runs them). Of a numeric (an exact number; an integer is one with two arguments) they are a numeric of
 * {@code max(digits, 0)} decimals when {@code digits} is a constant ({@code round(1234.5678, -2)} is 1200,
 * {@code trunc(1234.5678, 2)} 1234.56; else the operand's decimals), rounding half away from zero; of a double, or
 * of an integer alone, a double ({@code round} ties to even, as PostgreSQL's {@code rint}); a double with digits,
 * which PostgreSQL has not, is a double rounded half up (Calcite's) or truncated to the decimals. {@code div} is the integer quotient, truncated toward zero, of two
 * exact numbers (22012 by zero). Calcite's ROUND kept its operand's type ({@code round(9.5, -1)} was 22003, a double
 * was rounded half up) and it had no {@code trunc} or {@code div}. The calls named round are given this operator
 * before validation ({@link #resolve}); its kind, not Calcite's ROUND's, keeps the validator's lookup from finding
 * Calcite's again.
 */
final class PostgresNumbers {
    /**
     * A number; or a number and an integer, never coerced (a double with digits is our extension, kept from
     * Calcite's ROUND: PostgreSQL has no such function).
     */
    private static final org.apache.calcite.sql.type.SqlOperandTypeChecker ROUNDED_OPERANDS = strict(1, 2,
            b -> (SqlTypeUtil.isNumeric(b.getOperandType(0)) || isNull(b, 0))
                    && (b.getOperandCount() == 1 || SqlTypeUtil.isIntType(b.getOperandType(1)) || isNull(b, 1)));
    /** Two exact numbers, never coerced. */
    private static final org.apache.calcite.sql.type.SqlOperandTypeChecker EXACT_OPERANDS = strict(2, 2,
            b -> (SqlTypeUtil.isExactNumeric(b.getOperandType(0)) || isNull(b, 0))
                    && (SqlTypeUtil.isExactNumeric(b.getOperandType(1)) || isNull(b, 1)));

    private static boolean isNull(org.apache.calcite.sql.SqlCallBinding b, int i) {
        return SqlTypeUtil.isNull(b.getOperandType(i));
    }

    /** Operands of {@code min} to {@code max} that {@code ok} takes as they are; else 42883 at the call. */
    private static org.apache.calcite.sql.type.SqlOperandTypeChecker strict(int min, int max,
            java.util.function.Predicate<org.apache.calcite.sql.SqlCallBinding> ok) {
        return new org.apache.calcite.sql.type.SqlOperandTypeChecker() {
            @Override
            public boolean checkOperandTypes(org.apache.calcite.sql.SqlCallBinding binding, boolean throwOnFailure) {
                if (ok.test(binding)) {
                    return true;
                }
                if (throwOnFailure) {
                    throw noFunction(binding.getCall(), binding.getOperator().getName(),
                            binding.collectOperandTypes());
                }
                return false;
            }

            @Override
            public org.apache.calcite.sql.SqlOperandCountRange getOperandCountRange() {
                return org.apache.calcite.sql.type.SqlOperandCountRanges.between(min, max);
            }

            @Override
            public String getAllowedSignatures(SqlOperator op, String opName) {
                return opName + "(<NUMERIC>...)";
            }
        };
    }

    static final SqlFunction ROUND = function("ROUND", SqlKind.OTHER);
    static final SqlFunction TRUNC = function("TRUNC", SqlKind.OTHER_FUNCTION);
    static final SqlFunction DIV = new SqlFunction("DIV", SqlKind.OTHER_FUNCTION, PostgresNumbers::quotientType,
            null, EXACT_OPERANDS, SqlFunctionCategory.NUMERIC);

    private static final SqlUserDefinedFunction ROUND_NUMERIC = udf("rl_round", "round", SqlTypeName.DECIMAL);
    private static final SqlUserDefinedFunction TRUNC_NUMERIC = udf("rl_trunc", "trunc", SqlTypeName.DECIMAL);
    private static final SqlUserDefinedFunction ROUND_DOUBLE = udf("rl_round_double", "roundDouble",
            SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction TRUNC_DOUBLE = udf("rl_trunc_double", "truncDouble",
            SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction ROUND_DOUBLE_TO = udf("rl_round_double_to", "roundDoubleTo",
            SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction TRUNC_DOUBLE_TO = udf("rl_trunc_double_to", "truncDoubleTo",
            SqlTypeName.DOUBLE);
    private static final SqlUserDefinedFunction DIV_NUMERIC = udf("rl_div", "div", SqlTypeName.DECIMAL);

    private PostgresNumbers() {
    }

    private static SqlFunction function(String name, SqlKind kind) {
        return new SqlFunction(name, kind, PostgresNumbers::roundedType, null, ROUNDED_OPERANDS,
                SqlFunctionCategory.NUMERIC);
    }


    private static SqlUserDefinedFunction udf(String name, String method, SqlTypeName type) {
        return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
                ReturnTypes.explicit(type).andThen(org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), null,
                null, ScalarFunctionImpl.create(NumericFunctions.class, method));
    }

    /** PostgreSQL's error for a function of operand types it has not: 42883 at the call. */
    private static SqlException noFunction(SqlCall call, String name, List<RelDataType> types) {
        StringBuilder sb = new StringBuilder("function ").append(name.toLowerCase(Locale.ROOT)).append('(');
        for (int i = 0; i < types.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(ValidationErrors.typeName(types.get(i)));
        }
        SqlParserPos p = call.getParserPosition();
        return new SqlException(SqlException.UNDEFINED_FUNCTION, sb.append(") does not exist").toString(),
                p.getLineNum(), p.getColumnNum(), null);
    }

    /**
     * PostgreSQL has no remainder of a double or real ({@code 10 % 3 ^ 2}, {@code mod(7.5::float8, 2)}): 42883 at the
     * operator or the function, where Calcite computed one.
     */
    static void refuseApproximateRemainder(org.apache.calcite.sql.validate.SqlValidator validator, SqlCall call) {
        RelDataType a = written(validator, call.operand(0));
        RelDataType b = written(validator, call.operand(1));
        if (!isDouble(a) && !isDouble(b)) {
            return;
        }
        if (call.getOperator() == SqlStdOperatorTable.PERCENT_REMAINDER) {
            SqlParserPos p = call.getParserPosition();
            throw new SqlException(SqlException.UNDEFINED_FUNCTION, "operator does not exist: "
                    + ValidationErrors.typeName(a) + " % " + ValidationErrors.typeName(b), null,
                    ValidationMessages.OPERATOR_HINT, p.getLineNum(), p.getColumnNum(), null);
        }
        throw noFunction(call, "mod", List.of(a, b));
    }

    /** The type of {@code n} as written: under the cast to an exact number Calcite's type coercion put on it. */
    private static RelDataType written(org.apache.calcite.sql.validate.SqlValidator validator, SqlNode n) {
        if (n instanceof SqlCall c && c.getKind() == SqlKind.CAST && c.operandCount() == 2
                && c.operand(1).getParserPosition().equals(SqlParserPos.ZERO)) { // coercion's type has no place
            return validator.getValidatedNodeType(c.operand(0));
        }
        return validator.getValidatedNodeType(n);
    }

    /** Gives a call of {@code round} (an unresolved function, before validation) this class's ROUND. */
    static void resolve(SqlBasicCall call) {
        if (call.getOperator() instanceof org.apache.calcite.sql.SqlUnresolvedFunction f
                && f.getName().toUpperCase(Locale.ROOT).equals("ROUND")) {
            call.setOperator(ROUND);
        }
    }

    private static boolean isDouble(RelDataType t) {
        return SqlTypeUtil.isApproximateNumeric(t);
    }

    private static RelDataType roundedType(SqlOperatorBinding b) {
        RelDataTypeFactory types = b.getTypeFactory();
        boolean nullable = false;
        for (int i = 0; i < b.getOperandCount(); i++) {
            nullable |= b.getOperandType(i).isNullable();
        }
        RelDataType x = b.getOperandType(0);
        if (isDouble(x) || b.getOperandCount() == 1 && !SqlTypeUtil.isDecimal(x)) {
            return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DOUBLE), nullable);
        }
        int scale = SqlTypeUtil.isDecimal(x) ? x.getScale() : 0;
        int integerDigits = (SqlTypeUtil.isDecimal(x) ? x.getPrecision() : digits(x)) - scale;
        int digits = 0;
        if (b.getOperandCount() == 2) {
            Integer d = b.isOperandLiteral(1, false) && !b.isOperandNull(1, false)
                    ? b.getOperandLiteralValue(1, Integer.class) : null;
            digits = d == null ? scale : d;
        }
        int max = types.getTypeSystem().getMaxNumericPrecision();
        int newScale = Math.max(0, Math.min(digits, max - integerDigits - 1));
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL,
                Math.min(max, integerDigits + 1 + newScale), newScale), nullable);
    }

    private static RelDataType quotientType(SqlOperatorBinding b) {
        RelDataTypeFactory types = b.getTypeFactory();
        RelDataType a = b.getOperandType(0);
        RelDataType d = b.getOperandType(1);
        int digits = (SqlTypeUtil.isDecimal(a) ? a.getPrecision() - a.getScale() : digits(a))
                + (SqlTypeUtil.isDecimal(d) ? d.getScale() : 0);
        int max = types.getTypeSystem().getMaxNumericPrecision();
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, Math.min(max, digits), 0),
                a.isNullable() || d.isNullable());
    }

    /** The decimal digits an integer type holds. */
    private static int digits(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            default -> 19;
        };
    }

    /** The conversion of {@code op}'s calls, or null if it is none of these. */
    static SqlRexConvertlet convertlet(SqlOperator op) {
        if (op == ROUND || op == TRUNC) {
            boolean round = op == ROUND;
            return (cx, c) -> {
                RexBuilder rex = cx.getRexBuilder();
                RelDataType type = cx.getValidator().getValidatedNodeType(c);
                RexNode x = cx.convertExpression(c.operand(0));
                if (type.getSqlTypeName() == SqlTypeName.DOUBLE) {
                    RexNode d = rex.makeCast(type, x, true, false);
                    if (c.operandCount() > 1) {
                        return rex.makeCall(type, round ? ROUND_DOUBLE_TO : TRUNC_DOUBLE_TO, List.of(d,
                                rex.makeCast(cx.getTypeFactory().createTypeWithNullability(cx.getTypeFactory()
                                        .createSqlType(SqlTypeName.INTEGER), true), cx.convertExpression(
                                                c.operand(1)), true, false)));
                    }
                    return rex.makeCall(type, round ? ROUND_DOUBLE : TRUNC_DOUBLE, List.of(d));
                }
                RelDataType decimal = SqlTypeUtil.isDecimal(x.getType()) ? x.getType()
                        : cx.getTypeFactory().createTypeWithNullability(cx.getTypeFactory().createSqlType(
                                SqlTypeName.DECIMAL, digits(x.getType()), 0), x.getType().isNullable());
                List<RexNode> args = new ArrayList<>();
                args.add(rex.makeCast(decimal, x, true, false));
                RexNode digits = c.operandCount() > 1 ? cx.convertExpression(c.operand(1))
                        : rex.makeExactLiteral(java.math.BigDecimal.ZERO);
                args.add(rex.makeCast(cx.getTypeFactory().createTypeWithNullability(
                        cx.getTypeFactory().createSqlType(SqlTypeName.INTEGER), true), digits, true, false));
                args.add(rex.makeExactLiteral(java.math.BigDecimal.valueOf(type.getScale())));
                return rex.makeCall(type, round ? ROUND_NUMERIC : TRUNC_NUMERIC, args);
            };
        }
        if (op == DIV) {
            return (cx, c) -> {
                RexBuilder rex = cx.getRexBuilder();
                List<RexNode> args = new ArrayList<>();
                for (SqlNode operand : c.getOperandList()) {
                    RexNode n = cx.convertExpression(operand);
                    RelDataType t = n.getType();
                    RelDataType decimal = SqlTypeUtil.isDecimal(t) ? t : cx.getTypeFactory()
                            .createTypeWithNullability(cx.getTypeFactory().createSqlType(SqlTypeName.DECIMAL,
                                    digits(t), 0), t.isNullable());
                    args.add(rex.makeCast(decimal, n, true, false));
                }
                return rex.makeCall(cx.getValidator().getValidatedNodeType(c), DIV_NUMERIC, args);
            };
        }
        return null;
    }
}
