package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlCompleterTest {
    @Test
    void tabInsideAStringLiteralOrACommentCompletesNothing() {
        assertThat(SqlCompleter.insideLiteral("SELECT * FROM t WHERE s = 'sel")).isTrue();
        assertThat(SqlCompleter.insideLiteral("SELECT 'it''s sel")).isTrue();
        assertThat(SqlCompleter.insideLiteral("SELECT 1 -- sel")).isTrue();
        assertThat(SqlCompleter.insideLiteral("SELECT 'a' FROM t WHERE s")).isFalse();
        assertThat(SqlCompleter.insideLiteral("SELECT 'it''s' FR")).isFalse();
        assertThat(SqlCompleter.insideLiteral("SELECT '--' FR")).isFalse();
        assertThat(SqlCompleter.insideLiteral("SEL")).isFalse();
    }
}
