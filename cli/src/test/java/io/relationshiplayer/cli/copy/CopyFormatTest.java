package io.relationshiplayer.cli.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** COPY's statement forms, PostgreSQL's text and CSV formats and its float output, without a server. */
class CopyFormatTest {
    @Test
    void bothFormsOfTheOptionsAndPsqlsCopy() {
        CopyStatement a = CopyStatement.parse("COPY public.\"My T\" (a, \"B\") FROM STDIN WITH (FORMAT csv, HEADER, "
                + "DELIMITER ';', NULL 'NA', QUOTE '''', ESCAPE '\\');", false);
        assertThat(a.table()).isEqualTo("public.\"My T\"");
        assertThat(a.relation()).isEqualTo("public.My T");
        assertThat(a.columns()).containsExactly("a", "\"B\"");
        assertThat(a.target()).isEqualTo(CopyStatement.Target.STDIN);
        assertThat(a.options()).isEqualTo(new CopyOptions(true, true, ';', "NA", '\'', '\\'));

        CopyStatement b = CopyStatement.parse("t to /tmp/out.csv with csv header delimiter as '|'", true);
        assertThat(b.from()).isFalse();
        assertThat(b.file()).isEqualTo("/tmp/out.csv");
        assertThat(b.options()).isEqualTo(new CopyOptions(true, true, '|', "", '"', '"'));

        CopyStatement c = CopyStatement.parse("(SELECT a, ')' FROM t WHERE (a > 1)) TO STDOUT", true);
        assertThat(c.query()).isEqualTo("SELECT a, ')' FROM t WHERE (a > 1)");
        assertThat(c.options()).isEqualTo(CopyOptions.TEXT);

        assertThat(CopyStatement.isCopy("-- load\n /* x */ copy t from stdin")).isTrue();
        assertThat(CopyStatement.isCopy("SELECT 'COPY'")).isFalse();
    }

    @Test
    void refusalsCarryPostgresSqlstates() {
        assertThatThrownBy(() -> CopyStatement.parse("COPY t FROM STDIN (FORMAT binary)", false))
                .hasFieldOrPropertyWithValue("sqlState", "0A000");
        assertThatThrownBy(() -> CopyStatement.parse("COPY t FROM STDIN (DELIMITER ';;')", false))
                .hasFieldOrPropertyWithValue("sqlState", "22023");
        assertThatThrownBy(() -> CopyStatement.parse("COPY t FROM STDIN (QUOTE '''')", false))
                .hasMessage("COPY quote available only in CSV mode");
        assertThatThrownBy(() -> CopyStatement.parse("COPY t FROM STDIN WITH CSV QUOTE ','", false))
                .hasMessage("COPY delimiter and quote must be different");
        assertThatThrownBy(() -> CopyStatement.parse("COPY (SELECT 1) FROM STDIN", false))
                .hasFieldOrPropertyWithValue("sqlState", "42601").hasFieldOrPropertyWithValue("offset", 16);
        assertThatThrownBy(() -> CopyStatement.parse("COPY t FROM STDIN WHERE a > 1", false))
                .hasFieldOrPropertyWithValue("sqlState", "0A000");
    }

    @Test
    void csvRecordsSpanLinesAndTellNullFromEmpty() {
        RowReader r = new RowReader(CopyOptions.CSV);
        assertThat(r.feed("1,,\"\",\"a,\"\"b\"\"\"", "\n")).containsExactly("1", null, "", "a,\"b\"");
        assertThat(r.feed("2,\"two", "\r\n")).isNull();
        assertThat(r.endMarker("\\.")).isFalse(); // inside a quoted field it is data
        assertThat(r.feed("\\.", "\n")).isNull();
        assertThat(r.feed("lines\",x\"y\"z", "\n")).containsExactly("2", "two\r\n\\.\nlines", "xyz");
        assertThat(r.line()).isEqualTo(2);
        assertThat(r.endMarker("\\.")).isTrue();
        r.feed("3,\"open", "\n");
        assertThatThrownBy(r::finish).hasMessage("unterminated CSV quoted field")
                .hasFieldOrPropertyWithValue("sqlState", "22P04");
    }

