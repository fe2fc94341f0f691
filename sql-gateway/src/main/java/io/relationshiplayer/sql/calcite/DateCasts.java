package io.relationshiplayer.sql.calcite;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * A DATE's casts to and from text and the EXTRACTs of it that Calcite's generated code gets wrong, made PostgreSQL's
 * ({@link Dates}): text to DATE reads an era ({@code 0044-03-15 BC}; Calcite's reading failed with an internal error)
 * and a time of day; a DATE to text writes one (Calcite wrote {@code 00,--03-15}); EXTRACT of YEAR, DECADE, CENTURY,
 * MILLENNIUM and ISOYEAR of a date BC counts as PostgreSQL does, which has no year 0 (Calcite's YEAR of 44 BC was
 * -43), and DOW counts Sunday as 0 (Calcite's as 1). Applied to every plan before optimization.
 */
public final class DateCasts {
    /** A DATE of an INTEGER of days: the int as it is; dynamic, so that constant folding never makes it a literal. */
    public static final SqlUserDefinedFunction OF = TimestampFunctions.reinterpreting("rl_date", SqlTypeName.DATE,
            Functions.class);
    private static final SqlUserDefinedFunction PARSE = CallRewrites.function(Functions.class, "rl_date_parse",
            "parse", ReturnTypes.INTEGER.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction TEXT = CallRewrites.function(Functions.class, "rl_date_text", "text",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction EXTRACT = CallRewrites.function(Functions.class, "rl_date_extract",
            "extract", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    /** The units whose EXTRACT of a DATE is ours; the others (MONTH, DAY, DOY, WEEK, ...) Calcite counts as PostgreSQL. */
    private static final Set<TimeUnitRange> OURS = EnumSet.of(TimeUnitRange.YEAR, TimeUnitRange.DECADE,
            TimeUnitRange.CENTURY, TimeUnitRange.MILLENNIUM, TimeUnitRange.ISOYEAR, TimeUnitRange.DOW);

    private DateCasts() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    /** The DATE {@code type} of {@code days}, an INTEGER: the same int in generated code. */
    public static RexNode of(RexBuilder rex, RelDataType type, RexNode days) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return rex.makeCall(types.createTypeWithNullability(type, days.getType().isNullable()), OF, List.of(days));
    }

    private static final class Rewrite implements CallRewrites.Rewrite {
        private final RexBuilder rex;

        Rewrite(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode call(RexCall call) {
            List<RexNode> operands = call.getOperands();
            if (call.getKind() == SqlKind.EXTRACT && operands.size() == 2 && operands.get(0) instanceof RexLiteral unit
                    && unit.getValue() instanceof TimeUnitRange range && OURS.contains(range)
                    && operands.get(1).getType().getSqlTypeName() == SqlTypeName.DATE) {
                RexNode x = operands.get(1);
                RexNode value = rex.makeCall(type(SqlTypeName.BIGINT, x), EXTRACT,
                        List.of(rex.makeLiteral(range.name()), days(x)));
                return rex.makeCast(call.getType(), value, true, false);
            }
            if (call.getKind() != SqlKind.CAST || operands.size() != 1) {
                return call;
            }
            RexNode x = operands.get(0);
            SqlTypeName from = x.getType().getSqlTypeName();
            SqlTypeName to = call.getType().getSqlTypeName();
            boolean fromText = from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR;
            if (to == SqlTypeName.DATE && fromText) {
                return of(rex, call.getType(), rex.makeCall(type(SqlTypeName.INTEGER, x), PARSE, List.of(x)));
            }
            if ((to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR) && from == SqlTypeName.DATE) {
                return rex.makeCast(call.getType(), rex.makeCall(type(SqlTypeName.VARCHAR, x), TEXT,
                        List.of(days(x))), true, false);
            }
            return call;
        }

        /** A DATE's days, the int it is in generated code, as an INTEGER. */
        private RexNode days(RexNode date) {
            return rex.makeReinterpretCast(type(SqlTypeName.INTEGER, date), date, rex.makeLiteral(false));
        }

        private RelDataType type(SqlTypeName name, RexNode nullableAs) {
            RelDataTypeFactory types = rex.getTypeFactory();
            return types.createTypeWithNullability(types.createSqlType(name), nullableAs.getType().isNullable());
        }
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** {@link #OF}: the days as they are. */
        public static int of(int days) {
            return days;
        }

        /** Text as a DATE ({@link Dates#parse}). */
        public static int parse(String text) {
            return Dates.parse(text);
        }

        /** A DATE as PostgreSQL writes it ({@link Dates#text}). */
        public static String text(int days) {
            return Dates.text(days);
        }

        /** EXTRACT of {@code unit} (one of {@link #OURS}) from a DATE: that of its midnight. */
        public static long extract(String unit, int days) {
            return TimestampFunctions.Functions.extract(unit, days * Timestamps.DAY);
        }
    }
}
