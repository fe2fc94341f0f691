package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Multi-version key-value storage: each key holds its recent versions, newest first, so that a reader at any read
 * version inside the five-second window sees exactly the commits at or below it. Readers never lock. One committer
 * writes, with versions greater than any read version handed out, and later trims versions no reader can need.
 */
final class VersionedStore {
    /** One version of a key; a null value is a clear. */
    static final class Version {
        final long version;
        final byte[] value;
        volatile Version older;

        Version(long version, byte[] value, Version older) {
            this.version = version;
            this.value = value;
            this.older = older;
        }
    }

    /** A version written at a commit, with its key: trimming cuts the chain below it without walking from the head. */
    private record Written(byte[] key, Version node) {
    }

    /** Readers see what was published; the committer writes ahead of them and publishes a batch before its versions. */
    private final KeyTree<Version> data = new KeyTree<>();
    /** Keys written, oldest first, so that trimming visits only what changed. Committer only. */
    private final ArrayDeque<Written> written = new ArrayDeque<>();
    /** Versions at or below this may have been trimmed: a read there would be wrong, so it fails as too old. */
    private volatile long trimmedThrough = -1;

    /** The value of {@code key} at {@code readVersion}, or null. */
    byte[] get(byte[] key, long readVersion) {
        return visible(data.get(key), readVersion);
    }

    /** The newest value of {@code key}, published or not, or null. Committer only. */
    byte[] latest(byte[] key) {
        Version head = data.latest(key);
        return head == null ? null : head.value;
    }

    static byte[] visible(Version v, long readVersion) {
        while (v != null && v.version > readVersion) {
            v = v.older;
        }
        return v == null ? null : v.value;
    }

    /** Whether reads at {@code readVersion} are still exact (not trimmed away). */
    boolean readable(long readVersion) {
        return readVersion > trimmedThrough;
    }

    /**
     * The key-values visible at {@code readVersion} in [begin, end), ascending or descending, read lazily.
     */
    Iterator<KeyValue> range(byte[] begin, byte[] end, long readVersion, boolean reverse) {
        if (Keys.compare(begin, end) >= 0) {
            return java.util.Collections.emptyIterator();
        }
        KeyTree.Cursor<Version> it = data.range(begin, end, reverse);
        return new Iterator<>() {
            private KeyValue next = advance();

            private KeyValue advance() {
                while (it.next()) {
                    byte[] value = visible(it.value(), readVersion);
                    if (value != null) {
                        return new KeyValue(it.key(), value);
                    }
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public KeyValue next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                KeyValue out = next;
                next = advance();
                return out;
            }
        };
    }

    /** Writes {@code value} (null to clear) at {@code version}. Committer only; version above any reader's. */
    void put(byte[] key, byte[] value, long version) {
        Version head;
        if (value != null) {
            // A new key (most writes) costs one walk of the map, not a lookup and then an insert.
            Version fresh = new Version(version, value, null);
            head = data.putIfAbsent(key, fresh);
            if (head == null) {
                written.addLast(new Written(key, fresh));
                return;
            }
        } else {
            head = data.latest(key);
            if (head == null) {
                return;
            }
        }
        Version node = head != null && head.version == version ? new Version(version, value, head.older)
                : new Version(version, value, head);
        data.put(key, node);
        written.addLast(new Written(key, node));
    }

    /** Clears every key in [begin, end) at {@code version}. Committer only. */
    void clearRange(byte[] begin, byte[] end, long version) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        List<byte[]> live = new ArrayList<>();
        for (KeyTree.Cursor<Version> it = data.workingRange(begin, end); it.next(); ) {
            if (it.value().value != null) {
                live.add(it.key());
            }
        }
        for (byte[] key : live) {
            put(key, null, version);
        }
    }

    /**
     * Makes the writes so far visible to readers. The committer publishes a batch before it publishes the batch's
     * versions: a reader given a version afterwards finds its writes. Committer only.
     */
    void publish() {
        data.publish();
    }

    /**
     * A point to {@link #rollback} to: the writes made after it can be taken back. The writes before it are published.
     * Committer only.
     */
    int mark() {
        data.publish();
        return written.size();
    }

    /**
     * Takes back every write made after {@code mark} (a batch that could not be made durable): each key gets back the
     * version it had before. Committer only, before the batch was published and before any trim: readers never saw
     * its writes, and what they see is unchanged.
     */
    void rollback(int mark) {
        while (written.size() > mark) {
            written.pollLast();
        }
        data.discard();
    }

    /** Loads a key at a base version (durable engine start-up; {@link #publish} then). */
    void load(byte[] key, byte[] value, long version) {
        data.put(key, new Version(version, value, null));
    }

    /**
     * Drops versions that no read at or above {@code horizon} can see. Committer only. Each version written at or below
     * the horizon hides every older version of its key from such reads, so its chain is cut right below it: constant
     * work per write, however many newer versions a hot key has (a walk from the head cost a whole window's versions
     * for every write of a counter that every commit updates).
     */
    void trim(long horizon) {
        if (!written.isEmpty() && written.peekFirst().node.version <= horizon) {
            trimmedThrough = Math.max(trimmedThrough, horizon - 1);
            while (!written.isEmpty() && written.peekFirst().node.version <= horizon) {
                Written w = written.pollFirst();
                w.node.older = null;
                if (w.node.value == null) {
                    data.remove(w.key, w.node);
                }
            }
        }
        data.publish();
    }

    /** Approximate bytes of the newest values in [begin, end). */
    long estimateSize(byte[] begin, byte[] end, long readVersion) {
        long size = 0;
        Iterator<KeyValue> it = range(begin, end, readVersion, false);
        while (it.hasNext()) {
            KeyValue kv = it.next();
            size += kv.getKey().length + kv.getValue().length;
        }
        return size;
    }
}