    @Test
    void textRowsRoundTripTheirEscapes() {
        List<String> values = Arrays.asList("tab\there", null, "back\\slash", "line\nbreak\r", "", "\\N");
        StringWriter out = new StringWriter();
        new RowWriter(CopyOptions.TEXT, out).row(values);
        assertThat(out.toString()).isEqualTo("tab\\there\t\\N\tback\\\\slash\tline\\nbreak\\r\t\t\\\\N\n");
        RowReader r = new RowReader(CopyOptions.TEXT);
        String line = out.toString().substring(0, out.toString().length() - 1);
        assertThat(r.feed(line, "\n")).isEqualTo(values);
        assertThat(r.feed("\\101\\x42\\q", "\n")).containsExactly("ABq");
    }

    @Test
    void valuesAsPostgresWritesAndReadsThem() {
        assertThat(io.relationshiplayer.proto.values.FloatText.text(1e20)).isEqualTo("1e+20");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(-1.5e-5)).isEqualTo("-1.5e-05");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(123456789012345.0)).isEqualTo("123456789012345");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(1e15)).isEqualTo("1e+15");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(0.0001)).isEqualTo("0.0001");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(2.0)).isEqualTo("2");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(-0.0)).isEqualTo("-0");
        assertThat(io.relationshiplayer.proto.values.FloatText.text(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
        io.relationshiplayer.proto.v1.ColumnType bool = io.relationshiplayer.proto.v1.ColumnType.newBuilder()
                .setKind(io.relationshiplayer.proto.v1.ColumnKind.BOOLEAN).build();
        for (String t : List.of("t", "TRUE", "yes", "on", "1", "tr")) {
            assertThat(CopyValues.parse(t, bool)).as(t).isEqualTo(true);
        }
        for (String f : List.of("f", "false", "NO", "off", "0")) {
            assertThat(CopyValues.parse(f, bool)).as(f).isEqualTo(false);
        }
        assertThatThrownBy(() -> CopyValues.parse("o", bool)).hasMessage("invalid input syntax for type boolean: \"o\"");
        io.relationshiplayer.proto.v1.ColumnType bytes = io.relationshiplayer.proto.v1.ColumnType.newBuilder()
                .setKind(io.relationshiplayer.proto.v1.ColumnKind.VARBINARY).build();
        assertThat((byte[]) CopyValues.parse("\\x00ff", bytes)).containsExactly(0, 0xff);
        assertThat((byte[]) CopyValues.parse("a\\\\\\001", bytes)).containsExactly('a', '\\', 1);
        io.relationshiplayer.proto.v1.ColumnType small = io.relationshiplayer.proto.v1.ColumnType.newBuilder()
                .setKind(io.relationshiplayer.proto.v1.ColumnKind.SMALLINT).build();
        assertThat(CopyValues.parse("-32768", small)).isEqualTo(-32768);
        assertThatThrownBy(() -> CopyValues.parse("32768", small))
                .hasMessage("value \"32768\" is out of range for type smallint")
                .hasFieldOrPropertyWithValue("sqlState", "22003");
        io.relationshiplayer.proto.v1.ColumnType ts = io.relationshiplayer.proto.v1.ColumnType.newBuilder()
                .setKind(io.relationshiplayer.proto.v1.ColumnKind.TIMESTAMP).build();
        assertThat(CopyValues.parse("2024-02-29 13:45", ts)).isEqualTo(java.time.LocalDateTime.of(2024, 2, 29, 13, 45));
        assertThatThrownBy(() -> CopyValues.parse("2024-02-30 00:00:00", ts))
                .hasFieldOrPropertyWithValue("sqlState", "22007");
    }
}
