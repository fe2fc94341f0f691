package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.EverydayFunctions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * PostgreSQL's everyday functions that Calcite has not ({@link EverydayFunctions} and
 * {@link io.relationshiplayer.sql.calcite.EverydayTextFunctions} compute them): each has
 * PostgreSQL's signatures, tried in order, an operand matching a parameter as PostgreSQL's implicit casts would
 * (an integer for a bigint, numeric or double parameter; a numeric for a double one; a NULL for any); no signature is
 * 42883 {@code function name(types) does not exist} at the call, as PostgreSQL's. {@code generate_series} in a select
 * list is 0A000 (a set-returning function; FROM has it, {@code GenerateSeries}).
 */
final class EverydayCalls {
    private static final SqlTypeName TEXT = SqlTypeName.VARCHAR;
    private static final SqlTypeName INT = SqlTypeName.INTEGER;
    private static final SqlTypeName BIGINT = SqlTypeName.BIGINT;
    private static final SqlTypeName NUMERIC = SqlTypeName.DECIMAL;
    private static final SqlTypeName DOUBLE = SqlTypeName.DOUBLE;
    private static final SqlTypeName BYTEA = SqlTypeName.VARBINARY;
    /** Any value, as its text (format's arguments). */
    private static final SqlTypeName ANY = SqlTypeName.ANY;

    /**
     * One signature: parameter types (the last repeated when {@code variadic}), the result type (null: the operands'
     * least restrictive type), the method of ours ({@link #owner}), and the type its result stands for (a DATE
     * of its days, a TIMESTAMP of its microseconds; null: the result).
     */
    record Signature(List<SqlTypeName> params, boolean variadic, SqlTypeName result, String method,
                             SqlTypeName castTo) {
        boolean takes(List<RelDataType> types) {
            if (variadic ? types.size() < params.size() - 1 : types.size() != params.size()) {
                return false;
            }
            for (int i = 0; i < types.size(); i++) {
                if (!matches(param(i), types.get(i))) {
                    return false;
                }
            }
            return true;
        }

        SqlTypeName param(int i) {
            return params.get(Math.min(i, params.size() - 1));
        }
    }

    private static final Map<String, List<Signature>> SIGNATURES = new java.util.HashMap<>();
    private static final Map<String, SqlUserDefinedFunction> METHODS = new java.util.HashMap<>();

    private static Signature sig(String method, SqlTypeName result, SqlTypeName... params) {
        return new Signature(List.of(params), false, result, method, null);
    }

