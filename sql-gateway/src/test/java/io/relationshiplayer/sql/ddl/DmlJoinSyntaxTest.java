package io.relationshiplayer.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.relationshiplayer.sql.SqlException;
import org.junit.jupiter.api.Test;

/** The parts of a joined UPDATE or DELETE: same length and lines as the statement, each token where it is written. */
class DmlJoinSyntaxTest {
    @Test
    void anUpdateIsCutInThreeParts() {
        String sql = "UPDATE t AS x SET a = ?, b = u.b FROM u, (SELECT ? AS k) s WHERE x.id = u.id AND ? > 0";
        DmlJoinSyntax j = DmlJoinSyntax.find(sql);
        assertThat(j).isNotNull();
        assertThat(j.update()).isTrue();
        assertThat(j.statement()).isEqualTo(pad("UPDATE t AS x SET a = ?, b = u.b", sql.length()));
        assertThat(j.fromList()).startsWith("SELECT*").contains("FROM u, (SELECT ? AS k) s").doesNotContain("WHERE");
        assertThat(j.fromList().indexOf("FROM")).isEqualTo(sql.indexOf("FROM"));
        assertThat(j.where()).isNotNull();
        assertThat(j.where().indexOf("x.id")).isEqualTo(sql.indexOf("x.id"));
        assertThat(j.where().strip()).isEqualTo("x.id = u.id AND ? > 0");
        assertThat(j.fromParam()).isEqualTo(1);
        assertThat(j.whereParam()).isEqualTo(2);
        assertThat(j.statement()).hasSameSizeAs(sql);
        assertThat(j.fromList()).hasSameSizeAs(sql);
        assertThat(j.where()).hasSameSizeAs(sql);
    }

    @Test
    void aDeleteUsingKeepsItsLinesAndReadsItsListAsFrom() {
        String sql = "DELETE\nFROM t\nUSING u -- the list\nWHERE t.id = u.id\nRETURNING t.id";
        DmlJoinSyntax j = DmlJoinSyntax.find(sql);
        assertThat(j).isNotNull();
        assertThat(j.update()).isFalse();
        assertThat(j.fromList().split("\n", -1)).hasSize(5);
        assertThat(j.fromList().split("\n", -1)[0]).isEqualTo("SELECT");
        assertThat(j.fromList().split("\n", -1)[1]).isEqualTo("*     ");
        assertThat(j.fromList().split("\n", -1)[2]).isEqualTo("FROM  u -- the list");
        assertThat(j.statement().split("\n", -1)).containsExactly("DELETE", "FROM t", " ".repeat(19), " ".repeat(17),
                "RETURNING t.id");
        assertThat(j.where().split("\n", -1)[3]).isEqualTo("      t.id = u.id");
    }

    @Test
    void otherStatementsAndFromsAreNotJoins() {
        assertThat(DmlJoinSyntax.find("UPDATE t SET a = 1 WHERE b IN (SELECT c FROM u)")).isNull();
        assertThat(DmlJoinSyntax.find("UPDATE t SET a = b IS DISTINCT FROM c, d = EXTRACT(YEAR FROM e)")).isNull();
        assertThat(DmlJoinSyntax.find("UPDATE t SET a = 'FROM u' /* FROM v */")).isNull();
        assertThat(DmlJoinSyntax.find("DELETE FROM t WHERE id IN (SELECT id FROM u JOIN v USING (id))")).isNull();
        assertThat(DmlJoinSyntax.find("SELECT a FROM t")).isNull();
        assertThat(DmlJoinSyntax.find("INSERT INTO t SELECT * FROM u")).isNull();
        assertThat(DmlJoinSyntax.find("UPDATE t SET a = 'unterminated FROM u")).isNull();
        assertThat(DmlJoinSyntax.find("UPDATE t SET a = b IS NOT DISTINCT FROM c FROM u")).isNotNull();
        assertThat(DmlJoinSyntax.find("EXPLAIN PLAN FOR UPDATE t SET a = 1 FROM u").statement())
                .startsWith("EXPLAIN PLAN FOR UPDATE t SET a = 1 ");
    }

    @Test
    void anEmptyListKeepsTheTokenAfterItForTheErrorThere() {
        String sql = "UPDATE t SET a = 1 FROM WHERE TRUE";
        assertThat(DmlJoinSyntax.find(sql).fromList().strip()).isEqualTo("SELECT*" + " ".repeat(12) + "FROM WHERE");
    }

    @Test
    void aBareStarInTheReturningListIsRefusedAtIt() {
        String sql = "DELETE FROM t USING u WHERE TRUE RETURNING t.id, *";
        int start = sql.indexOf("t.id");
        SqlException e = catchThrowableOfType(SqlException.class,
                () -> DmlJoinSyntax.refuseBareStar(sql, start, sql.length()));
        assertThat(e.sqlState()).isEqualTo(SqlException.FEATURE_NOT_SUPPORTED);
        assertThat(e.column()).isEqualTo(sql.length());
        DmlJoinSyntax.refuseBareStar("DELETE FROM t USING u RETURNING t.*, count(*), 2 * 3", 32, 52);
    }

    private static String pad(String s, int length) {
        return s + " ".repeat(length - s.length());
    }
}
