package io.relationshiplayer.sql;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.util.Static;
import org.apache.calcite.sql.validate.SqlValidatorException;

/**
 * Calcite's validation errors with PostgreSQL's SQLSTATE, decided where Calcite raises them: by which of Calcite's
 * resources (a method of {@code CalciteResource}) the validator reports, never by the text of its message. Tables and
 * columns that do not exist are worded as PostgreSQL words them, from the resource's own arguments.
 */
final class ValidationErrors {
    private static final String AMBIGUOUS_COLUMN = "42702";
    private static final Map<String, String> STATES = Map.ofEntries(
            Map.entry("objectNotFound", SqlException.UNDEFINED_TABLE),
            Map.entry("objectNotFoundWithin", SqlException.UNDEFINED_TABLE),
            Map.entry("objectNotFoundDidYouMean", SqlException.UNDEFINED_TABLE),
            Map.entry("objectNotFoundWithinDidYouMean", SqlException.UNDEFINED_TABLE),
            Map.entry("tableNameNotFound", SqlException.UNDEFINED_TABLE),
            Map.entry("tableNameNotFoundDidYouMean", SqlException.UNDEFINED_TABLE),
            Map.entry("columnNotFound", SqlException.UNDEFINED_COLUMN),
            Map.entry("columnNotFoundDidYouMean", SqlException.UNDEFINED_COLUMN),
            Map.entry("columnNotFoundInTable", SqlException.UNDEFINED_COLUMN),
            Map.entry("columnNotFoundInTableDidYouMean", SqlException.UNDEFINED_COLUMN),
            Map.entry("unknownTargetColumn", SqlException.UNDEFINED_COLUMN),
            Map.entry("columnAmbiguous", AMBIGUOUS_COLUMN),
            Map.entry("validatorUnknownFunction", SqlException.UNDEFINED_FUNCTION),
            Map.entry("functionUndefined", SqlException.UNDEFINED_FUNCTION),
            // PostgreSQL: no function of that name takes that many arguments
            Map.entry("invalidArgCount", SqlException.UNDEFINED_FUNCTION),
            Map.entry("canNotApplyOp2Type", SqlException.DATATYPE_MISMATCH),
            Map.entry("incompatibleCharset", SqlException.DATATYPE_MISMATCH),
            Map.entry("incompatibleValueType", SqlException.DATATYPE_MISMATCH),
            Map.entry("incompatibleTypesInList", SqlException.DATATYPE_MISMATCH),
            Map.entry("incompatibleTypes", SqlException.DATATYPE_MISMATCH),
            Map.entry("naturalOrUsingColumnNotCompatible", SqlException.DATATYPE_MISMATCH),
            Map.entry("typeNotAssignable", SqlException.DATATYPE_MISMATCH),
            Map.entry("typeNotComparable", SqlException.DATATYPE_MISMATCH),
            Map.entry("typeNotComparableNear", SqlException.DATATYPE_MISMATCH),
            Map.entry("typeNotComparableEachOther", SqlException.DATATYPE_MISMATCH),
            Map.entry("columnNotNullable", SqlException.NOT_NULL_VIOLATION),
            Map.entry("numberLiteralOutOfRange", SqlException.NUMERIC_OUT_OF_RANGE),
            Map.entry("dateLiteralOutOfRange", SqlException.NUMERIC_OUT_OF_RANGE),
            Map.entry("intervalStartPrecisionOutOfRange", SqlException.NUMERIC_OUT_OF_RANGE),
            Map.entry("intervalFractionalSecondPrecisionOutOfRange", SqlException.NUMERIC_OUT_OF_RANGE),
            Map.entry("orderByOrdinalOutOfRange", "42P10"),
            Map.entry("cannotCastValue", CastChecks.CANNOT_COERCE),
            // PostgreSQL's generated_always: a value for a column the engine assigns (a hidden row key).
            Map.entry("insertIntoAlwaysGenerated", "428C9"));
    private static final Field METHOD = field(Resources.Element.class, "method");
    private static final Field ARGS = field(Resources.Inst.class, "args");

    private ValidationErrors() {
    }

    /** A validation error that knows its SQLSTATE. */
    static final class Classified extends CalciteContextException {
        private static final long serialVersionUID = 1L;
        private final String sqlState;
        private final String message;
        private final boolean calciteWords;
        private final String hint;

        Classified(String sqlState, String message, CalciteContextException e) {
            this(sqlState, message, e, false, ValidationMessages.hint(sqlState, message));
        }

