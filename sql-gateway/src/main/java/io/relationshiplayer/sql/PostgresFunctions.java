package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.RecordLayerSchema;
import java.util.List;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.SqlRexContext;

/**
 * PostgreSQL's functions that tools and drivers call first and Calcite does not have: {@code now()} (the statement's
 * timestamp, as CURRENT_TIMESTAMP), {@code version()} and {@code current_database()} (the session's database); and
 * the standard's {@code current_catalog} (the database too) and {@code current_schema} ({@code public}), which Calcite
 * parses but cannot run; and {@code date_trunc(unit, timestamp)}. Each is converted to what it means as the statement
 * is converted, so nothing runs at each row (date_trunc's truncation aside). {@code EXTRACT(SECOND FROM timestamp)}
 * keeps the fraction, as PostgreSQL's numeric does. {@code pg_sleep} and {@code pg_sleep_for} wait at each row
 * ({@link io.relationshiplayer.sql.calcite.PgSleep}).
 */
final class PostgresFunctions {
    static final SqlFunction NOW = function("NOW", SqlTypeName.TIMESTAMP);
    static final SqlFunction VERSION = function("VERSION", SqlTypeName.VARCHAR);
    static final SqlFunction CURRENT_DATABASE = function("CURRENT_DATABASE", SqlTypeName.VARCHAR);
    /** EXTRACT, whose SECOND of a TIMESTAMP is PostgreSQL's numeric with the fraction ({@link SecondsExtract}). */
    static final SqlExtractFunction EXTRACT = new SecondsExtract();
    /** date_part, made an EXTRACT of the same unit before validation ({@link DatePart}), named date_part. */
    static final SqlExtractFunction DATE_PART = new SecondsExtract("DATE_PART");

    /** {@code date_trunc(unit, timestamp)}: the timestamp truncated to the unit, exact in microseconds. */
    static final SqlFunction DATE_TRUNC = new SqlFunction("DATE_TRUNC", SqlKind.OTHER_FUNCTION,
            ReturnTypes.ARG1.andThen(org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), null,
            OperandTypes.family(org.apache.calcite.sql.type.SqlTypeFamily.CHARACTER,
                    org.apache.calcite.sql.type.SqlTypeFamily.TIMESTAMP), SqlFunctionCategory.TIMEDATE);

    /** The operators, for the validator's lookup. */
    static final SqlOperatorTable TABLE = SqlOperatorTables.chain(SqlOperatorTables.of(EverydayCalls.ALL),
            SqlOperatorTables.of(CastChecks.BOOLEAN_TO_INTEGER, OrderedSetAggregates.CONT, OrderedSetAggregates.DISC,
                    OrderedSetAggregates.MODE),
            SqlOperatorTables.of(NOW, VERSION, CURRENT_DATABASE, DATE_TRUNC,
            io.relationshiplayer.sql.calcite.PgSleep.PG_SLEEP, io.relationshiplayer.sql.calcite.PgSleep.PG_SLEEP_FOR,
            RegexOperators.MATCH, RegexOperators.MATCH_CASELESS, RegexOperators.NOT_MATCH,
            RegexOperators.NOT_MATCH_CASELESS, PostgresNumbers.ROUND, PostgresNumbers.TRUNC, PostgresNumbers.DIV,
            RegexCalls.COUNT, RegexCalls.LIKE, RegexCalls.INSTR, RegexCalls.SUBSTR));

    private PostgresFunctions() {
    }

    private static SqlFunction function(String name, SqlTypeName type) {
        return new SqlFunction(name, SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(type).andThen(
                (b, t) -> b.getTypeFactory().createTypeWithNullability(t, false)), null, OperandTypes.NILADIC,
                SqlFunctionCategory.SYSTEM);
    }

    /** What the server says it is: the product, its version, and the SQL it answers. */
    static String version() {
        String v = PostgresFunctions.class.getPackage().getImplementationVersion();
        return "Relationship Layer " + (v == null ? "0.1.0-SNAPSHOT" : v)
                + " (SQL through Apache Calcite over the FoundationDB Record Layer)";
    }

