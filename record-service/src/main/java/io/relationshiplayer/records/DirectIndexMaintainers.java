package io.relationshiplayer.records;

import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexValidator;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainer;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainerRegistry;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainerRegistryImpl;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainerState;
import javax.annotation.Nonnull;

/** The Record Layer's index maintainers, with {@link DirectValueIndexMaintainer} for the VALUE indexes it handles. */
final class DirectIndexMaintainers implements IndexMaintainerRegistry {
    static final DirectIndexMaintainers INSTANCE = new DirectIndexMaintainers();
    private final IndexMaintainerRegistry standard = IndexMaintainerRegistryImpl.instance();

    private DirectIndexMaintainers() {
    }

    @Nonnull
    @Override
    public IndexValidator getIndexValidator(@Nonnull Index index) {
        return standard.getIndexValidator(index);
    }

    @Nonnull
    @Override
    public IndexMaintainer getIndexMaintainer(@Nonnull IndexMaintainerState state) {
        IndexMaintainer direct = DirectValueIndexMaintainer.forState(state);
        return direct != null ? direct : standard.getIndexMaintainer(state);
    }
}
