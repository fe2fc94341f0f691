package io.relationshiplayer.errors;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactedTraceTest {
    @Test
    void keepsTheCausesAndFramesAndWithholdsEveryMessage() {
        IllegalStateException root = new IllegalStateException("key ('alice', 'secret-salary') missing");
        RuntimeException top = new RuntimeException("while saving card 4111-1111", root);
        top.addSuppressed(new Exception("suppressed also withheld"));

        String trace = RedactedTrace.of(top);

        assertThat(trace).startsWith("java.lang.RuntimeException (message withheld")
                .contains("Caused by: java.lang.IllegalStateException (message withheld")
                .contains("\tat " + RedactedTraceTest.class.getName() + ".keepsTheCausesAndFramesAndWithholdsEveryMessage")
                .doesNotContain("secret-salary", "4111", "alice", "suppressed");
    }

    @Test
    void aCycleOfCausesEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertThat(RedactedTrace.of(b).lines().filter(l -> l.contains("message withheld")).count()).isEqualTo(2);
    }
}
