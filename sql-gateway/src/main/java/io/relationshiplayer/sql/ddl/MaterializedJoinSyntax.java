package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateMaterializedJoin;

/**
 * The syntax of CREATE MATERIALIZED JOIN, after its first three words: parsed so that its errors are precise, though
 * the statement itself is refused (0A000) when it runs.
 */
final class MaterializedJoinSyntax {
    private MaterializedJoinSyntax() {
    }

    /** name ON table USING foreign_key (child.col | parent.col, ...) */
    static DdlStatement parse(DdlCursor c) {
        String name = c.identifier("a materialized join name");
        c.expect("on", "after the materialized join name");
        String table = c.identifier("a table name");
        c.expect("using", "and a foreign key name after the table of a materialized join");
        MaterializedJoinDef.Builder join = MaterializedJoinDef.newBuilder().setName(name)
                .setForeignKey(c.identifier("a foreign key name after USING"));
        c.expectSymbol("(", "after USING " + join.getForeignKey());
        do {
            DdlToken side = c.peek();
            String qualifier = c.identifier("child.<column> or parent.<column>");
            if (!qualifier.equals("child") && !qualifier.equals("parent")) {
                throw DdlCursor.error(side, "expected child.<column> or parent.<column>");
            }
            c.expectSymbol(".", "after " + qualifier);
            join.addIndexColumns(qualifier + "." + c.identifier("a column name after " + qualifier + "."));
        } while (c.acceptSymbol(","));
        c.expectSymbol(")", "or \",\" in the materialized join's column list");
        return new CreateMaterializedJoin(table, join.build());
    }
}
