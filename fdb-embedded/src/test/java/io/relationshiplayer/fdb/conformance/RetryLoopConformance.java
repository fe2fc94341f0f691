package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.Transaction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The retry loops of {@code Database}: run, runAsync, read and readAsync call the function again after a retryable
 * error (1020 not_committed) and stop at the first non-retryable error or non-FDB exception (fdb-java 7.3
 * Database javadoc; Transaction.onError).
 */
public abstract class RetryLoopConformance extends ConformanceSupport {

    @Test
    void runRetriesAfterARealConflict() {
        byte[] k = key("k");
        byte[] out = key("out");
        write(k, utf8("0"));
        AtomicInteger attempts = new AtomicInteger();
        String result = database().run(tr -> {
            int attempt = attempts.incrementAndGet();
            byte[] seen = await(tr.get(k));
            if (attempt == 1) {
                write(k, utf8("1"));
            }
            tr.set(out, seen);
            return new String(seen, StandardCharsets.UTF_8);
        });
        assertEquals(2, attempts.get(), "the first attempt must fail with 1020 and be retried exactly once");
        assertEquals("1", result, "the result is that of the last attempt");
        assertArrayEquals(utf8("1"), read(out));
    }

    @Test
    void runAsyncRetriesAfterARealConflict() {
        byte[] k = key("k");
        byte[] out = key("out");
        write(k, utf8("0"));
        AtomicInteger attempts = new AtomicInteger();
        CompletableFuture<String> result = database().runAsync(tr -> {
            int attempt = attempts.incrementAndGet();
            return tr.get(k).thenCompose(seen -> {
                CompletableFuture<Void> interference = attempt == 1
                        ? database().runAsync(other -> {
                            other.set(k, utf8("1"));
                            return CompletableFuture.completedFuture(null);
                        })
                        : CompletableFuture.completedFuture(null);
                return interference.thenApply(ignored -> {
                    tr.set(out, seen);
                    return new String(seen, StandardCharsets.UTF_8);
                });
            });
        });
        assertEquals("1", await(result));
        assertEquals(2, attempts.get());
        assertArrayEquals(utf8("1"), read(out));
    }

    @Test
    void readRetriesAfterNotCommitted() {
        byte[] k = key("k");
        write(k, utf8("v"));
        AtomicInteger attempts = new AtomicInteger();
        byte[] value = database().read(tr -> {
            if (attempts.incrementAndGet() == 1) {
                throw new FDBException("not_committed", NOT_COMMITTED);
            }
            return await(tr.get(k));
        });
        assertEquals(2, attempts.get());
        assertArrayEquals(utf8("v"), value);
    }

    @Test
    void readAsyncRetriesAfterNotCommitted() {
        byte[] k = key("k");
        write(k, utf8("v"));
        AtomicInteger attempts = new AtomicInteger();
        byte[] value = await(database().readAsync(tr -> {
            if (attempts.incrementAndGet() == 1) {
                return CompletableFuture.failedFuture(new FDBException("not_committed", NOT_COMMITTED));
            }
            return tr.get(k);
        }));
        assertEquals(2, attempts.get());
        assertArrayEquals(utf8("v"), value);
    }

    @Test
    void runRetriesAFunctionThatThrowsNotCommitted() {
        byte[] out = key("out");
        AtomicInteger attempts = new AtomicInteger();
        database().run(tr -> {
            tr.set(out, utf8("attempt " + attempts.incrementAndGet()));
            if (attempts.get() == 1) {
                throw new FDBException("not_committed", NOT_COMMITTED);
            }
            return null;
        });
        assertEquals(2, attempts.get());
        assertArrayEquals(utf8("attempt 2"), read(out), "the failed attempt's writes must be discarded");
    }

    @Test
    void runStopsAtANonRetryableError() {
        byte[] out = key("out");
        AtomicInteger attempts = new AtomicInteger();
        RuntimeException e = assertThrows(RuntimeException.class, () -> database().run(tr -> {
            attempts.incrementAndGet();
            tr.set(out, utf8("x"));
            throw new FDBException("key_too_large", KEY_TOO_LARGE);
        }));
        assertEquals(KEY_TOO_LARGE, codeOf(e));
        assertEquals(1, attempts.get());
        assertNull(read(out));
    }

    @Test
    void runStopsAtAnExceptionThatIsNotAnFdbException() {
        AtomicInteger attempts = new AtomicInteger();
        RuntimeException e = assertThrows(RuntimeException.class, () -> database().run(tr -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("application failure");
        }));
        assertEquals(1, attempts.get());
        boolean found = false;
        for (Throwable c = e; c != null; c = c.getCause()) {
            found |= c instanceof IllegalStateException && "application failure".equals(c.getMessage());
        }
        assertTrue(found, "the application's exception must surface, got " + e);
    }

    @Test
    void onErrorOfNotCommittedResetsTheTransaction() {
        byte[] k = key("k");
        byte[] leftover = key("leftover");
        write(k, utf8("a"));
        Transaction tr = begin();
        try {
            await(tr.get(k));
            tr.set(leftover, utf8("from the failed attempt"));
            write(k, utf8("b"));
            FDBException failure = null;
            try {
                await(tr.commit());
            } catch (FDBException e) {
                failure = e;
            }
            assertEquals(NOT_COMMITTED, failure == null ? 0 : failure.getCode(), "the commit must conflict");
            tr = await(tr.onError(failure));
            assertNull(await(tr.get(leftover)), "onError must discard the writes of the failed attempt");
            assertArrayEquals(utf8("b"), await(tr.get(k)), "the retry must read at a new read version");
            tr.set(key("out"), utf8("x"));
            await(tr.commit());
        } finally {
            tr.close();
        }
        assertEquals(List.of("k=b", "out=x"), committedUnderPrefix());
    }
}