        private Classified(String sqlState, String message, CalciteContextException e, boolean calciteWords,
                           String hint) {
            super(message, e.getCause(), e.getPosLine(), e.getPosColumn(), e.getEndPosLine(), e.getEndPosColumn());
            this.sqlState = sqlState;
            this.message = message;
            this.calciteWords = calciteWords;
            this.hint = hint;
        }

        /**
         * The same error at {@code node}'s operator, where PostgreSQL places an {@code operator does not exist}
         * (Calcite placed it at the start of the expression); any other error as it is.
         */
        Classified atOperator(SqlNode node) {
            org.apache.calcite.sql.parser.SqlParserPos at = OperatorPositions.of(node);
            if (at == null || calciteWords || !message.startsWith("operator does not exist")) {
                return this;
            }
            return new Classified(sqlState, message, new CalciteContextException(message, getCause(), at.getLineNum(),
                    at.getColumnNum(), at.getEndLineNum(), at.getEndColumnNum()), false, hint);
        }

        /** PostgreSQL's HINT, or null. */
        String hint() {
            return hint;
        }

        /**
         * The same error, whose {@link #getMessage} is Calcite's words: raised while a GROUP BY is validated, where
         * Calcite looks for a select list's alias only after an error whose message says {@code not found} (its
         * {@code Expander.isNotFoundException}); PostgreSQL's words ({@code does not exist}) made it give up, so
         * {@code GROUP BY alias} was 42703. The user still gets {@link #message()}.
         */
        static CalciteContextException inCalciteWords(CalciteContextException e) {
            return e instanceof Classified c && !c.calciteWords ? new Classified(c.sqlState, c.message, c, true, c.hint)
                    : e;
        }

        /** The message alone: Calcite's would append its cause's, which says the same again. */
        @Override
        public String getMessage() {
            return calciteWords && getCause() != null ? getCause().getMessage() : message;
        }

        /** The message in PostgreSQL's words. */
        String message() {
            return message;
        }

        String sqlState() {
            return sqlState;
        }
    }

    /** {@code raised}, the error Calcite made of {@code resource}, with its SQLSTATE (42601 for the rest). */
    static CalciteContextException classify(Resources.ExInst<SqlValidatorException> resource,
                                            CalciteContextException raised) {
        String name = resourceName(resource);
        String state = STATES.getOrDefault(name, ValidationMessages.state(name) != null ? ValidationMessages.state(name)
                : SqlException.SYNTAX_ERROR);
        String calcite = raised.getCause() == null ? raised.getMessage() : raised.getCause().getMessage();
        String message = calcite;
        String worded = ValidationMessages.of(name, arguments(resource));
        message = worded != null ? worded : message;
        Object first = firstArgument(resource);
        if (name.equals("canNotApplyOp2Type") && first != null && first.toString().equals("$SCALAR_QUERY")) {
            state = SqlException.SYNTAX_ERROR; // PostgreSQL's: a scalar subquery of more than one column
        } else if (name.equals("canNotApplyOp2Type") && IntervalErrors.unsupported(calcite) == null
                && (message.startsWith("operator does not exist")
                || message.startsWith("function ") && message.endsWith(" does not exist"))) {
            state = SqlException.UNDEFINED_FUNCTION; // no operator or function of these types: PostgreSQL's 42883
        }
        if (first != null && SqlException.UNDEFINED_COLUMN.equals(state) && first.toString().matches("\\$[0-9]+")) {
            // PostgreSQL's parameter reference, $1, which Calcite reads as a name: 42P02 as PostgreSQL's when no
            // parameter $1 is given (here none ever is: parameters are ?)
            state = SqlException.INVALID_PARAMETER;
            message = "there is no parameter " + first + " (parameters are written ?)";
        } else if (first != null && SqlException.UNDEFINED_TABLE.equals(state)) {
            message = "relation \"" + first + "\" does not exist";
        } else if (first != null && SqlException.UNDEFINED_COLUMN.equals(state)
                && name.startsWith("columnNotFoundInTable") && arguments(resource).length > 1) {
            message = "column " + arguments(resource)[1] + "." + first + " does not exist"; // PostgreSQL's t.c
        } else if (first != null && SqlException.UNDEFINED_COLUMN.equals(state)) {
            message = "column \"" + first + "\" does not exist";
        } else if (first != null && CastChecks.CANNOT_COERCE.equals(state)) {
            Object[] args = arguments(resource);
            message = "cannot cast type " + typeName(first) + " to " + typeName(args.length > 1 ? args[1] : "?");
        } else if (SqlException.DATATYPE_MISMATCH.equals(state) && IntervalErrors.unsupported(calcite) != null) {
            message = IntervalErrors.unsupported(calcite); // read from Calcite's words, not PostgreSQL's above
            state = SqlException.FEATURE_NOT_SUPPORTED;
        } else if (first != null && AMBIGUOUS_COLUMN.equals(state)) {
            message = "column reference \"" + first + "\" is ambiguous";
        }
        return new Classified(state, message, raised);
    }

