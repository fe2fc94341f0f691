package io.relationshiplayer.client.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
    /** CJK and fullwidth forms take two columns, as on a terminal. */
    private static final TextWidth WIDE = TextWidth.of(cp -> cp >= 0x2E80 && cp <= 0xFFEF ? 2 : 1);

    private static List<String> row(String... cells) {
        return Arrays.asList(cells);
    }

    @Test
    void boxedTableWidensToItsRowsNumbersRightHeaderLeft() {
        TextTable t = TextTable.boxed().column(TextColumn.right("id").headerLeft()).column(TextColumn.left("name"))
                .build();
        List<List<String>> rows = List.of(row("1", "ann"), row("1234", ""), row("22", "bo"));
        assertThat(t.widened(rows).lines(rows)).containsExactly(
                " id   | name",
                "------+------",
                "    1 | ann",
                " 1234 |",
                "   22 | bo");
    }

    @Test
    void wideCharactersCountTwoColumnsForPaddingAndCutting() {
        TextTable t = TextTable.boxed().measure(WIDE).cut(true).column(TextColumn.left("k"))
                .column(TextColumn.left("v")).build().widened(List.of(row("日本", "x")));
        assertThat(t.header()).isEqualTo(" k    | v");
        assertThat(t.row(row("日本", "x"))).isEqualTo(" 日本 | x");
        assertThat(t.row(row("a", "y"))).isEqualTo(" a    | y");
        // three columns left for a cut of 日本語 (6): one wide character and … (3), then a space
        assertThat(t.row(row("日本語", "z"))).isEqualTo(" 日…  | z");
    }

    @Test
    void narrowedCutsTheWidestColumnFirstDownToTheFloor() {
        TextTable t = TextTable.boxed().cut(true).column(TextColumn.left("a")).column(TextColumn.left("b")).build()
                .widened(List.of(row("0123456789", "abc")));
        assertThat(t.lineWidth()).isEqualTo(1 + 10 + 3 + 3 + 1);
        TextTable narrow = t.narrowed(12, 4);
        assertThat(narrow.columns()).extracting(TextColumn::width).containsExactly(4, 3);
        assertThat(narrow.row(row("0123456789", "abc"))).isEqualTo(" 012… | abc");
        assertThat(t.narrowed(0, 4)).isSameAs(t);
        assertThat(t.narrowed(100, 4).columns()).extracting(TextColumn::width).containsExactly(10, 3);
    }

    @Test
    void withoutCuttingAWideCellPushesItsLineLikePrintf() {
        TextTable t = TextTable.builder().column(TextColumn.left("name", 4)).column(TextColumn.right("n", 3)).build();
        assertThat(t.row(row("ab", "7"))).isEqualTo(String.format("%-4s %3s", "ab", "7"));
        assertThat(t.row(row("abcdef", "1234"))).isEqualTo(String.format("%-4s %3s", "abcdef", "1234"));
    }

    @Test
    void ownGapsPrefixAndADashedRuleUnderTheFullWidth() {
        TextTable t = TextTable.builder().prefix("  ").column(TextColumn.right("N", 5))
                .column(" | ", TextColumn.left("what", 6)).column("  ", TextColumn.left("note", 10)).freeLast(true)
                .build();
        assertThat(t.header()).isEqualTo("      N | what    note");
        assertThat(t.rule()).isEqualTo("  " + "-".repeat(5 + 3 + 6 + 2 + 10));
        assertThat(t.row(row("1,000", "x", ""))).isEqualTo("  1,000 | x       ");
        assertThat(t.row(row("2", "", "free text, not padded"))).isEqualTo("      2 |         free text, not padded");
    }

    @Test
    void stylerSeesThePaddedCellAndStripLeavesItsEscapes() {
        TextTable t = TextTable.boxed().column(TextColumn.left("a", 4)).column(TextColumn.left("b", 4)).build();
        String line = t.row(row("x", "NULL"), (c, cell) -> c == 1 ? "<" + cell + ">" : cell);
        assertThat(line).isEqualTo(" x    | <NULL>");
        assertThat(t.row(row("x", ""))).isEqualTo(" x    |");
    }

    @Test
    void markdownIsUnpadded() {
        TextTable t = TextTable.markdown("Measure", "Figure");
        assertThat(t.lines(List.of(row("p50", "1.5 ms"), row("", "")))).containsExactly(
                "| Measure | Figure |", "|---|---|", "| p50 | 1.5 ms |", "|  |  |");
    }

    @Test
    void withoutColumnsEveryLineIsEmpty() {
        TextTable t = TextTable.boxed().build();
        assertThat(t.lines(List.of(List.of()))).containsExactly("", "", "");
        assertThat(t.narrowed(1, 4)).isSameAs(t);
    }

    @Test
    void aRowMustHaveACellPerColumn() {
        TextTable t = TextTable.markdown("a", "b");
        assertThatThrownBy(() -> t.row(row("1"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 cells for 2 columns");
        assertThatThrownBy(() -> t.row(row("1", null))).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> TextColumn.left("a", -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
