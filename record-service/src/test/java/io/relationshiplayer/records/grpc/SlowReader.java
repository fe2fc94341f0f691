package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A streamed call read one message at a time, under the test's control: nothing arrives until {@code call.request}. */
public final class SlowReader<Q, R> implements ClientResponseObserver<Q, R> {
    public final LinkedBlockingQueue<R> received = new LinkedBlockingQueue<>();
    public final CompletableFuture<Void> finished = new CompletableFuture<>();
    public volatile ClientCallStreamObserver<Q> call;

    @Override
    public void beforeStart(ClientCallStreamObserver<Q> requestStream) {
        call = requestStream;
        requestStream.disableAutoRequestWithInitial(1);
    }

    @Override
    public void onNext(R value) {
        received.add(value);
    }

    @Override
    public void onError(Throwable t) {
        finished.completeExceptionally(t);
    }

    @Override
    public void onCompleted() {
        finished.complete(null);
    }

    /** The next message, failing the test if none arrives within 20 seconds. */
    public R next() throws InterruptedException {
        R m = received.poll(20, TimeUnit.SECONDS);
        assertThat(m).as("a message arrives after request(1)").isNotNull();
        return m;
    }
}
