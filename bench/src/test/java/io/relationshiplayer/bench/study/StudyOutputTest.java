package io.relationshiplayer.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.Golden;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The study's JSON byte for byte (the machine's load masked): layout, escaping, 4 decimals, NaN as null. */
class StudyOutputTest {
    private final StudyOutput output = new StudyOutput(StudyFixtures.settings(), StudyFixtures.REFERENCE);

    @Test
    void jsonHoldsTheSettingsAndEveryCell() {
        assertThat(masked(output.json(StudyFixtures.rows()))).isEqualTo(Golden.read(StudyOutputTest.class,
                "study.json"));
    }

    @Test
    void jsonWithoutCellsIsAnEmptyArray() {
        assertThat(masked(output.json(List.of()))).endsWith("  \"cells\": [\n  ]\n}\n");
    }

    private static String masked(String json) {
        return json.replaceFirst("\"machine\": \"[^\"]*\"", "\"machine\": \"{machine}\"");
    }
}
