package io.relationshiplayer.sql;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's convertlets, with the one for a call that has none of its own (AND, OR, the comparisons:
 * StandardConvertletTable's convertCall) called directly rather than through reflection. Calcite's table calls it by
 * reflection and wraps whatever it throws in an exception whose message is the call's SQL text, and the convertlet of
 * each call of a chain converts the call below it: an exception thrown in the conversion of an OR of n comparisons (as a
 * cancel is) was wrapped n times, each time writing the SQL of the OR below, in time quadratic in n: 0.45 s after a
 * cancel for an OR of 400 comparisons (load 12), past the 100 ms bound. Called directly, it throws its exceptions as
 * they are.
 */
final class DirectConvertlets {
    private DirectConvertlets() {
    }

    /** {@code base}, with its convertlet of calls that have none of their own called directly if it is Calcite's. */
    static SqlRexConvertletTable of(SqlRexConvertletTable base) {
        if (!(base instanceof StandardConvertletTable standard)) {
            return base;
        }
        // the convertlet Calcite's table gives a call of an operator with no convertlet of its own, nor of its class
        SqlBinaryOperator none = new SqlBinaryOperator("no convertlet", SqlKind.OTHER, 0, true, null, null, null);
        SqlRexConvertlet generic = base.get(new SqlBasicCall(none, List.of(), SqlParserPos.ZERO));
        if (generic == null) {
            return base;
        }
        SqlRexConvertlet direct = standard::convertCall;
        return (SqlCall call) -> {
            SqlRexConvertlet convertlet = base.get(call);
            return convertlet == generic ? direct : convertlet;
        };
    }
}