    static final SqlFunction REVERSE = function("REVERSE", sig("reverse", TEXT, TEXT));
    static final SqlFunction BTRIM = function("BTRIM", sig("btrimSpaces", TEXT, TEXT), sig("btrim", TEXT, TEXT, TEXT));
    static final SqlFunction LTRIM = function("LTRIM", sig("ltrimSpaces", TEXT, TEXT), sig("ltrim", TEXT, TEXT, TEXT));
    static final SqlFunction RTRIM = function("RTRIM", sig("rtrimSpaces", TEXT, TEXT), sig("rtrim", TEXT, TEXT, TEXT));
    static final SqlFunction TO_HEX = function("TO_HEX", sig("toHexInt", TEXT, INT), sig("toHexLong", TEXT, BIGINT));
    static final SqlFunction GCD = function("GCD", sig("gcdInt", INT, INT, INT),
            sig("gcdLong", BIGINT, BIGINT, BIGINT), sig("gcdNumeric", null, NUMERIC, NUMERIC));
    static final SqlFunction LCM = function("LCM", sig("lcmInt", INT, INT, INT),
            sig("lcmLong", BIGINT, BIGINT, BIGINT), sig("lcmNumeric", null, NUMERIC, NUMERIC));
    static final SqlFunction FACTORIAL = function("FACTORIAL", sig("factorial", NUMERIC, BIGINT));
    static final SqlFunction WIDTH_BUCKET = function("WIDTH_BUCKET",
            sig("widthBucket", INT, NUMERIC, NUMERIC, NUMERIC, INT),
            sig("widthBucketDouble", INT, DOUBLE, DOUBLE, DOUBLE, INT));
    static final SqlFunction MAKE_DATE = function("MAKE_DATE",
            new Signature(List.of(INT, INT, INT), false, INT, "makeDate", SqlTypeName.DATE));
    static final SqlFunction MAKE_TIMESTAMP = function("MAKE_TIMESTAMP", new Signature(List.of(INT, INT, INT, INT,
            INT, DOUBLE), false, BIGINT, "makeTimestamp", SqlTypeName.TIMESTAMP));
    static final SqlFunction FORMAT = function("FORMAT", new Signature(List.of(TEXT, ANY), true, TEXT, "format",
            null));
    static final SqlFunction QUOTE_IDENT = function("QUOTE_IDENT", sig("quoteIdentOrNull", TEXT, TEXT));
    static final SqlFunction QUOTE_LITERAL = function("QUOTE_LITERAL", sig("quoteLiteralOrNull", TEXT, ANY));
    static final SqlFunction QUOTE_NULLABLE = function("QUOTE_NULLABLE", sig("quoteNullable", TEXT, ANY));
    static final SqlFunction NUM_NULLS = function("NUM_NULLS", new Signature(List.of(ANY), true, INT, "numNulls",
            null));
    static final SqlFunction NUM_NONNULLS = function("NUM_NONNULLS", new Signature(List.of(ANY), true, INT,
            "numNonNulls", null));
    static final SqlFunction BIT_LENGTH = function("BIT_LENGTH", sig("bitLength", INT, TEXT));
    static final SqlFunction ENCODE = function("ENCODE", sig("encode", TEXT, BYTEA, TEXT));
    static final SqlFunction DECODE = function("DECODE", sig("decode", BYTEA, TEXT, TEXT));
    static final SqlFunction TO_CHAR = function("TO_CHAR", sig("toCharNumeric", TEXT, NUMERIC, TEXT),
            sig("toCharDouble", TEXT, DOUBLE, TEXT));
    static final SqlFunction TO_NUMBER = function("TO_NUMBER", sig("toNumber", NUMERIC, TEXT, TEXT));
    static final SqlFunction TRIM_SCALE = function("TRIM_SCALE", sig("trimScale", null, NUMERIC));
    static final SqlFunction GEN_RANDOM_UUID = function("GEN_RANDOM_UUID", sig("genRandomUuid", TEXT));
    /** generate_series in an expression: 0A000 (FROM has it); of other than numbers 42883. */
    static final SqlFunction GENERATE_SERIES = new SqlFunction("GENERATE_SERIES", SqlKind.OTHER_FUNCTION,
            ReturnTypes.INTEGER, null, refused(), SqlFunctionCategory.SYSTEM);

    static final List<SqlFunction> ALL = List.of(REVERSE, BTRIM, LTRIM, RTRIM, TO_HEX, GCD, LCM, FACTORIAL,
            WIDTH_BUCKET, MAKE_DATE, MAKE_TIMESTAMP, FORMAT, QUOTE_IDENT, QUOTE_LITERAL, QUOTE_NULLABLE, NUM_NULLS,
            NUM_NONNULLS, BIT_LENGTH, ENCODE, DECODE, GENERATE_SERIES, TO_CHAR, TO_NUMBER, TRIM_SCALE,
            GEN_RANDOM_UUID, PgTypeof.PG_TYPEOF);


    private EverydayCalls() {
    }

    private static SqlFunction function(String name, Signature... signatures) {
        SIGNATURES.put(name, List.of(signatures));
        for (Signature s : signatures) {
            METHODS.computeIfAbsent(s.method(), m -> new SqlUserDefinedFunction(new SqlIdentifier("rl_" + m,
                    SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(SqlTypeName.ANY), null, null,
                    ScalarFunctionImpl.create(owner(m), m)) {
                @Override
                public boolean isDeterministic() {
                    return !m.equals("genRandomUuid"); // a new value each call, never folded into the plan
                }
            });
        }
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (Signature s : signatures) {
            // a variadic function takes one argument at least, as PostgreSQL's (num_nulls() is 42883 there)
            min = Math.min(min, s.variadic() ? Math.max(1, s.params().size() - 1) : s.params().size());
            max = s.variadic() ? 100 : Math.max(max, s.params().size());
        }
        int lo = min;
        int hi = max;
        return new SqlFunction(name, SqlKind.OTHER_FUNCTION, b -> returnType(name, b), EverydayParameters.of(
                signatures),
                new SqlOperandTypeChecker() {
                    @Override
                    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
                        if (signature(name, binding.collectOperandTypes()) != null) {
                            return true;
                        }
                        if (DatetimeToChar.takes(name, binding.collectOperandTypes())) {
                            return DatetimeToChar.check(binding, throwOnFailure);
                        }
                        if (throwOnFailure) {
                            throw noFunction(binding.getCall(), name, binding.collectOperandTypes());
                        }
                        return false;
                    }

                    @Override
                    public SqlOperandCountRange getOperandCountRange() {
                        return SqlOperandCountRanges.between(lo, hi);
                    }

                    @Override
                    public String getAllowedSignatures(SqlOperator op, String opName) {
                        return opName + "(...)";
                    }
                }, SqlFunctionCategory.USER_DEFINED_FUNCTION);
    }

