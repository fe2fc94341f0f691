package io.relationshiplayer.sql;

import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.ddl.RelationalErrors;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;

/** Any failure of a statement as a {@link SqlException}: SQLSTATE, message, and the position in the text. */
public final class SqlErrors {

    private SqlErrors() {
    }

    static SqlException toSql(Throwable failure) {
        for (Throwable c = failure; c != null; c = c.getCause()) {
            if (c instanceof SqlException) {
                return (SqlException) c;
            }
            SqlException limit = foundationDbLimit(c);
            if (limit != null) {
                return limit;
            }
            if (c instanceof StackOverflowError) {
                return new SqlException(SqlException.STATEMENT_TOO_COMPLEX, "statement too complex: it nests too "
                        + "deeply to analyze; split it into several statements, or pass long lists as parameters",
                        0, 0, c);
            }
            if (String.valueOf(c.getMessage()).contains("Code grows beyond 64 KB")) {
                return new SqlException(SqlException.STATEMENT_TOO_COMPLEX, "statement too complex: its compiled "
                        + "form passes the JVM's 64 KB method limit; split a long VALUES list into several INSERTs "
                        + "(a thousand rows each is safe) or insert with a prepared statement and parameters",
                        0, 0, c);
            }
            SqlException data = dataException(c);
            if (data != null) {
                return data;
            }
            if (c instanceof RelationalException) {
                return RelationalErrors.toSql((RelationalException) c);
            }
            if (c instanceof SqlParseException) {
                SqlParseException p = (SqlParseException) c;
                if (p.getCause() instanceof SqlException made) {
                    return made; // an error of PostgreSQL's made as the parse tree is (DistinctOn)
                }
                int line = p.getPos() == null ? 0 : p.getPos().getLineNum();
                int column = p.getPos() == null ? 0 : p.getPos().getColumnNum();
                SqlException literal = DatetimeLiteralErrors.of(firstLine(p.getMessage()), line, column, p);
                return literal != null ? literal : new SqlException(SqlException.SYNTAX_ERROR,
                        parseMessage(firstLine(p.getMessage())), line, column, p);
            }
            if (c instanceof CalciteContextException) {
                return validation((CalciteContextException) c);
            }
            if (c.getCause() == c) {
                break;
            }
        }
        RuntimeException translated = RelationshipLayer.translate(failure);
        if (translated instanceof RelationalException
                || translated instanceof io.relationshiplayer.records.RecordServiceException) {
            SqlException e = RelationalErrors.toSql(translated);
            if (!SqlException.INTERNAL_ERROR.equals(e.sqlState())) {
                return e;
            }
        }
        return new SqlException(SqlException.INTERNAL_ERROR, describe(failure), 0, 0, failure);
    }

