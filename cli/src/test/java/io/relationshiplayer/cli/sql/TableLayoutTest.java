package io.relationshiplayer.cli.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The CLI's table layout byte for byte: alignment, NULL, wrapping to the terminal, borders, wide and control characters. */
class TableLayoutTest {
    private static final List<Column> COLUMNS = List.of(column("id", ColumnKind.BIGINT),
            column("name", ColumnKind.VARCHAR), column("note", ColumnKind.VARCHAR));

    @Test
    void unlimitedWidthNeverCutsALaterChunkWidensItsColumns() {
        TableLayout layout = new TableLayout(COLUMNS, 0, false, Display.DEFAULT);
        String text = print(out -> {
            layout.print(List.of(row(i(1), s("日本語"), s("a\nb\tc\u0001")), row(i(22), nul(), s("")),
                    row(i(3), s("x"), nul())), out);
            layout.print(List.of(row(i(123456), s("much wider than before"), s("z"))), out);
            layout.print(List.of(row(i(7), s("y"), s("z"))), out);
        });
        assertThat(text).isEqualTo("""
                 id | name   | note
                ----+--------+--------
                  1 | 日本語 | a↵b c?
                 22 | NULL   |
                  3 | x      | NULL
                 123456 | much wider than before | z
                      7 | y                      | z
                """);
    }

    @Test
    void aNarrowTerminalWrapsTextColumnsNeverNumbersAndDimsNull() {
        TableLayout layout = new TableLayout(COLUMNS, 24, true, Display.DEFAULT);
        String text = print(out -> layout.print(List.of(
                row(i(1), s("日本語日本語日本語"), s("a long note that is wrapped")),
                row(nul(), nul(), nul())), out));
        assertThat(text).isEqualTo("""
                 id   | name   | note
                ------+--------+--------
                    1 | 日本語 | a long
                      | 日本語 |  note
                      | 日本語 | that i
                      |        | s wrap
                      |        | ped
                 \033[2mNULL\033[0m | \033[2mNULL  \033[0m | \033[2mNULL  \033[0m
                """);
        List<Column> numbers = List.of(column("id", ColumnKind.BIGINT), column("x", ColumnKind.DOUBLE),
                column("note", ColumnKind.VARCHAR));
        TableLayout narrow = new TableLayout(numbers, 16, false, Display.DEFAULT);
        String wide = print(out -> narrow.print(List.of(row(i(1234567890123L), d(1.5E300), s("abcdefgh"))), out));
        assertThat(wide).isEqualTo("""
                 id            | x        | note
                ---------------+----------+------
                 1234567890123 | 1.5e+300 | abcd
                               |          | efgh
                """);
    }

    @Test
    void autoExpandedAsksWhetherTheRowsFitTheTerminal() {
        List<List<SqlValue>> rows = List.of(row(i(1), s("a name"), s("a note")));
        assertThat(new TableLayout(COLUMNS, 24, false, Display.DEFAULT).fits(rows)).isTrue();
        assertThat(new TableLayout(COLUMNS, 20, false, Display.DEFAULT).fits(rows)).isFalse();
        assertThat(new TableLayout(COLUMNS, 0, false, Display.DEFAULT).fits(rows)).isTrue();
    }

    @Test
    void bordersZeroAndTwoAndTheNullText() {
        Display none = Display.DEFAULT.withBorder(0).withNullText("(null)");
        String text = print(out -> {
            TableLayout layout = new TableLayout(COLUMNS, 0, false, none);
            layout.print(List.of(row(i(1), s("rl"), nul())), out);
            layout.finish(out);
        });
        assertThat(text).isEqualTo("""
                id name note
                -- ---- ------
                 1 rl   (null)
                """);
        String framed = print(out -> {
            TableLayout layout = new TableLayout(COLUMNS, 0, false, Display.DEFAULT.withBorder(2));
            layout.print(List.of(row(i(1), s("rl"), nul())), out);
            layout.finish(out);
        });
        assertThat(framed).isEqualTo("""
                +----+------+------+
                | id | name | note |
                +----+------+------+
                |  1 | rl   | NULL |
                +----+------+------+
                """);
        String records = print(out -> {
            TableLayout layout = new TableLayout(COLUMNS, 0, false, Display.DEFAULT.withBorder(2));
            layout.printRecord(row(i(1), s("rl"), nul()), 1, out);
            layout.finish(out);
            new TableLayout(COLUMNS, 0, false, none).printRecord(row(i(2), s("x"), nul()), 2, out);
        });
        assertThat(records).isEqualTo("""
                +-[ RECORD 1 ]-+
                | id   | 1     |
                | name | rl    |
                | note | NULL  |
                +------+-------+
                * Record 2
                id   2
                name x
                note (null)
                """);
    }

    @Test
    void textListingsAreLeftAlignedAndNeverCut() {
        String text = print(out -> TableLayout.printText(out, List.of("table", "columns"),
                List.of(List.of("projects", "2"), List.of("t", ""))));
        assertThat(text).isEqualTo("""
                 table    | columns
                ----------+---------
                 projects | 2
                 t        |
                """);
    }

    @Test
    void expandedRecordsWrapValuesToTheTerminalOnly() {
        String text = print(out -> {
            new TableLayout(COLUMNS, 30, true, Display.DEFAULT).printRecord(row(i(1),
                    s("a very long name indeed, longer than the terminal"), s("")), 3, out);
            new TableLayout(COLUMNS, 0, false, Display.DEFAULT).printRecord(row(i(1), nul(), s("")), 4, out);
        });
        assertThat(text).isEqualTo("-[ RECORD 3 ]--\nid   | 1\nname | a very long name indeed\n"
                + "     | , longer than the termi\n     | nal\nnote | \n"
                + "-[ RECORD 4 ]--\nid   | 1\nname | NULL\nnote | \n");
    }

    private static String print(Consumer<PrintWriter> body) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        body.accept(out);
        out.flush();
        return text.toString().replace(System.lineSeparator(), "\n");
    }

    static Column column(String name, ColumnKind kind) {
        return Column.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind)).build();
    }

    static List<SqlValue> row(SqlValue... values) {
        return List.of(values);
    }

    static SqlValue s(String v) {
        return SqlValue.newBuilder().setStringValue(v).build();
    }

    static SqlValue i(long v) {
        return SqlValue.newBuilder().setInt64Value(v).build();
    }

    static SqlValue d(double v) {
        return SqlValue.newBuilder().setDoubleValue(v).build();
    }

    static SqlValue nul() {
        return SqlValue.newBuilder().setNullValue(true).build();
    }
}
