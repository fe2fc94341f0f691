package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.util.NlsString;
import java.util.regex.Pattern;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * LIKE, ILIKE and SIMILAR TO without an ESCAPE clause escape with a backslash, as PostgreSQL's do: {@code 'a%b' LIKE
 * 'a\%b'} is true, {@code 'axb' LIKE 'a\_b'} false, {@code 'ab' LIKE 'a\b'} true, a pattern ending in a lone
 * backslash 22025. Calcite's have no escape character, so a backslash was an ordinary character and such patterns
 * matched other rows than PostgreSQL's. A pattern that is a literal without a backslash is left to Calcite (it means
 * the same either way, and its prefix can still be read from an index); any other LIKE or ILIKE runs here.
 */
final class LikeEscape {
    private static final SqlUserDefinedFunction LIKE = function("like");
    private static final SqlUserDefinedFunction ILIKE = function("ilike");

    private LikeEscape() {
    }

    private static SqlUserDefinedFunction function(String method) {
        ScalarFunctionImpl f = (ScalarFunctionImpl) ScalarFunctionImpl.create(Functions.class, method);
        return new SqlUserDefinedFunction(new SqlIdentifier("rl_" + method, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, ReturnTypes.BOOLEAN_NULLABLE, null, null, f);
    }

    static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            if (convertlet == null || call.getKind() != SqlKind.LIKE && call.getKind() != SqlKind.SIMILAR) {
                return convertlet;
            }
            return (cx, c) -> convertlet.convertCall(cx, c).accept(new Escapes(cx.getRexBuilder()));
        };
    }

    /**
     * Each LIKE or ILIKE (NOT LIKE is a NOT of one) whose pattern is no literal without a backslash, or that has an
     * ESCAPE, made PostgreSQL's function; each SIMILAR TO of two operands given the backslash as its escape.
     */
    private static final class Escapes extends RexShuttle {
        private final RexBuilder rex;

        Escapes(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            if (call.getKind() != SqlKind.LIKE && call.getKind() != SqlKind.SIMILAR
                    || call.getOperands().size() == 2 && plain(call.getOperands().get(1))) {
                return call;
            }
            if (call.getKind() == SqlKind.SIMILAR) {
                if (call.getOperands().size() != 2) {
                    return call;
                }
                List<RexNode> operands = new ArrayList<>(call.getOperands());
                operands.add(rex.makeLiteral("\\"));
                return rex.makeCall(call.getType(), call.getOperator(), operands);
            }
            // Calcite's LIKE with an escape refuses an escaped ordinary character ('a\b'), which PostgreSQL's reads
            // (and an explicit ESCAPE: Calcite refuses 'a|b' ESCAPE '|', which PostgreSQL reads as 'ab')
            boolean ilike = call.getOperator().getName().equalsIgnoreCase("ILIKE");
            List<RexNode> operands = new ArrayList<>(call.getOperands());
            if (operands.size() == 2) {
                operands.add(rex.makeLiteral("\\"));
            }
            return rex.makeCall(call.getType(), ilike ? ILIKE : LIKE, operands);
        }

        private static boolean plain(RexNode pattern) {
            if (!(pattern instanceof RexLiteral literal)) {
                return false;
            }
            NlsString text = literal.getValueAs(NlsString.class);
            return text == null || text.getValue().indexOf('\\') < 0;
        }
    }

    /** PostgreSQL's LIKE and ILIKE, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        /** The last pattern each thread compiled, and its regular expression: a column's patterns repeat. */
        private static final ThreadLocal<Object[]> LAST = new ThreadLocal<>();

        private Functions() {
        }

        public static boolean like(String s, String pattern, String escape) {
            return regex(pattern, escape, false).matcher(s).matches();
        }

        public static boolean ilike(String s, String pattern, String escape) {
            return regex(pattern, escape, true).matcher(s).matches();
        }

        /** The pattern as a regular expression; {@code escape} one character, or empty for none. */
        private static Pattern regex(String pattern, String escape, boolean ignoreCase) {
            Object[] last = LAST.get();
            if (last != null && last[0].equals(pattern) && last[1].equals(escape) && last[2].equals(ignoreCase)) {
                return (Pattern) last[3];
            }
            if (escape.codePointCount(0, escape.length()) > 1) {
                throw new SqlException("22025", "invalid escape string");
            }
            int esc = escape.isEmpty() ? -1 : escape.charAt(0);
            StringBuilder re = new StringBuilder();
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (c == esc) {
                    if (++i == pattern.length()) {
                        throw new SqlException("22025", "LIKE pattern must not end with escape character");
                    }
                    re.append(Pattern.quote(String.valueOf(pattern.charAt(i))));
                } else if (c == '%') {
                    re.append(".*");
                } else if (c == '_') {
                    re.append('.');
                } else {
                    re.append(Pattern.quote(String.valueOf(c)));
                }
            }
            Pattern p = Pattern.compile(re.toString(), Pattern.DOTALL
                    | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0));
            LAST.set(new Object[] {pattern, escape, ignoreCase, p});
            return p;
        }
    }
}
