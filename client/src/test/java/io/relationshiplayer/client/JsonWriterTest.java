package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void compactObjectsAndArraysNest() {
        StringBuilder b = new StringBuilder();
        JsonWriter w = JsonWriter.compact(b).beginArray().beginObject().name("a").value(1).name("b").beginArray()
                .value(true).nullValue().value("x").endArray().endObject().beginObject().endObject().endArray();
        assertThat(b).hasToString("[{\"a\":1,\"b\":[true,null,\"x\"]},{}]");
        assertThat(w.complete()).isTrue();
    }

    @Test
    void namesAndStringsAreEscapedControlCharactersQuotesAndLineSeparators() {
        StringBuilder b = new StringBuilder();
        JsonWriter.compact(b).beginObject().name("q\"\\\n").value("\u0000\u001f\t\r\u2028ü日\uD83D\uDE00")
                .endObject();
        assertThat(b).hasToString("{\"q\\\"\\\\\\n\":\"\\u0000\\u001f\\t\\r\\u2028ü日\uD83D\uDE00\"}");
        StringBuilder n = new StringBuilder();
        JsonWriter.compact(n).beginArray().value((String) null).endArray();
        assertThat(n).hasToString("[null]");
    }

    @Test
    void numbersAreExactDecimalsPlainDoublesShortestFixedOnes4Digits() {
        StringBuilder b = new StringBuilder();
        JsonWriter w = JsonWriter.spaced(b).beginArray().value(new BigDecimal("12.500")).value(new BigDecimal("1E+3"))
                .value(new BigDecimal("-0.001")).value(Long.MIN_VALUE).value(2.5).value(-1e10).number(1.5, 4)
                .number(Double.NaN, 4).endArray();
        assertThat(b).hasToString("[12.500, 1000, -0.001, -9223372036854775808, 2.5, -1.0E10, 1.5000, null]");
        assertThat(w.complete()).isTrue();
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).value(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void newlinesGoAfterTheCommaWithTheirIndent() {
        StringBuilder b = new StringBuilder();
        JsonWriter.spaced(b).beginObject().newline(2).name("a").value(1).newline(2).name("list").beginArray()
                .newline(4).value("x").newline(4).value("y").newline(2).endArray().newline(0).endObject();
        assertThat(b).hasToString("{\n  \"a\": 1,\n  \"list\": [\n    \"x\",\n    \"y\"\n  ]\n}");
    }

    @Test
    void misuseThrowsInsteadOfWritingInvalidJson() {
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginObject().value(1))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginArray().name("a"))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginArray().endObject())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginObject().name("a").name("b"))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginObject().name("a").endObject())
                .isInstanceOf(IllegalStateException.class);
        assertThat(JsonWriter.compact(new StringBuilder()).beginArray().complete()).isFalse();
    }
}
