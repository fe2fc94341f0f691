package io.relationshiplayer.sql;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's {@code date_part('unit', x)} as {@code CAST(EXTRACT(unit FROM x) AS DOUBLE PRECISION)}, before the
 * statement is validated: the same answers as EXTRACT (PostgreSQL's, {@link PostgresFunctions#EXTRACT} and the plan's
 * rewrites), as a double as PostgreSQL's date_part returns. Calcite's own date_part counted its DOW from Sunday as 1,
 * its YEAR of 44 BC as -43, failed with an internal error on a TIMESTAMP and knew no plural or abbreviated unit.
 * A unit PostgreSQL does not know is 22023 at the unit; {@code julian} is 0A000.
 */
final class DatePart {
    /** PostgreSQL's unit names (datetktbl's and deltatktbl's spellings), to Calcite's units. */
    private static final Map<String, TimeUnit> UNITS = new HashMap<>();

    static {
        units(TimeUnit.MICROSECOND, "microsecond", "microseconds", "us", "usec", "usecs", "useconds");
        units(TimeUnit.MILLISECOND, "millisecond", "milliseconds", "ms", "msec", "msecs", "mseconds");
        units(TimeUnit.SECOND, "second", "seconds", "s", "sec", "secs");
        units(TimeUnit.MINUTE, "minute", "minutes", "m", "min", "mins");
        units(TimeUnit.HOUR, "hour", "hours", "h", "hr", "hrs");
        units(TimeUnit.DAY, "day", "days", "d");
        units(TimeUnit.WEEK, "week", "weeks", "w");
        units(TimeUnit.MONTH, "month", "months", "mon", "mons");
        units(TimeUnit.QUARTER, "quarter", "qtr");
        units(TimeUnit.YEAR, "year", "years", "y", "yr", "yrs");
        units(TimeUnit.DECADE, "decade", "decades", "dec", "decs");
        units(TimeUnit.CENTURY, "century", "centuries", "c", "cent");
        units(TimeUnit.MILLENNIUM, "millennium", "millennia", "mil", "mils", "millenniums");
        units(TimeUnit.DOW, "dow");
        units(TimeUnit.ISODOW, "isodow");
        units(TimeUnit.DOY, "doy");
        units(TimeUnit.ISOYEAR, "isoyear");
        units(TimeUnit.EPOCH, "epoch");
    }

    private DatePart() {
    }

    private static void units(TimeUnit unit, String... names) {
        for (String name : names) {
            UNITS.put(name, unit);
        }
    }

    /** {@code node} as the cast of an EXTRACT if it is a date_part of a literal unit; else null. */
    static SqlNode rewrite(SqlNode node) {
        if (!(node instanceof SqlBasicCall call) || call.operandCount() != 2
                || !call.getOperator().getName().equalsIgnoreCase("DATE_PART")
                || !(call.operand(0) instanceof SqlCharStringLiteral literal)) {
            return null;
        }
        String name = literal.getValueAs(String.class);
        SqlParserPos at = literal.getParserPosition();
        String key = name.strip().toLowerCase(Locale.ROOT);
        if (key.equals("julian")) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "date_part of \"julian\" is not supported",
                    at.getLineNum(), at.getColumnNum(), null);
        }
        TimeUnit unit = UNITS.get(key);
        if (unit == null) {
            throw new SqlException("22023", "unit \"" + name + "\" not recognized", at.getLineNum(),
                    at.getColumnNum(), null);
        }
        SqlParserPos pos = call.getParserPosition();
        SqlNode extract = PostgresFunctions.DATE_PART.createCall(pos, new SqlIntervalQualifier(unit, null, at),
                call.operand(1));
        return SqlStdOperatorTable.CAST.createCall(pos, extract,
                new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.DOUBLE, pos), pos));
    }
}
