package io.relationshiplayer.sql.calcite;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * Casts between text and binary strings (VARBINARY, PostgreSQL's {@code bytea}) as PostgreSQL makes them, where
 * Calcite's generated code gave other values: text to bytes is the text's UTF-8 encoding (Calcite encoded it in the
 * literal's character set, UTF-16LE here: {@code 'ab'::bytea} was {@code \x61006200}, PostgreSQL's {@code \x6162}),
 * and bytes to text are PostgreSQL's hex output, {@code \x6162} (Calcite wrote {@code 6162}). Applied to every plan
 * before optimization ({@link #program}), so constant folding runs the same functions.
 */
public final class ByteaCasts {
    private static final SqlUserDefinedFunction UTF8 = function("utf8",
            ReturnTypes.explicit(SqlTypeName.VARBINARY).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction HEX = function("hex",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));

    private ByteaCasts() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    /** {@code rel} with its casts between text and bytes made PostgreSQL's. */
    public static org.apache.calcite.rel.RelNode rewrite(org.apache.calcite.rel.RelNode rel) {
        return CallRewrites.apply(rel, Rewrite::new);
    }

    /**
     * {@code node} with a literal's cast between text and bytes made PostgreSQL's before it is converted: Calcite folds
     * the cast of a literal while it converts the statement, before {@link #program} sees it (so {@code 'ab'::bytea}
     * is rewritten here to {@code X'6162'::bytea}: the literal read as PostgreSQL's bytea input reads it, {@code
     * '\x0102'} as hex, backslashes as escapes ({@link ByteaEncodings#input}), and {@code X'6162'::text} to {@code '\x6162'::text}). Other nodes
     * are returned as they are.
     */
    public static org.apache.calcite.sql.SqlNode literalCast(org.apache.calcite.sql.SqlNode node) {
        if (!(node instanceof org.apache.calcite.sql.SqlBasicCall call) || call.getKind() != SqlKind.CAST
                || call.operandCount() != 2
                || !(call.operand(1) instanceof org.apache.calcite.sql.SqlDataTypeSpec spec)) {
            return node;
        }
        List<String> names = spec.getTypeName().names;
        String type = names.get(names.size() - 1).toUpperCase(java.util.Locale.ROOT);
        org.apache.calcite.sql.SqlNode value = call.operand(0);
        if (List.of("BINARY", "VARBINARY", "BYTEA").contains(type)
                && value instanceof org.apache.calcite.sql.SqlCharStringLiteral text) {
            org.apache.calcite.sql.parser.SqlParserPos pos = text.getParserPosition();
            byte[] bytes;
            try {
                bytes = ByteaEncodings.input(text.getValueAs(String.class)).getBytes();
            } catch (io.relationshiplayer.sql.SqlException e) { // at the literal, as PostgreSQL's
                throw new io.relationshiplayer.sql.SqlException(e.sqlState(), e.getMessage(), pos.getLineNum(),
                        pos.getColumnNum(), null);
            }
            call.setOperand(0, org.apache.calcite.sql.SqlLiteral.createBinaryString(bytes, pos));
        } else if (List.of("CHAR", "VARCHAR", "TEXT").contains(type)
                && value instanceof org.apache.calcite.sql.SqlBinaryStringLiteral bytes) {
            call.setOperand(0, org.apache.calcite.sql.SqlLiteral.createCharString(
                    Functions.hex(new ByteString(bytes.getValueAs(org.apache.calcite.util.BitString.class)
                            .getAsByteArray())), bytes.getParserPosition()));
        }
        return node;
    }

    private static SqlUserDefinedFunction function(String method, SqlReturnTypeInference type) {
        return CallRewrites.function(Functions.class, "rl_bytea_" + method, method, type);
    }

    private static final class Rewrite extends CallRewrites.CastRewrite {
        Rewrite(RexBuilder rex) {
            super(rex);
        }

        @Override
        RexNode cast(RexCall call, RexNode x, SqlTypeName from) {
            SqlTypeName to = call.getType().getSqlTypeName();
            boolean fromText = from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR;
            boolean fromBytes = from == SqlTypeName.BINARY || from == SqlTypeName.VARBINARY;
            boolean toText = to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR;
            boolean toBytes = to == SqlTypeName.BINARY || to == SqlTypeName.VARBINARY;
            if (fromText && toBytes) {
                return castOf(call, UTF8, x, SqlTypeName.VARBINARY);
            }
            if (fromBytes && toText) {
                return castOf(call, HEX, x, SqlTypeName.VARCHAR);
            }
            return call;
        }

    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** Text as its UTF-8 bytes, as PostgreSQL's text to bytea (of a UTF-8 database). */
        public static ByteString utf8(String text) {
            return new ByteString(text.getBytes(StandardCharsets.UTF_8));
        }

        /** Bytes as PostgreSQL's hex output of a bytea: {@code \x} and two lower-case digits a byte. */
        public static String hex(ByteString bytes) {
            return "\\x" + HexFormat.of().formatHex(bytes.getBytes());
        }
    }
}