    private static final org.apache.calcite.sql.validate.SqlUserDefinedFunction LPAD = text("rl_lpad", "lpad");
    private static final org.apache.calcite.sql.validate.SqlUserDefinedFunction RPAD = text("rl_rpad", "rpad");
    private static final org.apache.calcite.sql.validate.SqlUserDefinedFunction REPEAT = text("rl_repeat", "repeat");

    private static org.apache.calcite.sql.validate.SqlUserDefinedFunction text(String name, String method) {
        return new org.apache.calcite.sql.validate.SqlUserDefinedFunction(new org.apache.calcite.sql.SqlIdentifier(
                name, org.apache.calcite.sql.parser.SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(
                        SqlTypeName.VARCHAR).andThen(org.apache.calcite.sql.type.SqlTypeTransforms.TO_NULLABLE), null,
                null, org.apache.calcite.schema.impl.ScalarFunctionImpl.create(
                        io.relationshiplayer.sql.calcite.TextFunctions.class, method));
    }

    /**
     * lpad, rpad and repeat as PostgreSQL's ({@link io.relationshiplayer.sql.calcite.TextFunctions}: bounded, 54000
     * past PostgreSQL's length; a negative length an empty text); null for another operator.
     */
    private static SqlRexConvertlet textFunction(SqlOperator op) {
        boolean pad = op == org.apache.calcite.sql.fun.SqlLibraryOperators.LPAD
                || op == org.apache.calcite.sql.fun.SqlLibraryOperators.RPAD;
        if (!pad && op != org.apache.calcite.sql.fun.SqlLibraryOperators.REPEAT) {
            return null;
        }
        return (cx, c) -> {
            org.apache.calcite.rex.RexBuilder rex = cx.getRexBuilder();
            org.apache.calcite.rel.type.RelDataTypeFactory types = cx.getTypeFactory();
            org.apache.calcite.rel.type.RelDataType text = types.createTypeWithNullability(
                    types.createSqlType(SqlTypeName.VARCHAR), true);
            org.apache.calcite.rel.type.RelDataType integer = types.createTypeWithNullability(
                    types.createSqlType(SqlTypeName.INTEGER), true);
            List<RexNode> args = new java.util.ArrayList<>();
            args.add(rex.makeCast(text, cx.convertExpression(c.operand(0)), true, false));
            args.add(rex.makeCast(integer, cx.convertExpression(c.operand(1)), true, false));
            if (pad) {
                args.add(c.operandCount() > 2 ? rex.makeCast(text, cx.convertExpression(c.operand(2)), true, false)
                        : rex.makeLiteral(" "));
            }
            SqlOperator f = op == org.apache.calcite.sql.fun.SqlLibraryOperators.LPAD ? LPAD
                    : op == org.apache.calcite.sql.fun.SqlLibraryOperators.RPAD ? RPAD : REPEAT;
            return rex.makeCast(cx.getValidator().getValidatedNodeType(c), rex.makeCall(text, f, args), true, false);
        };
    }

    /** {@code value} as the type the validator gave {@code call}. */
    private static RexNode typed(SqlRexContext cx, SqlCall call, RexNode value) {
        return cx.getRexBuilder().makeCast(cx.getValidator().getValidatedNodeType(call), value, true, false);
    }

    /** {@code delegate}'s conversions, and these functions' and PostgreSQL's date arithmetic's. */
    static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        SqlRexConvertlet now = (cx, call) -> typed(cx, call, cx.convertExpression(SqlStdOperatorTable
                .CURRENT_TIMESTAMP.createCall(call.getParserPosition())));
        SqlRexConvertlet version = (cx, call) -> typed(cx, call, cx.getRexBuilder().makeLiteral(version()));
        SqlRexConvertlet database = (cx, call) -> {
            // the connection's default schema is the session's database (CalciteRunner sets it)
            List<List<String>> paths = cx.getValidator().getCatalogReader().getSchemaPaths();
            String name = paths.isEmpty() || paths.get(0).isEmpty() ? "" : paths.get(0).get(paths.get(0).size() - 1);
            return typed(cx, call, cx.getRexBuilder().makeLiteral(name));
        };
        SqlRexConvertlet schema = (cx, call) -> typed(cx, call, cx.getRexBuilder().makeLiteral(
                RecordLayerSchema.PUBLIC));
        SqlRexConvertletTable dates = io.relationshiplayer.sql.calcite.DateArithmetic.convertlets(delegate);
        return call -> {
            SqlOperator op = call.getOperator();
            if (op == SqlStdOperatorTable.BITXOR_OPERATOR) {
                // Calcite's ^ is a bitwise XOR, PostgreSQL's an exponent: the parser makes every ^ POWER
                // (CaretPrecedence); one that is still here was parsed elsewhere, and is refused, never an XOR
                return (cx, c) -> {
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "the ^ operator is not supported: "
                            + "write power(a, b) for an exponent", c.getParserPosition().getLineNum(),
                            c.getParserPosition().getColumnNum(), null);
                };
            }
            SqlRexConvertlet regex = RegexOperators.convertlet(op);
            if (regex == null) {
                regex = RegexCalls.convertlet(op);
            }
            if (regex != null) {
                return regex;
            }
            SqlRexConvertlet everyday = EverydayCalls.convertlet(op);
            if (everyday == null) {
                everyday = CalciteFunctionFixes.convertlet(op);
            }
            if (everyday != null) {
                return everyday;
            }
            SqlRexConvertlet number = PostgresNumbers.convertlet(op);
            if (number != null) {
                return number;
            }
            SqlRexConvertlet text = textFunction(op);
            if (text != null) {
                return text;
            }
            if (op.getKind() == SqlKind.MOD) {
                SqlRexConvertlet remainder = dates.get(call);
                return remainder == null ? null : (cx, c) -> {
                    PostgresNumbers.refuseApproximateRemainder(cx.getValidator(), c);
                    return remainder.convertCall(cx, c);
                };
            }
            if (op == EXTRACT || op == DATE_PART) {
                return SecondsExtract::convert;
            }
            if (op == CastChecks.BOOLEAN_TO_INTEGER) {
                return (cx, c) -> CastChecks.booleanToInteger(cx.getRexBuilder(),
                        cx.getValidator().getValidatedNodeType(c), cx.convertExpression(c.operand(0)));
            }
            if (op == NOW) {
                return now;
            }
            if (op == DATE_TRUNC) {
                return (cx, c) -> io.relationshiplayer.sql.calcite.TimestampFunctions.trunc(cx.getRexBuilder(),
                        cx.getValidator().getValidatedNodeType(c), cx.convertExpression(c.operand(0)),
                        cx.convertExpression(c.operand(1)));
            }
            if (op == io.relationshiplayer.sql.calcite.PgSleep.PG_SLEEP) {
                return (cx, c) -> {
                    TextLiterals.checkDouble(c.operand(0)); // pg_sleep('x'): 22P02 of double precision
                    return io.relationshiplayer.sql.calcite.PgSleep.seconds(cx.getRexBuilder(),
                            cx.getValidator().getValidatedNodeType(c), cx.convertExpression(c.operand(0)));
                };
            }
            if (op == io.relationshiplayer.sql.calcite.PgSleep.PG_SLEEP_FOR) {
                return (cx, c) -> io.relationshiplayer.sql.calcite.PgSleep.interval(cx.getRexBuilder(),
                        cx.getValidator().getValidatedNodeType(c), cx.convertExpression(c.operand(0)));
            }
            if (op == VERSION) {
                return version;
            }
            if (op == CURRENT_DATABASE || op == SqlStdOperatorTable.CURRENT_CATALOG) {
                return database;
            }
            return op == SqlStdOperatorTable.CURRENT_SCHEMA ? schema : dates.get(call);
        };
    }
}
