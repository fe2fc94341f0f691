package io.relationshiplayer.sql;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * A {@code char(n)} value made text loses its trailing blanks, as in PostgreSQL, where Calcite kept its padding
 * ({@code 'x'::char(3) || 'y'} was {@code x  y}, PostgreSQL's {@code xy}): an operand of {@code ||} that is a cast to
 * {@code char(n)} is made text first ({@link #concatOperands}, before validation, so that the result is text too), and
 * a cast of such a cast to text or {@code varchar} trims its trailing blanks as it is converted
 * ({@link #convertlets}). Only explicit casts to {@code char(n)} are such values: Calcite's string literals are CHAR
 * too, and keep their blanks as PostgreSQL's do.
 */
final class PaddedChars {
    private PaddedChars() {
    }

    /**
     * PostgreSQL's functions of text, whose {@code char(n)} argument is made text (its trailing blanks dropped) before
     * they see it: {@code length('ab'::char(4))} is 2, {@code upper('ab'::char(4)) || '|'} {@code AB|} (Calcite
     * counted 4 and kept the blanks). {@code octet_length}, {@code concat}, comparisons and LIKE take the padded value,
     * as PostgreSQL's do.
     */
    private static final java.util.Set<String> TEXT_FUNCTIONS = java.util.Set.of("LENGTH", "CHAR_LENGTH",
            "CHARACTER_LENGTH", "UPPER", "LOWER", "INITCAP", "SUBSTRING", "SUBSTR", "REPLACE", "POSITION", "STRPOS",
            "LEFT", "RIGHT", "REVERSE", "REPEAT", "LPAD", "RPAD", "SPLIT_PART", "TRANSLATE", "MD5", "ASCII", "TRIM",
            "BTRIM", "LTRIM", "RTRIM", "STARTS_WITH");

    /**
     * {@code node} with each operand of a {@code ||} or of a function of {@link #TEXT_FUNCTIONS} that is a cast to
     * {@code char(n)} cast to text.
     */
    static SqlNode concatOperands(SqlNode node) {
        if (node instanceof SqlBasicCall call && (call.getOperator() == SqlStdOperatorTable.CONCAT
                || TEXT_FUNCTIONS.contains(call.getOperator().getName().toUpperCase(Locale.ROOT)))) {
            for (int i = 0; i < call.operandCount(); i++) {
                SqlNode operand = call.operand(i);
                if (charCast(operand)) {
                    SqlParserPos pos = operand.getParserPosition();
                    call.setOperand(i, SqlStdOperatorTable.CAST.createCall(pos, operand, new SqlDataTypeSpec(
                            new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, pos), pos)));
                }
            }
        }
        return node;
    }

    private static boolean charCast(SqlNode node) {
        if (!(node instanceof SqlCall call) || call.getKind() != SqlKind.CAST || call.operandCount() != 2
                || !(call.operand(1) instanceof SqlDataTypeSpec spec)) {
            return false;
        }
        List<String> names = spec.getTypeNameSpec().getTypeName().names;
        String type = names.get(names.size() - 1).toUpperCase(Locale.ROOT);
        return type.equals("CHAR") || type.equals("CHARACTER") || type.equals("BPCHAR");
    }

    /** {@code delegate}'s conversions, with a cast of a {@code char(n)} cast to text trimmed. */
    static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            if (convertlet == null || call.getKind() != SqlKind.CAST) {
                return convertlet;
            }
            return (cx, c) -> {
                RexNode converted = convertlet.convertCall(cx, c);
                return converted instanceof RexCall ? converted.accept(new Trims(cx.getRexBuilder())) : converted;
            };
        };
    }

    /** Every cast to VARCHAR of a cast to CHAR, with the CHAR value's trailing blanks trimmed first. */
    private static final class Trims extends RexShuttle {
        private final RexBuilder rex;

        Trims(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                    || call.getType().getSqlTypeName() != SqlTypeName.VARCHAR
                    || !(call.getOperands().get(0) instanceof RexCall inner) || inner.getKind() != SqlKind.CAST
                    || inner.getType().getSqlTypeName() != SqlTypeName.CHAR) {
                return call;
            }
            RexNode trimmed = rex.makeCall(SqlStdOperatorTable.TRIM, rex.makeFlag(SqlTrimFunction.Flag.TRAILING),
                    rex.makeLiteral(" "), inner);
            return rex.makeCast(call.getType(), trimmed, true, false);
        }
    }
}