    /** The class of ours that has the method. */
    static Class<?> owner(String method) {
        for (java.lang.reflect.Method m : EverydayFunctions.class.getMethods()) {
            if (m.getName().equals(method)) {
                return EverydayFunctions.class;
            }
        }
        for (java.lang.reflect.Method m : io.relationshiplayer.sql.calcite.NumberFormats.class.getMethods()) {
            if (m.getName().equals(method)) {
                return io.relationshiplayer.sql.calcite.NumberFormats.class;
            }
        }
        for (java.lang.reflect.Method m : io.relationshiplayer.sql.calcite.ByteaEncodings.class.getMethods()) {
            if (m.getName().equals(method)) {
                return io.relationshiplayer.sql.calcite.ByteaEncodings.class;
            }
        }
        return io.relationshiplayer.sql.calcite.EverydayTextFunctions.class;
    }

    private static SqlOperandTypeChecker refused() {
        return new SqlOperandTypeChecker() {
            @Override
            public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
                SqlParserPos p = binding.getCall().getParserPosition();
                int n = binding.getOperandCount();
                // no such signature (of another count, of dates or timestamps, of doubles): none here, in FROM or not
                // (a call in FROM that none of Calcite's table functions takes ends here too)
                boolean none = n < 2 || n > 3;
                for (RelDataType t : binding.collectOperandTypes()) {
                    none |= !SqlTypeUtil.isExactNumeric(t) && t.getSqlTypeName() != SqlTypeName.NULL;
                }
                if (none) {
                    throw noFunction(binding.getCall(), "GENERATE_SERIES", binding.collectOperandTypes());
                }
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "set-returning functions are not "
                        + "supported in expressions: write FROM generate_series(...)", p.getLineNum(),
                        p.getColumnNum(), null);
            }

            @Override
            public SqlOperandCountRange getOperandCountRange() {
                return SqlOperandCountRanges.from(0);
            }

