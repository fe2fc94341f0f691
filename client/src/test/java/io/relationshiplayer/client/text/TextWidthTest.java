package io.relationshiplayer.client.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextWidthTest {
    @Test
    void codePointsCountOneColumnEachEvenBeyondTheBasicPlane() {
        assertThat(TextWidth.CODE_POINTS.width("")).isZero();
        assertThat(TextWidth.CODE_POINTS.width("héllo")).isEqualTo(5);
        assertThat(TextWidth.CODE_POINTS.width("a\uD83D\uDE00b")).isEqualTo(3);
    }

    @Test
    void aMeasureOfItsOwnCountsNegativeAsNothing() {
        TextWidth w = TextWidth.of(cp -> cp == 0x301 ? -1 : cp >= 0x1100 ? 2 : 1);
        assertThat(w.width("e\u0301")).isEqualTo(1);
        assertThat(w.width("日本")).isEqualTo(4);
        assertThat(w.pad("日本", 6, Align.RIGHT)).isEqualTo("  日本");
    }

    @Test
    void cutEndsInAnEllipsisWithinTheWidthAndNeverSplitsASurrogatePair() {
        assertThat(TextWidth.CODE_POINTS.cut("abcdef", 6)).isEqualTo("abcdef");
        assertThat(TextWidth.CODE_POINTS.cut("abcdef", 4)).isEqualTo("abc…");
        assertThat(TextWidth.CODE_POINTS.cut("a\uD83D\uDE00bc", 3)).isEqualTo("a\uD83D\uDE00…");
        assertThat(TextWidth.of(cp -> 2).cut("日本語", 4)).isEqualTo("日…");
    }

    @Test
    void padAddsSpacesOnTheFreeSideAndNeverCuts() {
        assertThat(TextWidth.CODE_POINTS.pad("ab", 4, Align.LEFT)).isEqualTo("ab  ");
        assertThat(TextWidth.CODE_POINTS.pad("ab", 4, Align.RIGHT)).isEqualTo("  ab");
        assertThat(TextWidth.CODE_POINTS.pad("abcdef", 4, Align.RIGHT)).isEqualTo("abcdef");
    }
}
