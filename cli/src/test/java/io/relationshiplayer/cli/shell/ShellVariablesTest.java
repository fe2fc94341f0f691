package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Variable interpolation as psql does it: not in quotes, comments or casts; unknown names stay as written. */
class ShellVariablesTest {
    @Test
    void interpolatesOutsideQuotesCommentsAndCasts() {
        ShellVariables v = new ShellVariables();
        v.set("n", "7");
        v.set("s", "it's");
        v.set("c", "a\"b");
        assertThat(v.interpolate("SELECT :n, :'s', :\"c\", ':n', x::n, :missing -- :n\n/* :n */ \":n\""))
                .isEqualTo("SELECT 7, 'it''s', \"a\"\"b\", ':n', x::n, :missing -- :n\n/* :n */ \":n\"");
        v.set(ShellVariables.ON_ERROR_STOP, "on");
        assertThat(v.isOn(ShellVariables.ON_ERROR_STOP)).isTrue();
        v.set(ShellVariables.ON_ERROR_STOP, "off");
        assertThat(v.isOn(ShellVariables.ON_ERROR_STOP)).isFalse();
    }
}
