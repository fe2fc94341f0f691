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

/**
 * LIKE, ILIKE and SIMILAR TO without an ESCAPE clause escape with a backslash, as PostgreSQL's do: {@code 'a%b' LIKE
 * 'a\%b'} is true, {@code 'axb' LIKE 'a\_b'} false. Calcite's have no escape character, so a backslash was an ordinary
 * character and such patterns matched other rows than PostgreSQL's. A pattern that is a literal without a backslash is
 * left as it is (it means the same either way, and its prefix can still be read from an index).
 */
final class LikeEscape {
    private LikeEscape() {
    }

    static SqlRexConvertletTable convertlets(SqlRexConvertletTable delegate) {
        return call -> {
            SqlRexConvertlet convertlet = delegate.get(call);
            if (convertlet == null || call.getKind() != SqlKind.LIKE && call.getKind() != SqlKind.SIMILAR
                    || call.operandCount() != 2) {
                return convertlet;
            }
            return (cx, c) -> convertlet.convertCall(cx, c).accept(new Escapes(cx.getRexBuilder()));
        };
    }

    /** Each LIKE or SIMILAR of two operands (NOT LIKE is a NOT of one) given the backslash as its escape. */
    private static final class Escapes extends RexShuttle {
        private final RexBuilder rex;

        Escapes(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            if (call.getKind() != SqlKind.LIKE && call.getKind() != SqlKind.SIMILAR
                    || call.getOperands().size() != 2 || plain(call.getOperands().get(1))) {
                return call;
            }
            List<RexNode> operands = new ArrayList<>(call.getOperands());
            operands.add(rex.makeLiteral("\\"));
            return rex.makeCall(call.getType(), call.getOperator(), operands);
        }

        private static boolean plain(RexNode pattern) {
            if (!(pattern instanceof RexLiteral literal)) {
                return false;
            }
            NlsString text = literal.getValueAs(NlsString.class);
            return text == null || text.getValue().indexOf('\\') < 0;
        }
    }
}
