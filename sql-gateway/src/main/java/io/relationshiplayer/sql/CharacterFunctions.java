package io.relationshiplayer.sql;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Text functions whose values differ between Calcite and PostgreSQL, run as PostgreSQL's: {@code left(s, n)} and
 * {@code right(s, n)} with a negative n are all but the last (first) |n| characters (Calcite's were empty);
 * {@code octet_length} of text counts its UTF-8 bytes (Calcite's counted UTF-16's: 10 for {@code héllo}, not 6);
 * {@code upper} and {@code lower} map each character alone, as PostgreSQL's do (Java's {@code toUpperCase} made
 * {@code straße} {@code STRASSE}, which PostgreSQL leaves {@code STRAßE}).
 */
final class CharacterFunctions {
    /** Each function by its name, upper case. */
    private static final java.util.Map<String, SqlUserDefinedFunction> FUNCTIONS = java.util.Map.of(
            "LEFT", function("left"), "RIGHT", function("right"), "OCTET_LENGTH", function("octet_length"),
            "UPPER", function("upper"), "LOWER", function("lower"));

    private CharacterFunctions() {
    }

    static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
            if (convertlet == null || !FUNCTIONS.containsKey(name) || call.operandCount() == 0) {
                return convertlet;
            }
            return (cx, c) -> {
                List<SqlNode> nodes = new ArrayList<>(c.getOperandList());
                if (name.equals("OCTET_LENGTH") && nodes.get(0) instanceof SqlCall cast
                        && cast.getKind() == SqlKind.CAST && SqlTypeUtil.inCharFamily(
                        cx.getValidator().getValidatedNodeType(cast.operand(0)))) {
                    nodes.set(0, cast.operand(0)); // the validator's cast of the text to bytes: UTF-16's
                }
                if (!SqlTypeUtil.inCharFamily(cx.getValidator().getValidatedNodeType(nodes.get(0)))) {
                    return convertlet.convertCall(cx, c); // octet_length of bytes, as Calcite's
                }
                List<RexNode> operands = new ArrayList<>();
                for (SqlNode operand : nodes) {
                    operands.add(cx.convertExpression(operand));
                }
                RelDataType type = cx.getValidator().getValidatedNodeType(c);
                return cx.getRexBuilder().makeCall(type, FUNCTIONS.get(name), operands);
            };
        };
    }

    private static SqlUserDefinedFunction function(String method) {
        ScalarFunctionImpl f = (ScalarFunctionImpl) ScalarFunctionImpl.create(Functions.class, method + "Text");
        return new SqlUserDefinedFunction(new SqlIdentifier("rl_" + method, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0_NULLABLE, null, null, f);
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        public static String leftText(String s, int n) {
            int length = s.codePointCount(0, s.length());
            int keep = n >= 0 ? Math.min(n, length) : Math.max(0, length + n);
            return s.substring(0, s.offsetByCodePoints(0, keep));
        }

        public static String rightText(String s, int n) {
            int length = s.codePointCount(0, s.length());
            int keep = n >= 0 ? Math.min(n, length) : Math.max(0, length + n);
            return s.substring(s.offsetByCodePoints(0, length - keep));
        }

        public static int octet_lengthText(String s) {
            return s.getBytes(StandardCharsets.UTF_8).length;
        }

        public static String upperText(String s) {
            StringBuilder b = new StringBuilder(s.length());
            s.codePoints().forEach(c -> b.appendCodePoint(Character.toUpperCase(c)));
            return b.toString();
        }

        public static String lowerText(String s) {
            StringBuilder b = new StringBuilder(s.length());
            s.codePoints().forEach(c -> b.appendCodePoint(Character.toLowerCase(c)));
            return b.toString();
        }
    }
}
