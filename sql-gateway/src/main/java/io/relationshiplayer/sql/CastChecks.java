package io.relationshiplayer.sql;

import java.util.List;

import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Casts PostgreSQL has not and Calcite makes: a number to a date, time, timestamp or interval ({@code 2::timestamp}
 * was the instant 2 ms after the epoch) and a date, time, timestamp or interval to a number ({@code TIMESTAMP
 * '...'::bigint} its milliseconds, {@code CAST(INTERVAL '5' DAY AS INTEGER)} 5). Each is PostgreSQL's 42846, {@code cannot cast type integer to timestamp without time zone}, at the
 * cast, as the validator derives its type. The casts Calcite refuses itself are 42846 too ({@link ValidationErrors}).
 */
final class CastChecks {
    static final String CANNOT_COERCE = "42846";

    private CastChecks() {
    }

    /** Before the validator derives the type of {@code node}: 42846 if it is a cast PostgreSQL has not. */
    static void refuse(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        byteaLength(validator, scope, node);
        if (!(node instanceof SqlBasicCall call) || call.getKind() != SqlKind.CAST || call.operandCount() != 2
                || !(call.operand(1) instanceof SqlDataTypeSpec
                || call.operand(1) instanceof org.apache.calcite.sql.SqlIntervalQualifier)) {
            return;
        }
        SqlNode operand = call.operand(0);
        if (operand.getKind() == SqlKind.DYNAMIC_PARAM
                || operand instanceof SqlLiteral l && l.getTypeName() == SqlTypeName.NULL) {
            return;
        }
        RelDataType from;
        RelDataType to;
        try {
            from = validator.deriveType(scope, operand);
            to = call.operand(1) instanceof SqlDataTypeSpec spec ? spec.deriveType(validator)
                    : validator.getTypeFactory().createSqlIntervalType(call.operand(1));
        } catch (RuntimeException e) {
            return; // the validator reports it as it validates the cast itself
        }
        SqlTypeName f = from.getSqlTypeName();
        SqlTypeName t = to.getSqlTypeName();
        if (f == SqlTypeName.BOOLEAN && t == SqlTypeName.INTEGER) {
            // PostgreSQL's boolean to integer (1 or 0), which Calcite refuses: the operand made an integer first
            call.setOperand(0, BOOLEAN_TO_INTEGER.createCall(operand.getParserPosition(), operand));
            return;
        }
        boolean toBoolean = t == SqlTypeName.BOOLEAN && SqlTypeUtil.isNumeric(from) && f != SqlTypeName.INTEGER;
        if (toBoolean || SqlTypeUtil.isNumeric(from) && datetime(to) || datetime(from) && SqlTypeUtil.isNumeric(to)) {
            SqlParserPos pos = call.getParserPosition();
            throw new SqlException(CANNOT_COERCE, "cannot cast type " + name(from) + " to " + name(to),
                    pos.getLineNum(), pos.getColumnNum(), null);
        }
    }

    /**
     * {@code length(bytea)} and {@code char_length(bytea)} made {@code octet_length}, PostgreSQL's byte count, before
     * the validator's implicit cast to text would count the characters of the hex text ({@code \x616263}: 8).
     */
    private static void byteaLength(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        if (!(node instanceof SqlBasicCall call) || call.operandCount() != 1
                || call.getOperator() == org.apache.calcite.sql.fun.SqlStdOperatorTable.OCTET_LENGTH) {
            return;
        }
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        if (!name.equals("LENGTH") && !name.equals("CHAR_LENGTH") && !name.equals("CHARACTER_LENGTH")) {
            return;
        }
        try {
            if (SqlTypeUtil.isBinary(validator.deriveType(scope, call.operand(0)))) {
                call.setOperator(org.apache.calcite.sql.fun.SqlStdOperatorTable.OCTET_LENGTH);
            }
        } catch (RuntimeException e) {
            // the validator reports it as it validates the call itself
        }
    }

    /**
     * A boolean as an integer: 1 for true, 0 for false, NULL for NULL ({@code TRUE::int}); converted by
     * {@link PostgresFunctions#convertlets} to a CASE.
     */
    static final org.apache.calcite.sql.SqlFunction BOOLEAN_TO_INTEGER = new org.apache.calcite.sql.SqlFunction(
            "RL_BOOLEAN_TO_INTEGER", SqlKind.OTHER_FUNCTION, org.apache.calcite.sql.type.ReturnTypes.explicit(
                    SqlTypeName.INTEGER).andThen(org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), null,
            org.apache.calcite.sql.type.OperandTypes.BOOLEAN, org.apache.calcite.sql.SqlFunctionCategory.SYSTEM);

    /** {@link #BOOLEAN_TO_INTEGER}'s operand as an integer. */
    static org.apache.calcite.rex.RexNode booleanToInteger(org.apache.calcite.rex.RexBuilder rex,
            org.apache.calcite.rel.type.RelDataType type, org.apache.calcite.rex.RexNode b) {
        org.apache.calcite.rex.RexNode one = rex.makeExactLiteral(java.math.BigDecimal.ONE, type);
        org.apache.calcite.rex.RexNode zero = rex.makeExactLiteral(java.math.BigDecimal.ZERO, type);
        return rex.makeCall(type, org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE, List.of(
                rex.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_TRUE, b), one,
                rex.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_FALSE, b), zero,
                rex.makeNullLiteral(type)));
    }

    /** A date, time, timestamp or interval (Calcite casts an interval to and from its number: PostgreSQL refuses). */
    private static boolean datetime(RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        return t == SqlTypeName.DATE || t == SqlTypeName.TIME || t == SqlTypeName.TIMESTAMP
                || SqlTypeUtil.isInterval(type);
    }

    /** PostgreSQL's name of a type, for messages. */
    private static String name(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
                return "smallint";
            case DOUBLE:
            case FLOAT:
                return "double precision";
            case DECIMAL:
                return "numeric";
            case TIME:
                return "time without time zone";
            case TIMESTAMP:
                return "timestamp without time zone";
            default:
                if (SqlTypeUtil.isInterval(type)) {
                    return "interval";
                }
                return type.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
        }
    }
}
