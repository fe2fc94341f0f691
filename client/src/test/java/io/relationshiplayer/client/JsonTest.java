package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void stringsEscapeWhatJsonRequires() {
        assertThat(Json.string("a\"b\\c\nd\re\tf\u0001g\u2028")).isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u2028\"");
        assertThat(Json.string("héllo ✓")).isEqualTo("\"héllo ✓\"");
    }

    @Test
    void numbersAreFixedOrNull() {
        assertThat(Json.number(1.5, 4)).isEqualTo("1.5000");
        assertThat(Json.number(Double.NaN, 4)).isEqualTo("null");
        assertThat(Json.number(Double.POSITIVE_INFINITY, 2)).isEqualTo("null");
    }
}
