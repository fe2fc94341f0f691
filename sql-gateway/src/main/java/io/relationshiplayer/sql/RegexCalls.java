package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.RegexFunctions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * PostgreSQL 15's {@code regexp_count(s, p [, start [, flags]])}, {@code regexp_like(s, p [, flags])},
 * {@code regexp_instr(s, p [, start [, n [, endoption [, flags [, subexpr]]]]])} and
 * {@code regexp_substr(s, p [, start [, n [, flags [, subexpr]]]])} for the validator: texts and integers, a NULL
 * literal typed as the argument it stands for; each converted to a call of its {@link RegexFunctions} method with the
 * defaults of the arguments left out (start 1, n 1, endoption 0, no flags, subexpr 0).
 */
final class RegexCalls {
    private static final SqlTypeFamily TEXT = SqlTypeFamily.CHARACTER;
    private static final SqlTypeFamily INT = SqlTypeFamily.INTEGER;

    /** A function: its operands' families (the first two required), its defaults for the others, its method. */
    private record Shape(List<SqlTypeFamily> families, List<Object> defaults, SqlUserDefinedFunction method) {
    }

    static final SqlFunction COUNT = function("REGEXP_COUNT", SqlTypeName.INTEGER, List.of(TEXT, TEXT, INT, TEXT));
    static final SqlFunction LIKE = function("REGEXP_LIKE", SqlTypeName.BOOLEAN, List.of(TEXT, TEXT, TEXT));
    static final SqlFunction INSTR = function("REGEXP_INSTR", SqlTypeName.INTEGER,
            List.of(TEXT, TEXT, INT, INT, INT, TEXT, INT));
    static final SqlFunction SUBSTR = function("REGEXP_SUBSTR", SqlTypeName.VARCHAR,
            List.of(TEXT, TEXT, INT, INT, TEXT, INT));

    private static final Map<SqlOperator, Shape> SHAPES = Map.of(
            COUNT, new Shape(List.of(TEXT, TEXT, INT, TEXT), List.of(1, ""),
                    method("regexpCount", SqlTypeName.INTEGER)),
            LIKE, new Shape(List.of(TEXT, TEXT, TEXT), List.of(""), method("regexpLike", SqlTypeName.BOOLEAN)),
            INSTR, new Shape(List.of(TEXT, TEXT, INT, INT, INT, TEXT, INT), List.of(1, 1, 0, "", 0),
                    method("regexpInstr", SqlTypeName.INTEGER)),
            SUBSTR, new Shape(List.of(TEXT, TEXT, INT, INT, TEXT, INT), List.of(1, 1, "", 0),
                    method("regexpSubstr", SqlTypeName.VARCHAR)));

    private RegexCalls() {
    }

    private static SqlFunction function(String name, SqlTypeName result, List<SqlTypeFamily> families) {
        return new SqlFunction(name, SqlKind.OTHER_FUNCTION,
                ReturnTypes.explicit(result).andThen(SqlTypeTransforms.TO_NULLABLE),
                (binding, returnType, operandTypes) -> {
                    RelDataTypeFactory types = binding.getTypeFactory();
                    for (int i = 0; i < operandTypes.length; i++) {
                        operandTypes[i] = types.createSqlType(sqlType(families.get(i)));
                    }
                },
                operands(name, families), SqlFunctionCategory.STRING);
    }

    /**
     * Two to all of {@code families}, each of its family or a NULL, never coerced: {@code regexp_count(1, 'a')} is
     * 42883 at the call, as PostgreSQL has no such function.
     */
    private static SqlOperandTypeChecker operands(String name, List<SqlTypeFamily> families) {
        return new SqlOperandTypeChecker() {
            @Override
            public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
                for (int i = 0; i < binding.getOperandCount(); i++) {
                    RelDataType t = binding.getOperandType(i);
                    if (!SqlTypeUtil.isNull(t) && !families.get(i).getTypeNames().contains(t.getSqlTypeName())) {
                        if (!throwOnFailure) {
                            return false;
                        }
                        List<String> types = new ArrayList<>();
                        for (int j = 0; j < binding.getOperandCount(); j++) {
                            types.add(ValidationErrors.typeName(binding.getOperandType(j)));
                        }
                        SqlParserPos p = binding.getCall().getParserPosition();
                        throw new SqlException(SqlException.UNDEFINED_FUNCTION, "function "
                                + name.toLowerCase(java.util.Locale.ROOT) + "(" + String.join(", ", types)
                                + ") does not exist", p.getLineNum(), p.getColumnNum(), null);
                    }
                }
                return true;
            }

            @Override
            public SqlOperandCountRange getOperandCountRange() {
                return SqlOperandCountRanges.between(2, families.size());
            }

            @Override
            public String getAllowedSignatures(SqlOperator op, String opName) {
                return opName + "(" + families + ")";
            }
        };
    }

    private static SqlUserDefinedFunction method(String method, SqlTypeName result) {
        return new SqlUserDefinedFunction(new SqlIdentifier("rl_" + method, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(result).andThen(SqlTypeTransforms.TO_NULLABLE), null,
                null, ScalarFunctionImpl.create(RegexFunctions.class, method));
    }

    private static SqlTypeName sqlType(SqlTypeFamily family) {
        return family == TEXT ? SqlTypeName.VARCHAR : SqlTypeName.INTEGER;
    }

    /** The conversion of {@code op}'s calls, or null if it is none of these. */
    static SqlRexConvertlet convertlet(SqlOperator op) {
        // Calcite's own regexp_like (its PostgreSQL library has one, found first) runs as PostgreSQL's too
        Shape shape = SHAPES.get(op == org.apache.calcite.sql.fun.SqlLibraryOperators.REGEXP_LIKE ? LIKE : op);
        if (shape == null) {
            return null;
        }
        return (cx, c) -> {
            RexBuilder rex = cx.getRexBuilder();
            RelDataTypeFactory types = cx.getTypeFactory();
            List<RexNode> args = new ArrayList<>(shape.families().size());
            for (int i = 0; i < shape.families().size(); i++) {
                RelDataType type = types.createTypeWithNullability(types.createSqlType(sqlType(shape.families()
                        .get(i))), true);
                RexNode arg;
                if (i < c.operandCount()) {
                    arg = cx.convertExpression(c.operand(i));
                } else {
                    Object value = shape.defaults().get(i - 2);
                    arg = value instanceof Integer n ? rex.makeExactLiteral(BigDecimal.valueOf(n))
                            : rex.makeLiteral((String) value);
                }
                args.add(rex.makeCast(type, arg, true, false));
            }
            return rex.makeCall(cx.getValidator().getValidatedNodeType(c), shape.method(), args);
        };
    }
}
