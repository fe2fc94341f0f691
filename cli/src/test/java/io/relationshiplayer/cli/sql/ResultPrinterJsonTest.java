package io.relationshiplayer.cli.sql;

import static io.relationshiplayer.cli.sql.TableLayoutTest.column;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CLI's JSON byte for byte: one array per query, typed values, exact decimals, escapes, NULL as null. */
class ResultPrinterJsonTest {
    private static final List<Column> KINDS = List.of(column("id", ColumnKind.BIGINT),
            column("n", ColumnKind.INTEGER), column("s \"quoted\"", ColumnKind.VARCHAR),
            column("m", ColumnKind.DECIMAL), column("d", ColumnKind.DATE), column("ts", ColumnKind.TIMESTAMP),
            column("b", ColumnKind.VARBINARY), column("x", ColumnKind.DOUBLE), column("f", ColumnKind.BOOLEAN));

    @Test
    void everyKindAsItsJsonValue() {
        List<List<SqlValue>> rows = List.of(
                List.of(v().setInt64Value(1).build(), v().setInt32Value(-7).build(),
                        v().setStringValue("tab\t \"q\" \\ \u0001 \u2028 日本 \uD83D\uDE00").build(),
                        v().setDecimalValue("12.500").build(), v().setDateValue(19782).build(),
                        v().setTimestampValue(1_709_214_310_500_000L).build(),
                        v().setBytesValue(ByteString.copyFrom(new byte[] {0, -1, 16})).build(),
                        v().setDoubleValue(-1e10).build(), v().setBoolValue(true).build()),
                List.of(v().setInt64Value(Long.MIN_VALUE).build(), nul(), nul(), v().setDecimalValue("1E+3").build(),
                        nul(), nul(), nul(), v().setDoubleValue(Double.NaN).build(), v().setBoolValue(false).build()),
                List.of(v().setInt64Value(3).build(), nul(), v().setStringValue("").build(), nul(), nul(), nul(),
                        v().setBytesValue(ByteString.EMPTY).build(), v().setDoubleValue(Double.NEGATIVE_INFINITY)
                                .build(), nul()));
        // ' stands for " in the expected text
        assertThat(json(KINDS, rows)).isEqualTo(("[{'id':1,'n':-7,'s \\'quoted\\'':"
                + "'tab\\t \\'q\\' \\\\ \\u0001 \\u2028 日本 \uD83D\uDE00','m':12.500,'d':'2024-02-29',"
                + "'ts':'2024-02-29T13:45:10.5','b':'AP8Q','x':-1.0E10,'f':true},"
                + "{'id':-9223372036854775808,'n':null,'s \\'quoted\\'':null,'m':1000,'d':null,"
                + "'ts':null,'b':null,'x':'NaN','f':false},"
                + "{'id':3,'n':null,'s \\'quoted\\'':'','m':null,'d':null,'ts':null,"
                + "'b':'','x':'-Infinity','f':null}]\n").replace('\'', '"'));
    }

    @Test
    void noRowsIsAnEmptyArray() {
        assertThat(json(KINDS, List.of())).isEqualTo("[]\n");
    }

    private static String json(List<Column> columns, List<List<SqlValue>> rows) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        ResultPrinter.json(columns, rows.iterator(), out);
        out.flush();
        return text.toString();
    }

    private static SqlValue.Builder v() {
        return SqlValue.newBuilder();
    }

    private static SqlValue nul() {
        return SqlValue.newBuilder().setNullValue(true).build();
    }
}
