package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * PostgreSQL's arithmetic on dates, which Calcite's {@code +} and {@code -} refuse (42804): {@code date + time} and
 * {@code time + date} are the TIMESTAMP of that time on that day; {@code date + integer},
 * {@code integer + date} and {@code date - integer} are the date so many days later or earlier, {@code date - date}
 * the INTEGER number of days between them; {@code date + interval}, {@code interval + date} and
 * {@code date - interval} the TIMESTAMP of the date's midnight moved by the interval (Calcite's kept a DATE and dropped
 * the hours). The integer is PostgreSQL's {@code integer} (INTEGER, SMALLINT; a BIGINT
 * is refused as there: PostgreSQL has no {@code date + bigint}). As the validator derives the type of a {@code +} or
 * {@code -} of such operands ({@link #rewrite}), the call's operator becomes one of these, converted to a function of
 * the dates' day numbers ({@link #convertlets}); a result outside PostgreSQL's dates (4713 BC to 5874897 AD) is 22008.
 */
public final class DateArithmetic {
    private static final SqlBinaryOperator PLUS = operator("+", ReturnTypes.explicit(SqlTypeName.DATE));
    private static final SqlBinaryOperator MINUS = operator("-", ReturnTypes.explicit(SqlTypeName.DATE));
    private static final SqlBinaryOperator DIFFERENCE = operator("-", ReturnTypes.INTEGER);
    /**
     * {@code ts - ts} and {@code time - time}: PostgreSQL's interval, here Calcite's {@code (a - b) DAY TO SECOND}
     * ({@code HOUR TO SECOND} of times: 24:00:00 - 00:00:00 is {@code 24:00:00}, as PostgreSQL's), in milliseconds
     * (finer is 22008, {@link TimestampFunctions}), written as PostgreSQL writes the difference.
     */
    private static final SqlBinaryOperator ELAPSED = operator("-", binding -> binding.getTypeFactory()
            .createSqlIntervalType(new org.apache.calcite.sql.SqlIntervalQualifier(binding.getOperandType(0)
                    .getSqlTypeName() == SqlTypeName.TIME ? org.apache.calcite.avatica.util.TimeUnit.HOUR
                    : org.apache.calcite.avatica.util.TimeUnit.DAY, org.apache.calcite.avatica.util.TimeUnit.SECOND,
                    org.apache.calcite.sql.parser.SqlParserPos.ZERO)));
    /** {@code date + time} and {@code time + date}: the TIMESTAMP of that time on that day, as PostgreSQL's. */
    private static final SqlBinaryOperator AT = operator("+", ReturnTypes.explicit(SqlTypeName.TIMESTAMP));
    private static final SqlUserDefinedFunction AT_TIME = CallRewrites.function(Functions.class, "rl_date_at",
            "at", ReturnTypes.explicit(SqlTypeName.BIGINT).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction PLUS_DAYS = CallRewrites.function(Functions.class, "rl_date_plus",
            "plus", ReturnTypes.explicit(SqlTypeName.INTEGER).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction MINUS_DAYS = CallRewrites.function(Functions.class,
            "rl_date_minus", "minus", ReturnTypes.explicit(SqlTypeName.INTEGER).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction DAYS_BETWEEN = CallRewrites.function(Functions.class,
            "rl_date_between", "between", ReturnTypes.explicit(SqlTypeName.INTEGER).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final long FIRST = LocalDate.of(-4713, 11, 24).toEpochDay();
    private static final long LAST = LocalDate.of(5874897, 12, 31).toEpochDay();

    private DateArithmetic() {
    }

    private static SqlBinaryOperator operator(String name, org.apache.calcite.sql.type.SqlReturnTypeInference type) {
        return new SqlBinaryOperator(name, SqlKind.OTHER, 40, true, type.andThen(SqlTypeTransforms.TO_NULLABLE),
                null, OperandTypes.ANY_ANY) {
            /** Its own type, never looked up by name again (which would find Calcite's {@code +} or {@code -}). */
            @Override
            public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope,
                                          org.apache.calcite.sql.SqlCall call) {
                return validateOperands(validator, scope, call);
            }
        };
    }

    /**
     * Before the validator derives the type of {@code node}: a {@code +} or {@code -} of a date and an integer, or
     * {@code -} of two dates, made one of PostgreSQL's date operators (its operands' types derived first). Other nodes
     * are left as they are.
     */
    public static void rewrite(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        if (!(node instanceof SqlBasicCall call) || call.operandCount() != 2
                || (call.getKind() != SqlKind.PLUS && call.getKind() != SqlKind.MINUS)) {
            return;
        }
        Parameter untyped = parameter(validator, scope, call, false);
        if (untyped != null && type(validator, scope, untyped.node()) == null) {
            validator.setValidatedNodeType(untyped.node(), untyped.type(validator));
        }
        SqlTypeName left = type(validator, scope, call.operand(0));
        SqlTypeName right = type(validator, scope, call.operand(1));
        if (left == null || right == null) {
            return;
        }
        if (call.getKind() == SqlKind.PLUS && (left == SqlTypeName.DATE && integer(right)
                || integer(left) && right == SqlTypeName.DATE)) {
            call.setOperator(PLUS);
        } else if (call.getKind() == SqlKind.MINUS && left == SqlTypeName.DATE && integer(right)) {
            call.setOperator(MINUS);
        } else if (call.getKind() == SqlKind.MINUS && left == SqlTypeName.DATE && right == SqlTypeName.DATE) {
            call.setOperator(DIFFERENCE);
        } else if (call.getKind() == SqlKind.MINUS && left == right
                && (left == SqlTypeName.TIMESTAMP || left == SqlTypeName.TIME)) {
            call.setOperator(ELAPSED);
        } else if (call.getKind() == SqlKind.PLUS && (left == SqlTypeName.DATE && right == SqlTypeName.TIME
                || left == SqlTypeName.TIME && right == SqlTypeName.DATE)) {
            call.setOperator(AT);
        } else if (left == SqlTypeName.DATE && SqlTypeName.INTERVAL_TYPES.contains(right)
                || call.getKind() == SqlKind.PLUS && SqlTypeName.INTERVAL_TYPES.contains(left)
                && right == SqlTypeName.DATE) {
            // date ± interval is PostgreSQL's timestamp (Calcite's stays a date and drops the hours)
            int at = left == SqlTypeName.DATE ? 0 : 1;
            SqlNode date = call.operand(at);
            org.apache.calcite.sql.parser.SqlParserPos pos = date.getParserPosition();
            call.setOperand(at, org.apache.calcite.sql.fun.SqlStdOperatorTable.CAST.createCall(pos, date,
                    new org.apache.calcite.sql.SqlDataTypeSpec(new org.apache.calcite.sql.SqlBasicTypeNameSpec(
                            SqlTypeName.TIMESTAMP, pos), pos)));
        }
    }

    /** A parameter operand of a date operator and the type it takes ({@link #parameter}). */
    public record Parameter(SqlNode node, SqlTypeName typeName) {
        /** The parameter's type, nullable. */
        public RelDataType type(SqlValidator validator) {
            RelDataTypeFactory types = validator.getTypeFactory();
            return types.createTypeWithNullability(types.createSqlType(typeName), true);
        }
    }

    /**
     * The parameter of {@code node}, a {@code +} or {@code -} of a parameter and a date or an integer, and the type it
     * takes for one of the date operators to apply, or null. PostgreSQL types such a parameter by the client's binding
     * (an integer bound to {@code date + $1}, a date to {@code $1 - 1}); here a statement is planned before its values
     * are bound, so it is typed by the other operand and by what the statement expects of the result ({@code
     * dateExpected}: compared with a DATE, assigned to a DATE column): {@code date + ?} and {@code ? + date} take an
     * integer, {@code date - ?} an integer where a date is expected and else a date (PostgreSQL's choice for an untyped
     * parameter: {@code date - date}, the days between), {@code ? - date} a date, and {@code ? + 1}, {@code 1 + ?} and
     * {@code ? - 1} a date where a date is expected (else Calcite's inference stands: an integer).
     */
    public static Parameter parameter(SqlValidator validator, SqlValidatorScope scope, SqlNode node,
                                      boolean dateExpected) {
        if (!(node instanceof SqlBasicCall call) || call.operandCount() != 2) {
            return null;
        }
        boolean first = call.operand(0).getKind() == SqlKind.DYNAMIC_PARAM;
        if (first == (call.operand(1).getKind() == SqlKind.DYNAMIC_PARAM)) {
            return null;
        }
        SqlNode param = call.operand(first ? 0 : 1);
        if (call.getOperator() == PLUS || call.getOperator() == MINUS || call.getOperator() == DIFFERENCE) {
            // already one of the date operators: its parameter keeps the type it was made one with
            SqlTypeName known = type(validator, scope, param);
            return known == null ? null : new Parameter(param, known);
        }
        if (call.getKind() != SqlKind.PLUS && call.getKind() != SqlKind.MINUS) {
            return null;
        }
        SqlTypeName other = type(validator, scope, call.operand(first ? 1 : 0));
        boolean plus = call.getKind() == SqlKind.PLUS;
        SqlTypeName type = null;
        if (other == SqlTypeName.DATE) {
            type = plus || (!first && dateExpected) ? SqlTypeName.INTEGER : SqlTypeName.DATE;
        } else if (other != null && integer(other) && dateExpected && (plus || first)) {
            type = SqlTypeName.DATE;
        }
        return type == null ? null : new Parameter(param, type);
    }

    private static SqlTypeName type(SqlValidator validator, SqlValidatorScope scope, SqlNode operand) {
        if (operand.getKind() == SqlKind.DYNAMIC_PARAM) {
            RelDataType known = validator.getValidatedNodeTypeIfKnown(operand);
            return known == null || known.equals(validator.getUnknownType()) ? null : known.getSqlTypeName();
        }
        if (operand.getKind() == SqlKind.LITERAL
                && ((org.apache.calcite.sql.SqlLiteral) operand).getTypeName() == SqlTypeName.NULL) {
            return null;
        }
        try {
            return validator.deriveType(scope, operand).getSqlTypeName();
        } catch (RuntimeException e) {
            return null; // the validator reports it as it validates the operand itself
        }
    }

    private static boolean integer(SqlTypeName type) {
        return type == SqlTypeName.INTEGER || type == SqlTypeName.SMALLINT || type == SqlTypeName.TINYINT;
    }

    /** {@code delegate}'s conversions, and the date operators'. */
    public static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        SqlRexConvertlet dates = (cx, call) -> {
            RexBuilder rex = cx.getRexBuilder();
            RexNode a = cx.convertExpression(call.operand(0));
            RexNode b = cx.convertExpression(call.operand(1));
            RelDataType type = cx.getValidator().getValidatedNodeType(call);
            if (call.getOperator() == DIFFERENCE) {
                return rex.makeCall(type, DAYS_BETWEEN, List.of(days(rex, a), days(rex, b)));
            }
            if (call.getOperator() == ELAPSED) {
                return rex.makeCall(type, org.apache.calcite.sql.fun.SqlStdOperatorTable.MINUS_DATE, List.of(a, b));
            }
            if (call.getOperator() == AT) {
                // the day's microseconds plus the time's (TimeFunctions), a TIMESTAMP of microseconds (TimestampMicros)
                RexNode day = a.getType().getSqlTypeName() == SqlTypeName.DATE ? a : b;
                RexNode time = day == a ? b : a;
                RelDataTypeFactory types = rex.getTypeFactory();
                RexNode micros = rex.makeCall(types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                        type.isNullable()), AT_TIME, List.of(days(rex, day), TimeFunctions.asBigint(rex, time)));
                return TimestampFunctions.of(rex, type, micros);
            }
            RexNode date = a.getType().getSqlTypeName() == SqlTypeName.DATE ? a : b;
            RexNode n = date == a ? b : a;
            RexNode plus = rex.makeCall(integerLike(rex, type), call.getOperator() == MINUS ? MINUS_DAYS : PLUS_DAYS,
                    List.of(days(rex, date), rex.makeCast(integerLike(rex, n), n, true, false)));
            return rex.makeReinterpretCast(type, plus, rex.makeLiteral(false));
        };
        return call -> {
            org.apache.calcite.sql.SqlOperator op = call.getOperator();
            return op == PLUS || op == MINUS || op == DIFFERENCE || op == AT || op == ELAPSED ? dates
                    : delegate.get(call);
        };
    }

    /** A DATE's day number (the int it is in generated code) as an INTEGER. */
    private static RexNode days(RexBuilder rex, RexNode date) {
        return rex.makeReinterpretCast(integerLike(rex, date), date, rex.makeLiteral(false));
    }

    private static RelDataType integerLike(RexBuilder rex, RexNode nullability) {
        return integerLike(rex, nullability.getType());
    }

    private static RelDataType integerLike(RexBuilder rex, RelDataType nullability) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.INTEGER), nullability.isNullable());
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** The day {@code days} after {@code date} (day numbers since 1970-01-01), or 22008 past PostgreSQL's dates. */
        public static int plus(int date, int days) {
            return valid((long) date + days);
        }

        /** The day {@code days} before {@code date}, or 22008 past PostgreSQL's dates. */
        public static int minus(int date, int days) {
            return valid((long) date - days);
        }

        /** The TIMESTAMP (microseconds since 1970) of the time {@code micros} of the day {@code date}. */
        public static long at(int date, long micros) {
            long t = date * Timestamps.DAY + micros;
            if (t < Timestamps.MIN || t > Timestamps.MAX) {
                throw new SqlException("22008", "timestamp out of range");
            }
            return t;
        }

        /** The days from {@code b} to {@code a}. */
        public static int between(int a, int b) {
            return Math.toIntExact((long) a - b); // PostgreSQL's dates are fewer than 2^31 days apart
        }

        private static int valid(long day) {
            if (day < FIRST || day > LAST) {
                throw new SqlException("22008", "date out of range");
            }
            return (int) day;
        }
    }
}
