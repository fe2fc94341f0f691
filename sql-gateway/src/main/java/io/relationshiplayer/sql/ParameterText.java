package io.relationshiplayer.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Types;
import java.time.LocalDate;

/**
 * A text value bound to a parameter of another type, read as PostgreSQL reads the text of a parameter it has typed
 * ({@code ?::bigint} bound to {@code '41'} is 41): integers, decimals, floating point, booleans (PostgreSQL's spellings)
 * and dates (ISO). Text that does not read is 22P02 (22007 for a date), an integer past its type 22003, naming the
 * parameter. Other values, and text for other types, are left as they are.
 */
final class ParameterText {
    private ParameterText() {
    }

    /** {@code v} as a value of the JDBC type {@code sqlType} if it is text, else {@code v}. */
    static Object read(int sqlType, Object v, int position) {
        if (!(v instanceof String text)) {
            return v;
        }
        String s = text.strip();
        switch (sqlType) {
            case Types.BIGINT:
            case Types.INTEGER:
            case Types.SMALLINT:
            case Types.TINYINT:
                try {
                    return Long.parseLong(s);
                } catch (NumberFormatException e) {
                    return wholeNumber(s, text, position); // out of range (22003 where it is checked) or not a number
                }
            case Types.DECIMAL:
            case Types.NUMERIC:
                try {
                    return new BigDecimal(s);
                } catch (NumberFormatException e) {
                    throw invalid("numeric", text, position);
                }
            case Types.DOUBLE:
            case Types.FLOAT:
            case Types.REAL:
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw invalid("double precision", text, position);
                }
            case Types.BOOLEAN:
                Boolean b = io.relationshiplayer.sql.calcite.BooleanCasts.read(s);
                if (b == null) {
                    throw invalid("boolean", text, position);
                }
                return b;
            case Types.DATE:
                try {
                    return LocalDate.parse(s);
                } catch (java.time.format.DateTimeParseException e) {
                    throw new SqlException("22007", "parameter $" + position + ": invalid input syntax for type date: \""
                            + text + "\"");
                }
            default:
                return v;
        }
    }

    private static Object wholeNumber(String s, String text, int position) {
        try {
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            throw invalid("integer", text, position);
        }
    }

    private static SqlException invalid(String type, String text, int position) {
        return new SqlException(SqlException.INVALID_TEXT, "parameter $" + position + ": invalid input syntax for type "
                + type + ": \"" + text + "\"");
    }
}