    /** Failures of evaluating values (generated code): division by zero, overflow, a value of the wrong type. */
    private static SqlException dataException(Throwable c) {
        String m = String.valueOf(c.getMessage());
        SqlException value = ValueErrors.of(c);
        if (value != null) {
            return value;
        }
        if (c instanceof ClassCastException) {
            return new SqlException(SqlException.DATATYPE_MISMATCH, "a value does not have the type its column or "
                    + "operator needs" + castTypes(m), 0, 0, c);
        }
        if (m.startsWith("Invalid character for cast: ") && c.getClass().getName().startsWith("org.apache.calcite")) {
            // Calcite's own cast of a string to BOOLEAN (BooleanCasts replaces it in every plan; a cast it has not
            // seen is still 22P02, never XX000)
            return new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type boolean: \""
                    + m.substring("Invalid character for cast: ".length()) + "\"", 0, 0, c);
        }
        if (m.contains("out of range") && (c instanceof IllegalArgumentException || c instanceof IllegalStateException
                || c.getClass().getName().startsWith("org.apache.calcite"))) {
            return new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, m, 0, 0, c);
        }
        return null;
    }

    private static final java.util.regex.Pattern CAST = java.util.regex.Pattern.compile(
            "class (\\S+) cannot be cast to class (\\S+)");

    /**
     * The SQL types of the JVM's cast failure ({@code class java.lang.Boolean cannot be cast to class java.lang.Number}:
     * ": a boolean where a number is needed"), never the Java class names; empty when the message says no more.
     */
    static String castTypes(String message) {
        java.util.regex.Matcher cast = CAST.matcher(message);
        if (!cast.find()) {
            return "";
        }
        String from = sqlType(cast.group(1));
        String to = sqlType(cast.group(2));
        return from == null || to == null ? "" : ": " + from + " where " + to + " is needed";
    }

    private static String sqlType(String javaClass) {
        switch (javaClass) {
            case "java.lang.Boolean":
                return "a boolean";
            case "java.lang.Integer":
            case "java.lang.Short":
            case "java.lang.Byte":
                return "an integer";
            case "java.lang.Long":
                return "a bigint";
            case "java.lang.Double":
            case "java.lang.Float":
                return "a double precision";
            case "java.math.BigDecimal":
                return "a numeric";
            case "java.lang.Number":
                return "a number";
            case "java.lang.String":
                return "a text";
            case "org.apache.calcite.avatica.util.ByteString":
                return "a bytea";
            case "java.lang.Comparable":
                return "a comparable value";
            default:
                return null;
        }
    }

    /** FoundationDB's transaction limits, as PostgreSQL would report them: the window retryable, the size not. */
    private static SqlException foundationDbLimit(Throwable c) {
        int code = c instanceof com.apple.foundationdb.FDBException ? ((com.apple.foundationdb.FDBException) c).getCode()
                : 0;
        if (code == 1007 || c instanceof com.apple.foundationdb.record.provider.foundationdb.FDBExceptions
                .FDBStoreTransactionIsTooOldException) {
            return new SqlException(SqlException.SERIALIZATION_FAILURE, "the transaction ran past FoundationDB's "
                    + "5 second limit and was ended: retry it, doing less per transaction", 0, 0, c);
        }
        if (code == 2101 || c instanceof com.apple.foundationdb.record.provider.foundationdb.FDBExceptions
                .FDBStoreTransactionSizeException) {
            return new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "the transaction is larger than "
                    + "FoundationDB's 10 MB limit and was ended: write less per transaction", 0, 0, c);
        }
        if (code == 2103 || c instanceof com.apple.foundationdb.record.provider.foundationdb.FDBExceptions
                .FDBStoreValueSizeException || c instanceof com.apple.foundationdb.record.RecordCoreException
                && String.valueOf(c.getMessage()).startsWith("Record is too long")) {
            return new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "row too large: over FoundationDB's "
                    + "value limit of 100000 bytes", 0, 0, c);
        }
        if (code == 2102 || c instanceof com.apple.foundationdb.record.provider.foundationdb.FDBExceptions
                .FDBStoreKeySizeException) {
            return new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "key too large: over FoundationDB's "
                    + "key limit of 10000 bytes", 0, 0, c);
        }
        return null;
    }

    /** Whether a failure is FoundationDB's 5 second limit (a transaction too old to read or commit). */
    public static boolean transactionTooOld(Throwable failure) {
        for (Throwable c = failure; c != null && c.getCause() != c; c = c.getCause()) {
            if ((c instanceof com.apple.foundationdb.FDBException
                    && ((com.apple.foundationdb.FDBException) c).getCode() == 1007)
                    || c instanceof com.apple.foundationdb.record.provider.foundationdb.FDBExceptions
                    .FDBStoreTransactionIsTooOldException) {
                return true;
            }
        }
        return false;
    }

    /** A validation error: its SQLSTATE was decided where Calcite raised it ({@link ValidationErrors}). */
    private static SqlException validation(CalciteContextException e) {
        if (e instanceof ValidationErrors.Classified c) {
            return new SqlException(c.sqlState(), c.message(), null, c.hint(), e.getPosLine(), e.getPosColumn(), e);
        }
        String message = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
        SqlException literal = DatetimeLiteralErrors.of(String.valueOf(message), e.getPosLine(), e.getPosColumn(), e);
        return literal != null ? literal
                : new SqlException(SqlException.SYNTAX_ERROR, message, e.getPosLine(), e.getPosColumn(), e);
    }

    private static final java.util.regex.Pattern ENCOUNTERED = java.util.regex.Pattern.compile(
            "(?:Encountered \"(.*?)\"|Incorrect syntax near the keyword '(.*?)') at line \\d+, column \\d+\\.?");

    /**
     * Calcite's parse error in PostgreSQL's words: {@code Encountered "x y" at line 1, column 8.} (or {@code Incorrect
     * syntax near the keyword 'x' ...}) is {@code syntax error at or near "x"} ({@code at end of input} for its EOF),
     * and a message's own position goes: the error carries it, and clients print it once.
     */
    static String parseMessage(String first) {
        java.util.regex.Matcher m = ENCOUNTERED.matcher(first);
        if (m.matches()) {
            // Calcite names the tokens from the offending one on; PostgreSQL names the first
            String token = (m.group(1) != null ? m.group(1) : m.group(2)).strip().split("\\s+")[0];
            return "<EOF>".equals(token) ? "syntax error at end of input"
                    : "syntax error at or near \"" + token + "\"";
        }
        return first.replaceFirst(" at line \\d+, column \\d+", "");
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