            @Override
            public String getAllowedSignatures(SqlOperator op, String opName) {
                return opName + "(...)";
            }
        };
    }

    private static Signature signature(String name, List<RelDataType> types) {
        for (Signature s : SIGNATURES.get(name)) {
            if (s.takes(types)) {
                return s;
            }
        }
        return null;
    }

    static boolean matches(SqlTypeName param, RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        if (t == SqlTypeName.NULL || t == SqlTypeName.UNKNOWN || param == ANY) {
            // an UNKNOWN: a parameter not typed yet (a comparison types its other side first; EverydayParameters)
            return true;
        }
        boolean integer = t == SqlTypeName.TINYINT || t == SqlTypeName.SMALLINT || t == SqlTypeName.INTEGER;
        // a string literal (CHAR; a text column is VARCHAR) is of PostgreSQL's type unknown: read as the number the
        // parameter is (make_date('2024', 1, 5); gcd('x', 2) is 22P02 at the literal, as PostgreSQL's)
        boolean unknown = t == SqlTypeName.CHAR;
        switch (param) {
            case VARCHAR:
                return SqlTypeUtil.isCharacter(type);
            case INTEGER:
                return integer || unknown;
            case BIGINT:
                return integer || t == SqlTypeName.BIGINT || unknown;
            case DECIMAL:
                return SqlTypeUtil.isExactNumeric(type) || unknown;
            case DOUBLE:
                return SqlTypeUtil.isNumeric(type) || unknown;
            case VARBINARY:
                // a string literal (CHAR; a text column is VARCHAR) is read as a bytea, as PostgreSQL's unknown
                return SqlTypeUtil.isBinary(type) || t == SqlTypeName.CHAR;
            default:
                return false;
        }
    }

    private static RelDataType returnType(String name, SqlOperatorBinding b) {
        List<RelDataType> types = b.collectOperandTypes();
        Signature s = signature(name, types);
        RelDataTypeFactory f = b.getTypeFactory();
        RelDataType t;
        if (s == null && DatetimeToChar.takes(name, types)) {
            return DatetimeToChar.returnType(b);
        } else if (s == null) {
            t = f.createSqlType(SqlTypeName.VARCHAR);
        } else if (s.castTo() != null) {
            t = f.createSqlType(s.castTo());
        } else if (s.result() == null) {
            List<RelDataType> numeric = new ArrayList<>();
            for (RelDataType x : types) {
                numeric.add(x.getSqlTypeName() == SqlTypeName.NULL ? f.createSqlType(SqlTypeName.DECIMAL) : x);
            }
            RelDataType l = f.leastRestrictive(numeric);
            t = l == null || l.getSqlTypeName() != SqlTypeName.DECIMAL ? f.createSqlType(SqlTypeName.DECIMAL,
                    f.getTypeSystem().getMaxNumericPrecision(), l == null ? 0 : Math.max(0, l.getScale())) : l;
        } else if (name.equals("TO_NUMBER")) {
            // numeric of the pattern's scale, as PostgreSQL's (a pattern not known before the run: the type's most)
            String format = b.isOperandLiteral(1, false) ? b.getOperandLiteralValue(1, String.class) : null;
            t = f.createSqlType(SqlTypeName.DECIMAL, f.getTypeSystem().getMaxNumericPrecision(), format != null
                    ? io.relationshiplayer.sql.calcite.NumberFormats.scale(format)
                    : f.getTypeSystem().getMaxNumericScale());
        } else {
            t = f.createSqlType(s.result());
        }
        return f.createTypeWithNullability(t, true);
    }

    static SqlException noFunction(SqlCall call, String name, List<RelDataType> types) {
        List<String> names = new ArrayList<>();
        for (RelDataType t : types) {
            names.add(ValidationErrors.typeName(t));
        }
        SqlParserPos p = call.getParserPosition();
        return new SqlException(SqlException.UNDEFINED_FUNCTION, "function " + name.toLowerCase(Locale.ROOT) + "("
                + String.join(", ", names) + ") does not exist", p.getLineNum(), p.getColumnNum(), null);
    }

    /**
     * {@code value} (of {@code operand}) as text: a boolean {@code t} or {@code f}, as PostgreSQL's format and
     * quote_literal write it; another value as its cast to text writes it (PostgreSQL's text of doubles, dates, ...).
     */
    private static RexNode text(org.apache.calcite.sql2rel.SqlRexContext cx, SqlNode operand, RexNode value,
            RelDataType type) {
        RexBuilder rex = cx.getRexBuilder();
        RelDataTypeFactory types = cx.getTypeFactory();
        RelDataType text = types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR), true);
        RexNode v;
        if (type.getSqlTypeName() == SqlTypeName.BOOLEAN) {
            v = rex.makeCall(SqlStdOperatorTable.CASE, rex.makeCall(SqlStdOperatorTable.IS_TRUE, value),
                    rex.makeLiteral("t"), rex.makeCall(SqlStdOperatorTable.IS_FALSE, value), rex.makeLiteral("f"),
                    rex.makeNullLiteral(text));
        } else if (SqlTypeUtil.isCharacter(type)) {
            v = value;
        } else if (type.getSqlTypeName() == SqlTypeName.NULL) {
            v = rex.makeNullLiteral(text);
        } else {
            SqlCall cast = SqlStdOperatorTable.CAST.createCall(operand.getParserPosition(), operand,
                    new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, SqlParserPos.ZERO),
                            SqlParserPos.ZERO));
            // the cast was never validated: its type, for the convertlets that ask (a TIMESTAMP literal's)
            cx.getValidator().setValidatedNodeType(cast, types.createTypeWithNullability(
                    types.createSqlType(SqlTypeName.VARCHAR), type.isNullable()));
            v = cx.convertExpression(cast);
        }
        return rex.makeCast(text, v, true, false);
    }

    /** PostgreSQL's bytea of the text of a literal: {@code \x} and hex digits, or the text's UTF-8 bytes. */
    private static org.apache.calcite.avatica.util.ByteString byteaText(String text) {
        return io.relationshiplayer.sql.calcite.ByteaEncodings.input(text);
    }

    /** The scale of a number's type, or of the number a string literal writes ({@code '5.25'}: 2). */
    private static int scale(RexNode operand) {
        if (operand instanceof org.apache.calcite.rex.RexLiteral l && !l.isNull()
                && SqlTypeUtil.isCharacter(l.getType())) {
            try {
                return new java.math.BigDecimal(l.getValueAs(String.class).strip()).scale();
            } catch (NumberFormatException e) {
                return 0; // NaN, Infinity
            }
        }
        return operand.getType().getScale();
    }

    /** The conversion of {@code op}'s calls, or null if it is none of these. */
    static SqlRexConvertlet convertlet(SqlOperator op) {
        if (op == PgTypeof.PG_TYPEOF) {
            return PgTypeof::convert;
        }
        if (!(op instanceof SqlFunction f) || !ALL.contains(f) || f == GENERATE_SERIES) {
            return null;
        }
        String name = f.getName();
        return (cx, c) -> {
            RexBuilder rex = cx.getRexBuilder();
            RelDataTypeFactory types = cx.getTypeFactory();
            List<RelDataType> operandTypes = new ArrayList<>();
            List<RexNode> operands = new ArrayList<>();
            for (SqlNode n : c.getOperandList()) {
                RexNode e = cx.convertExpression(n);
                operands.add(e);
                operandTypes.add(e.getType());
            }
            Signature s = signature(name, operandTypes);
            if (s == null && DatetimeToChar.takes(name, operandTypes)) {
                return DatetimeToChar.convert(cx, c);
            }
            List<RexNode> args = new ArrayList<>();
            List<RexNode> rest = new ArrayList<>();
            RelDataType text = types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR), true);
            for (int i = 0; i < c.operandCount(); i++) {
                SqlTypeName p = s.param(i);
                RexNode value;
                if (p == ANY) {
                    value = text(cx, c.operand(i), operands.get(i), operandTypes.get(i));
                } else if (p == BYTEA && SqlTypeUtil.isCharacter(operandTypes.get(i))) {
                    // a literal read as PostgreSQL reads bytea text (\x and hex digits, else its UTF-8 bytes); other
                    // text cast as the engine casts text to bytea (ByteaCasts: its UTF-8 bytes)
                    RelDataType bytea = types.createTypeWithNullability(types.createSqlType(BYTEA), true);
                    value = operands.get(i) instanceof org.apache.calcite.rex.RexLiteral l && !l.isNull()
                            ? rex.makeCast(bytea, rex.makeBinaryLiteral(byteaText(l.getValueAs(String.class))),
                                    true, false)
                            : rex.makeCast(bytea, operands.get(i), true, false);
                } else {
                    if (operands.get(i) instanceof org.apache.calcite.rex.RexLiteral l && !l.isNull()
                            && SqlTypeUtil.isCharacter(l.getType())) {
                        // a string literal given for a number: PostgreSQL's input function reads it (22P02 at it)
                        TextLiterals.check(l.getValueAs(String.class), p, c.operand(i).getParserPosition());
                    }
                    RelDataType type = p == SqlTypeName.DECIMAL ? types.createSqlType(p,
                            types.getTypeSystem().getMaxNumericPrecision(), Math.max(0, scale(operands.get(i))))
                            : types.createSqlType(p);
                    value = rex.makeCast(types.createTypeWithNullability(type, true), operands.get(i), true, false);
                }
                (s.variadic() && i >= s.params().size() - 1 ? rest : args).add(value);
            }
            if (s.variadic()) {
                args.add(rex.makeCall(types.createArrayType(text, -1), SqlStdOperatorTable.ARRAY_VALUE_CONSTRUCTOR,
                        rest));
            }
            RelDataType result = cx.getValidator().getValidatedNodeType(c);
            if (s.castTo() != null) {
                RexNode v = rex.makeCall(types.createTypeWithNullability(types.createSqlType(s.result()), true),
                        METHODS.get(s.method()), args);
                return s.castTo() == SqlTypeName.DATE ? io.relationshiplayer.sql.calcite.DateCasts.of(rex, result, v)
                        : io.relationshiplayer.sql.calcite.TimestampFunctions.of(rex, result, v);
            }
            return rex.makeCall(result, METHODS.get(s.method()), args);
        };
    }
}