    /**
     * An INSERT, UPDATE or DELETE ({@code verb}: "insert into", "update", "delete from") of {@code view}, a table of
     * no store (an {@code information_schema} view): PostgreSQL's 55000, worded as PostgreSQL words it.
     */
    static CalciteContextException notWritable(SqlNode target, String verb, String view) {
        CalciteContextException raised = SqlUtil.newContextException(target.getParserPosition(),
                Static.RESOURCE.accessNotAllowed(verb.toUpperCase(java.util.Locale.ROOT), view));
        return new Classified(SqlException.OBJECT_NOT_IN_PREREQUISITE_STATE, "cannot " + verb + " view \"" + view
                + "\"", raised);
    }

    /**
     * An INSERT whose VALUES rows hold more expressions than it has target columns ({@code targets}: its column list's,
     * else the table's): PostgreSQL's 42601 {@code INSERT has more expressions than target columns} at the first extra
     * expression, where Calcite failed in conversion with an internal error; and fewer than its column list names
     * {@code INSERT has more target columns than expressions} at the first column without one (Calcite's words were
     * its own).
     */
    static void refuseExtraValues(org.apache.calcite.sql.SqlInsert insert, int targets) {
        org.apache.calcite.sql.SqlNodeList columns = insert.getTargetColumnList();
        if (insert.getSource() instanceof org.apache.calcite.sql.SqlSelect select) {
            org.apache.calcite.sql.SqlNodeList items = select.getSelectList();
            boolean star = items.stream().anyMatch(i -> i instanceof org.apache.calcite.sql.SqlIdentifier id
                    && id.isStar());
            if (!star && items.size() > targets) {
                throw extraValue(items.get(targets), targets, items.size());
            }
            if (!star && columns != null && items.size() < columns.size()) {
                throw missingValue(columns.get(items.size()), targets, items.size());
            }
            return;
        }
        if (!(insert.getSource() instanceof org.apache.calcite.sql.SqlCall values)
                || values.getKind() != org.apache.calcite.sql.SqlKind.VALUES) {
            return;
        }
        for (SqlNode row : values.getOperandList()) {
            if (row instanceof org.apache.calcite.sql.SqlCall r && r.getKind() == org.apache.calcite.sql.SqlKind.ROW
                    && r.operandCount() > targets) {
                throw extraValue(r.operand(targets), targets, r.operandCount());
            }
            if (row instanceof org.apache.calcite.sql.SqlCall r && r.getKind() == org.apache.calcite.sql.SqlKind.ROW
                    && columns != null && r.operandCount() < columns.size()) {
                throw missingValue(columns.get(r.operandCount()), targets, r.operandCount());
            }
        }
    }

    private static Classified missingValue(SqlNode column, int targets, int given) {
        CalciteContextException raised = SqlUtil.newContextException(column.getParserPosition(),
                Static.RESOURCE.unmatchInsertColumn(targets, given));
        return new Classified(SqlException.SYNTAX_ERROR, "INSERT has more target columns than expressions", raised);
    }

    private static Classified extraValue(SqlNode extra, int targets, int given) {
        CalciteContextException raised = SqlUtil.newContextException(extra.getParserPosition(),
                Static.RESOURCE.unmatchInsertColumn(targets, given));
        return new Classified(SqlException.SYNTAX_ERROR, "INSERT has more expressions than target columns", raised);
    }

    /**
     * {@code known}, the type the validator knows for {@code node}; if none, and {@code node} is a name, it is the type
     * name of a CAST that names no type (Calcite asks a CAST's type name its type before anything types it; any other
     * name without a type here failed as well): PostgreSQL's 42704 {@code type "x" does not exist} at the name, where
     * Calcite raised 42601 "Unknown identifier". Anything else is left to {@code validator}'s own answer.
     */
    static org.apache.calcite.rel.type.RelDataType requireType(org.apache.calcite.rel.type.RelDataType known,
            SqlNode node, java.util.function.Function<SqlNode, org.apache.calcite.rel.type.RelDataType> validator) {
        if (known != null || !(node instanceof org.apache.calcite.sql.SqlIdentifier)) {
            return known != null ? known : validator.apply(node);
        }
        CalciteContextException raised = SqlUtil.newContextException(node.getParserPosition(),
                Static.RESOURCE.unknownDatatypeName(node.toString()));
        throw new Classified(SqlException.UNDEFINED_OBJECT, "type \"" + node + "\" does not exist", raised);
    }

