package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.PosixRegex;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * PostgreSQL's regular-expression match operators {@code ~}, {@code ~*} (case-insensitive), {@code !~} and
 * {@code !~*} (their negations), of two texts, and its {@code regexp_replace(s, p, r [, flags])}, both run by
 * {@link PosixRegex}. The parser reads the operators as Calcite's RLIKE and NOT RLIKE ({@link PostgresOperators});
 * {@link #of} makes each the operator written at its place in the text.
 */
final class RegexOperators {
    /** Two texts, never coerced ({@code 'abc' ~ 1} is 42883, as in PostgreSQL, at the operator). */
    private static final org.apache.calcite.sql.type.SqlOperandTypeChecker TEXTS =
            new org.apache.calcite.sql.type.SqlOperandTypeChecker() {
                @Override
                public boolean checkOperandTypes(org.apache.calcite.sql.SqlCallBinding binding,
                                                 boolean throwOnFailure) {
                    for (int i = 0; i < 2; i++) {
                        org.apache.calcite.rel.type.RelDataType t = binding.getOperandType(i);
                        if (!org.apache.calcite.sql.type.SqlTypeUtil.inCharFamily(t)
                                && !org.apache.calcite.sql.type.SqlTypeUtil.isNull(t)) {
                            if (!throwOnFailure) {
                                return false;
                            }
                            SqlParserPos p = binding.getCall().getParserPosition();
                            throw new SqlException(SqlException.UNDEFINED_FUNCTION, "operator does not exist: "
                                    + ValidationErrors.typeName(binding.getOperandType(0)) + " "
                                    + binding.getOperator().getName() + " "
                                    + ValidationErrors.typeName(binding.getOperandType(1)), null,
                                    ValidationMessages.OPERATOR_HINT, p.getLineNum(), p.getColumnNum(), null);
                        }
                    }
                    return true;
                }

                @Override
                public org.apache.calcite.sql.SqlOperandCountRange getOperandCountRange() {
                    return org.apache.calcite.sql.type.SqlOperandCountRanges.of(2);
                }

                @Override
                public String getAllowedSignatures(SqlOperator op, String opName) {
                    return "<TEXT> " + opName + " <TEXT>";
                }
            };

    static final SqlBinaryOperator MATCH = operator("~");
    static final SqlBinaryOperator MATCH_CASELESS = operator("~*");
    static final SqlBinaryOperator NOT_MATCH = operator("!~");
    static final SqlBinaryOperator NOT_MATCH_CASELESS = operator("!~*");

    private static final SqlUserDefinedFunction MATCHES = function("rl_regex_match", "matches", SqlTypeName.BOOLEAN);
    private static final SqlUserDefinedFunction REPLACE = function("rl_regexp_replace", "replace",
            SqlTypeName.VARCHAR);

    private RegexOperators() {
    }

    private static SqlBinaryOperator operator(String name) {
        return new SqlBinaryOperator(name, SqlKind.OTHER, 32, true, ReturnTypes.BOOLEAN_NULLABLE,
                InferTypes.FIRST_KNOWN, TEXTS) {
            /** At the operator, as PostgreSQL places its errors, also when the validator copies the call. */
            @Override
            public SqlCall createCall(org.apache.calcite.sql.SqlLiteral quantifier, SqlParserPos pos,
                                      SqlNode... operands) {
                return new org.apache.calcite.sql.SqlBasicCall(this, java.util.Arrays.asList(operands), pos,
                        quantifier);
            }
        };
    }

    private static SqlUserDefinedFunction function(String name, String method, SqlTypeName type) {
        return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
                ReturnTypes.explicit(type).andThen(SqlTypeTransforms.TO_NULLABLE), null, null,
                ScalarFunctionImpl.create(PosixRegex.class, method));
    }

    /**
     * {@code regexp_match} and {@code regexp_matches} (before validation), which return arrays of text: 0A000 at the
     * call, where Calcite found no such function.
     */
    static void refuseArrays(org.apache.calcite.sql.SqlBasicCall call) {
        if (call.getOperator() instanceof org.apache.calcite.sql.SqlUnresolvedFunction f) {
            String name = f.getName().toLowerCase(java.util.Locale.ROOT);
            if (name.equals("regexp_match") || name.equals("regexp_matches")
                    || name.equals("regexp_split_to_array")) {
                SqlParserPos p = call.getParserPosition();
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, name + " is not supported (it returns "
                        + "an array of text): use ~ to test a match, regexp_replace to rewrite one",
                        p.getLineNum(), p.getColumnNum(), null);
            }
        }
    }

    /** Whether {@code call} is the parser's RLIKE or NOT RLIKE of two operands. */
    static boolean isRlike(SqlCall call) {
        return (call.getOperator() == SqlLibraryOperators.RLIKE || call.getOperator() == SqlLibraryOperators.NOT_RLIKE)
                && call.operandCount() == 2;
    }

    /** The operator written between {@code call}'s operands ({@code operator}: its text there, from its first char). */
    static SqlNode of(SqlCall call, String operator) {
        boolean not = call.getOperator() == SqlLibraryOperators.NOT_RLIKE;
        boolean caseless = operator.startsWith(not ? "!~*" : "~*");
        SqlOperator op = not ? (caseless ? NOT_MATCH_CASELESS : NOT_MATCH) : (caseless ? MATCH_CASELESS : MATCH);
        return op.createCall(call.getParserPosition(), call.operand(0), call.operand(1));
    }

    /** The conversion of {@code op}'s calls, or null if it is none of these. */
    static SqlRexConvertlet convertlet(SqlOperator op) {
        if (op == MATCH || op == MATCH_CASELESS || op == NOT_MATCH || op == NOT_MATCH_CASELESS) {
            boolean caseless = op == MATCH_CASELESS || op == NOT_MATCH_CASELESS;
            boolean not = op == NOT_MATCH || op == NOT_MATCH_CASELESS;
            return (cx, c) -> {
                RexBuilder rex = cx.getRexBuilder();
                RexNode match = rex.makeCall(cx.getValidator().getValidatedNodeType(c), MATCHES, List.of(
                        cx.convertExpression(c.operand(0)), cx.convertExpression(c.operand(1)),
                        rex.makeLiteral(caseless)));
                return not ? rex.makeCall(SqlStdOperatorTable.NOT, match) : match;
            };
        }
        if (op == SqlLibraryOperators.REGEXP_REPLACE_PG_3 || op == SqlLibraryOperators.REGEXP_REPLACE_PG_4) {
            return (cx, c) -> {
                RexBuilder rex = cx.getRexBuilder();
                RexNode flags = c.operandCount() > 3 ? cx.convertExpression(c.operand(3)) : rex.makeLiteral("");
                return rex.makeCall(cx.getValidator().getValidatedNodeType(c), REPLACE, List.of(
                        cx.convertExpression(c.operand(0)), cx.convertExpression(c.operand(1)),
                        cx.convertExpression(c.operand(2)), flags));
            };
        }
        return null;
    }
}
