package io.relationshiplayer.fdb.conformance;

import com.apple.foundationdb.Database;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/**
 * The FoundationDB client API conformance suite, written once against {@link Database}. A backend subclass opens
 * one database (in a {@code @BeforeAll}, closed in {@code @AfterAll}) and returns it from {@link #database()}; the
 * nested classes run every conformance class against it. Each test works under its own random key prefix.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class FdbConformanceSuite {

    /** The database under test, opened once for the whole suite. */
    protected abstract Database database();

    @Nested
    class Concurrency extends ConcurrencyConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class Isolation extends IsolationConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class RetryLoops extends RetryLoopConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class AtomicOperations extends AtomicConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class Versionstamps extends VersionstampConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class Limits extends LimitsConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class Ranges extends RangeConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class KeySelectors extends KeySelectorConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class SizesAndWatches extends SizeAndWatchConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class TransactionContract extends TransactionContractConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }

    @Nested
    class KeySpaceContract extends KeySpaceContractConformance {
        @Override
        protected Database database() {
            return FdbConformanceSuite.this.database();
        }
    }
}
