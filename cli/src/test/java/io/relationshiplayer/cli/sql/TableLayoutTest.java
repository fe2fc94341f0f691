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

/** The CLI's table layout byte for byte: alignment, NULL, cutting to the terminal, wide and control characters. */
class TableLayoutTest {
    private static final List<Column> COLUMNS = List.of(column("id", ColumnKind.BIGINT),
            column("name", ColumnKind.VARCHAR), column("note", ColumnKind.VARCHAR));

    @Test
    void unlimitedWidthAlignsNumbersRightAndTheFirstChunkFixesTheWidths() {
        TableLayout layout = new TableLayout(COLUMNS, 0, false);
        String text = print(out -> {
            layout.print(List.of(row(i(1), s("日本語"), s("a\nb\tc\u0001")), row(i(22), nul(), s("")),
                    row(i(3), s("x"), nul())), out);
            layout.print(List.of(row(i(123456), s("much wider than before"), s("z"))), out);
        });
        assertThat(text).isEqualTo("""
                 id | name   | note
                ----+--------+--------
                  1 | 日本語 | a↵b c?
                 22 | NULL   |
                  3 | x      | NULL
                 1… | much … | z
                """);
    }

    @Test
    void aNarrowTerminalCutsTheWidestColumnsAndDimsNull() {
        TableLayout layout = new TableLayout(COLUMNS, 24, true);
        String text = print(out -> layout.print(List.of(
                row(i(1), s("日本語日本語日本語"), s("a long note that is cut")),
                row(nul(), nul(), nul())), out));
        assertThat(text).isEqualTo("""
                 id   | name   | note
                ------+--------+--------
                    1 | 日本…  | a lon…
                 \033[2mNULL\033[0m | \033[2mNULL  \033[0m | \033[2mNULL  \033[0m
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
    void expandedRecordsCutValuesToTheTerminalOnly() {
        String text = print(out -> {
            TableLayout.printExpanded(COLUMNS, row(i(1), s("a very long name indeed, longer than the terminal"),
                    s("")), 3, 30, true, out);
            TableLayout.printExpanded(COLUMNS, row(i(1), nul(), s("")), 4, 0, false, out);
        });
        assertThat(text).isEqualTo("-[ RECORD 3 ]--\nid   | 1\nname | a very long name indee…\nnote | \n"
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

    static SqlValue nul() {
        return SqlValue.newBuilder().setNullValue(true).build();
    }
}
