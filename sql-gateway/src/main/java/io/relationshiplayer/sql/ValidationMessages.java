package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calcite's validation messages in PostgreSQL's words, from the arguments of the resource the validator reported
 * ({@link ValidationErrors}): grouping and aggregate errors ({@code column "id" must appear in the GROUP BY clause or be
 * used in an aggregate function}, {@code aggregate functions are not allowed in WHERE}), functions that do not exist
 * ({@code function nosuchfn(numeric) does not exist}), operators of types they do not take ({@code operator does not
 * exist: date + character(1)}, {@code function avg(boolean) does not exist}) and conditions that are not (argument of
 * WHERE must be type boolean). Calcite's own text named its type families and listed its supported forms.
 */
final class ValidationMessages {
    static final String GROUPING_ERROR = "42803";
    /** PostgreSQL's HINT of {@code operator does not exist}. */
    static final String OPERATOR_HINT = "No operator matches the given name and argument types. You might need to add "
            + "explicit type casts.";
    private static final Pattern TYPE = Pattern.compile("<([^>]*)>");

    private ValidationMessages() {
    }

    /** The SQLSTATE of a resource this class words that {@link ValidationErrors} does not classify; else null. */
    static String state(String resource) {
        return switch (resource) {
            case "notGroupExpr", "aggregateIllegalInClause", "aggregateIllegalInGroupBy" -> GROUPING_ERROR;
            case "condMustBeBoolean", "havingMustBeBoolean" -> SqlException.DATATYPE_MISMATCH;
            default -> null;
        };
    }

    /**
     * PostgreSQL's HINT for an error of {@code sqlState} and {@code message}: a missing operator's or function's
     * ({@code No operator matches the given name and argument types. ...}), else null.
     */
    static String hint(String sqlState, String message) {
        if (!SqlException.UNDEFINED_FUNCTION.equals(sqlState) || message == null) {
            return null;
        }
        if (message.startsWith("operator does not exist: ")) {
            return OPERATOR_HINT;
        }
        return message.matches("function [^ ]+\\(.*\\) does not exist") ? "No function matches the given name and "
                + "argument types. You might need to add explicit type casts." : null;
    }

    /** PostgreSQL's message for Calcite's {@code resource} with {@code args}, or null to keep Calcite's. */
    static String of(String resource, Object[] args) {
        String first = args.length > 0 ? String.valueOf(args[0]) : "";
        switch (resource) {
            case "notGroupExpr":
                return "column \"" + first + "\" must appear in the GROUP BY clause or be used in an aggregate function";
            case "aggregateIllegalInClause":
                return "aggregate functions are not allowed in " + first;
            case "aggregateIllegalInGroupBy":
                return "aggregate functions are not allowed in GROUP BY";
            case "condMustBeBoolean":
                return "argument of " + first + " must be type boolean";
            case "havingMustBeBoolean":
                return "argument of HAVING must be type boolean";
            case "columnCountMismatchInSetop":
                return "each " + first.toUpperCase(Locale.ROOT) + " query must have the same number of columns";
            case "columnNotNullable":
                return "null value in column \"" + first + "\" violates not-null constraint";
            case "validatorUnknownFunction":
                return "function " + types(first)
                        + " does not exist";
            case "invalidArgCount":
                return "function " + first.toLowerCase(Locale.ROOT) + " does not exist with that number of arguments "
                        + "(it takes " + (args.length > 1 ? args[1] : "another number") + ")";
            case "canNotApplyOp2Type":
                return operator(first, args.length > 1 ? String.valueOf(args[1]) : "");
            default:
                return null;
        }
    }

    /** {@code op} applied to {@code signature} ({@code '<DATE> + <CHAR(1)>'}, {@code 'AVG(<BOOLEAN>)'}) refused. */
    private static String operator(String op, String signature) {
        if (op.equals("$SCALAR_QUERY")) {
            return "subquery must return only one column";
        }
        String s = signature.strip();
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) {
            s = s.substring(1, s.length() - 1);
        }
        String upper = op.toUpperCase(Locale.ROOT);
        if (upper.equals("AND") || upper.equals("OR") || upper.equals("NOT")) {
            Matcher m = TYPE.matcher(s);
            while (m.find()) {
                String type = ValidationErrors.typeName(m.group(1));
                if (!type.equals("boolean")) {
                    return "argument of " + upper + " must be type boolean, not type " + type;
                }
            }
            return "argument of " + upper + " must be type boolean";
        }
        String types = types(s);
        if (op.matches("[A-Za-z_][A-Za-z_0-9 ]*")) {
            int paren = types.indexOf('(');
            return "function " + (paren > 0 ? types.substring(0, paren).toLowerCase(Locale.ROOT)
                    + types.substring(paren) : types) + " does not exist";
        }
        return "operator does not exist: " + types;
    }

    /** A Calcite signature's {@code <TYPE>}s as PostgreSQL's type names, lower case. */
    private static String types(String signature) {
        Matcher m = TYPE.matcher(signature);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(ValidationErrors.typeName(m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }
}
