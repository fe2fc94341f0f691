package io.relationshiplayer.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.Golden;
import org.junit.jupiter.api.Test;

/**
 * The study's tables byte for byte: a measured N and a nearest one, an experiment without the study's rows, NaN, and
 * two client counts (percentiles and the clients' table).
 */
class StudyTableTest {
    @Test
    void printsEachExperimentBesideTheStudysRows() {
        var rows = StudyFixtures.rows();
        String text = Golden.printed(out -> {
            StudyTable t = new StudyTable(StudyFixtures.settings(), StudyFixtures.REFERENCE, out);
            t.printExperiment(Experiment.GET_SINGLE, rows.subList(0, 3));
            t.printExperiment(Experiment.CREATE_MULTIPLE, rows.subList(3, 4));
            t.printExperiment(Experiment.GET_MULTIPLE, rows.subList(4, 5));
        });
        assertThat(text).isEqualTo(Golden.read(StudyTableTest.class, "study-tables.txt"));
    }
}
