package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shell's {@code \?} as a user reads it: every description starts in one column. */
class ShellHelpTest {
    @Test
    void everyCommandsDescriptionStartsInTheSameColumn() {
        List<String> lines = ShellHelp.TEXT.lines().skip(2).toList();
        String first = lines.get(0);
        int column = first.indexOf("tables and views");
        assertThat(column).as("the \\d line: %s", first).isPositive();
        for (String line : lines) {
            if (line.startsWith("  \\")) {
                int end = line.indexOf("  ", 2);
                // a command too long for its column (\copy) goes on with its description on the next line
                if (end >= 0 && end < column) {
                    assertThat(line.substring(end, column)).as("between command and description: %s", line).isBlank();
                    assertThat(line.charAt(column)).as("description starts at column %d: %s", column, line)
                            .isNotEqualTo(' ');
                }
            } else {
                assertThat(line.substring(0, column)).as("continuation line: %s", line).isBlank();
                assertThat(line.charAt(column)).as("continuation starts at column %d: %s", column, line)
                        .isNotEqualTo(' ');
            }
        }
    }
}
