package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The server's line and column as PostgreSQL's 1-based character offset. */
class StatementPositionsTest {
    @Test
    void linesEndAtLfCrLfOrCrAndCharactersAreCodePoints() {
        assertThat(StatementPositions.offset("SELEC 1", 1, 1)).isEqualTo(1);
        assertThat(StatementPositions.offset("SELECT 1 FROM", 1, 14)).isEqualTo(14); // the end of the input
        assertThat(StatementPositions.offset("a\nbc", 2, 2)).isEqualTo(4);
        assertThat(StatementPositions.offset("a\r\nbc", 2, 2)).isEqualTo(5);
        assertThat(StatementPositions.offset("a\rbc", 2, 2)).isEqualTo(4);
        assertThat(StatementPositions.offset("a\n\nbc", 3, 1)).isEqualTo(4);
        assertThat(StatementPositions.offset("'😀' x", 1, 6)).isEqualTo(5); // the emoji is two chars, one character
        assertThat(StatementPositions.offset("'😀'\n'😀' x", 2, 6)).isEqualTo(9);
    }

    @Test
    void noPositionNoTextOrALinePastTheEndIsZero() {
        assertThat(StatementPositions.offset("SELECT 1", 0, 0)).isZero();
        assertThat(StatementPositions.offset(null, 1, 3)).isZero();
        assertThat(StatementPositions.offset("SELECT 1", 2, 1)).isZero();
        assertThat(StatementPositions.offset("SELECT 1", 1, 99)).isEqualTo(9); // clamped to just past the text
    }
}
