package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The expression builder of a statement's planning, checking for a cancel at every call expression it makes: the
 * conversion, the simplifier and every rule build their expressions through it, so a cancel stops even a single step
 * of them (Calcite's simplifier spends hundreds of milliseconds on one OR of a few hundred terms) at its next call.
 */
public final class CheckedRexBuilder extends RexBuilder {
    public CheckedRexBuilder(RelDataTypeFactory typeFactory) {
        super(typeFactory);
    }

    @Override
    public RexNode makeCall(SqlParserPos pos, RelDataType returnType, SqlOperator op, List<RexNode> exprs) {
        StatementCancel.checkPreparing();
        return super.makeCall(pos, returnType, op, exprs);
    }

    @Override
    public RexNode makeCall(SqlParserPos pos, SqlOperator op, List<? extends RexNode> exprs) {
        StatementCancel.checkPreparing();
        return super.makeCall(pos, op, exprs);
    }
}