    /**
     * An INTERVAL literal in {@code statement} with digits below a millisecond, which Calcite's interval (a long of
     * milliseconds) does not keep: 22008 at the literal (never truncated). TIMESTAMP literals keep microseconds; those
     * of more digits are rounded to microseconds here, as PostgreSQL reads them.
     */
    static void refuseSubMillisecond(SqlNode statement) {
        // (also where EXTRACT becomes PostgreSQL's, before validation: see roundToMicroseconds)
        roundToMicroseconds(statement);
        statement.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
            @Override
            public Void visit(org.apache.calcite.sql.SqlLiteral literal) {
                refuseSubMillisecond(literal);
                return null;
            }
        });
    }

    /**
     * Every TIMESTAMP literal under {@code node} with more than six digits of a second's fraction replaced by the
     * literal rounded to microseconds, as PostgreSQL reads it (Calcite would truncate it to the type's precision); and
     * every EXTRACT made {@link SecondsExtract} (the seconds of a timestamp with their fraction).
     */
    private static void roundToMicroseconds(SqlNode node) {
        if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
            for (int i = 0; i < list.size(); i++) {
                SqlNode n = list.get(i);
                SqlNode r = roundedToMicroseconds(n);
                if (r != n) {
                    list.set(i, r);
                } else {
                    roundToMicroseconds(n);
                }
            }
        } else if (node instanceof org.apache.calcite.sql.SqlCall call) {
            if (call instanceof org.apache.calcite.sql.SqlBasicCall basic
                    && basic.getOperator() == org.apache.calcite.sql.fun.SqlStdOperatorTable.EXTRACT) {
                basic.setOperator(PostgresFunctions.EXTRACT);
            }
            if (call instanceof org.apache.calcite.sql.SqlBasicCall basic) {
                PostgresNumbers.resolve(basic);
                RegexOperators.refuseArrays(basic);
            }
            java.util.List<SqlNode> operands = call.getOperandList();
            for (int i = 0; i < operands.size(); i++) {
                SqlNode n = operands.get(i);
                SqlNode r = roundedToMicroseconds(n);
                if (r == n) {
                    roundToMicroseconds(n);
                    continue;
                }
                try {
                    call.setOperand(i, r);
                } catch (UnsupportedOperationException e) {
                    // A call that cannot take a new operand keeps its literal, refused below if it cannot be kept.
                }
            }
        }
    }

    /**
     * {@code node}, or the EXTRACT a date_part is ({@link DatePart}), or the TIMESTAMP literal it is with its fraction
     * rounded to microseconds (or as a cast of its text where Calcite's literal cannot hold it), or the DATE literal it
     * is as a cast of its text where Calcite's cannot hold it, or the TIME literal it is as a cast of its text, read as
     * PostgreSQL reads a time (Calcite's literal truncates to milliseconds and wants seconds; {@code TIME '12:00'},
     * {@code TIME '24:00:00'}).
     */
    private static SqlNode roundedToMicroseconds(SqlNode node) {
        SqlNode datePart = DatePart.rewrite(node);
        if (datePart != null) {
            roundToMicroseconds(datePart);
            return datePart;
        }
        if (node instanceof org.apache.calcite.sql.SqlUnknownLiteral unknown && unknown.tag.equalsIgnoreCase("TIME")) {
            org.apache.calcite.sql.parser.SqlParserPos pos = node.getParserPosition();
            return org.apache.calcite.sql.fun.SqlStdOperatorTable.CAST.createCall(pos,
                    org.apache.calcite.sql.SqlLiteral.createCharString(unknown.getValue(), pos),
                    new org.apache.calcite.sql.SqlDataTypeSpec(new org.apache.calcite.sql.SqlBasicTypeNameSpec(
                            org.apache.calcite.sql.type.SqlTypeName.TIME, pos), pos));
        }
        if (node instanceof org.apache.calcite.sql.SqlUnknownLiteral unknown && unknown.tag.equalsIgnoreCase("DATE")
                && io.relationshiplayer.sql.calcite.Dates.isBeyondLiterals(unknown.getValue())) {
            // a year BC or after 9999, a time of day, ...: the text cast, read as PostgreSQL reads a date
            return castOfText(unknown, org.apache.calcite.sql.type.SqlTypeName.DATE);
        }
        if (node instanceof org.apache.calcite.sql.SqlUnknownLiteral unknown
                && unknown.tag.equalsIgnoreCase("TIMESTAMP")) {
            String text = unknown.getValue();
            if (io.relationshiplayer.sql.calcite.Timestamps.isBeyondLiterals(text)) {
                // a year BC or after 9999, no seconds, ...: the text cast, read as PostgreSQL reads a timestamp
                return castOfText(unknown, org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP);
            }
            String rounded = io.relationshiplayer.sql.calcite.Timestamps.roundedToMicroseconds(text.strip());
            return rounded.equals(text.strip()) ? node
                    : org.apache.calcite.sql.SqlLiteral.createUnknown(unknown.tag, rounded, node.getParserPosition());
        }
        if (node instanceof org.apache.calcite.sql.SqlLiteral literal
                && literal.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP) {
            String text = literal.getValueAs(org.apache.calcite.util.TimestampString.class).toString();
            String rounded = io.relationshiplayer.sql.calcite.Timestamps.roundedToMicroseconds(text);
            return rounded.equals(text) ? node : org.apache.calcite.sql.SqlLiteral.createTimestamp(
                    org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP,
                    new org.apache.calcite.util.TimestampString(rounded), 6, node.getParserPosition());
        }
        return node;
    }

    /** {@code CAST('text' AS type)} of the literal's text, at its position. */
    private static SqlNode castOfText(org.apache.calcite.sql.SqlUnknownLiteral literal,
                                      org.apache.calcite.sql.type.SqlTypeName type) {
        org.apache.calcite.sql.parser.SqlParserPos pos = literal.getParserPosition();
        return org.apache.calcite.sql.fun.SqlStdOperatorTable.CAST.createCall(pos,
                org.apache.calcite.sql.SqlLiteral.createCharString(literal.getValue(), pos),
                new org.apache.calcite.sql.SqlDataTypeSpec(new org.apache.calcite.sql.SqlBasicTypeNameSpec(type, pos),
                        pos));
    }

    /** The literal as the parser leaves it (its type resolved later, by the validator) or resolved. */
    private static void refuseSubMillisecond(org.apache.calcite.sql.SqlLiteral literal) {
        if (literal instanceof org.apache.calcite.sql.SqlIntervalLiteral interval) {
            String text = interval.getValueAs(org.apache.calcite.sql.SqlIntervalLiteral.IntervalValue.class)
                    .getIntervalLiteral();
            if (io.relationshiplayer.sql.calcite.Timestamps.hasSubMillisecondDigits(text)) {
                throw new Classified(io.relationshiplayer.sql.calcite.Timestamps.FIELD_OVERFLOW, "INTERVAL '" + text
                        + "' has digits below a millisecond, which an interval does not keep (it keeps milliseconds, "
                        + "not PostgreSQL's microseconds): round it to milliseconds", SqlUtil.newContextException(
                        literal.getParserPosition(), Static.RESOURCE.illegalLiteral("INTERVAL", text,
                                "digits below a millisecond")));
            }
        }
    }

    private static String resourceName(Resources.ExInst<?> resource) {
        try {
            return METHOD == null ? "" : ((Method) METHOD.get(resource)).getName();
        } catch (IllegalAccessException | ClassCastException e) {
            return "";
        }
    }

    private static Object firstArgument(Resources.ExInst<?> resource) {
        Object[] args = arguments(resource);
        return args.length == 0 ? null : args[0];
    }

    private static Object[] arguments(Resources.ExInst<?> resource) {
        try {
            Object[] args = ARGS == null ? null : (Object[]) ARGS.get(resource);
            return args == null ? new Object[0] : args;
        } catch (IllegalAccessException | ClassCastException e) {
            return new Object[0];
        }
    }

    /** PostgreSQL's name of a type Calcite writes as {@code DECIMAL(2, 1) NOT NULL}, for a message. */
    static String typeName(Object calcite) {
        String t = calcite.toString().replace(" NOT NULL", "").replaceAll("\\(.*\\)", "").strip()
                .toLowerCase(java.util.Locale.ROOT);
        switch (t) {
            case "decimal":
                return "numeric";
            case "double":
            case "float":
                return "double precision";
            case "char":
            case "varchar":
                return "text";
            case "varbinary":
            case "binary":
                return "bytea";
            case "timestamp":
                return "timestamp without time zone";
            case "time":
                return "time without time zone";
            default:
                return t;
        }
    }

    /** Calcite keeps a resource's method and arguments in protected fields: read, never written. */
    private static Field field(Class<?> owner, String name) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException | RuntimeException e) {
            return null;
        }
    }
}
