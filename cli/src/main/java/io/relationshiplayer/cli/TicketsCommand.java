package io.relationshiplayer.cli;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.tickets.DirectTicketLayer;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import io.relationshiplayer.tickets.RandomTickets;
import io.relationshiplayer.tickets.TicketLayer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rl tickets}: the study's ticket commands, each timing only its loop of calls (System.nanoTime around it, as
 * the study did), directly on the Record Layer or through the record service.
 */
@Command(name = "tickets", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "The study's ticket commands: the Record Layer used directly (--direct, the default) or through "
                + "the record service of `rl server` (--proxy HOST:PORT). Each prints the time of its timed loop.",
        subcommands = {TicketsCommand.CreateSingle.class, TicketsCommand.CreateMultiple.class,
                TicketsCommand.GetSingle.class, TicketsCommand.GetMultiple.class, TicketsCommand.DeleteAll.class})
final class TicketsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** Where the tickets are: the backend for --direct, or a server for --proxy; and the seed of the randomness. */
    static final class Target {
        @Spec(Spec.Target.MIXEE)
        CommandSpec command;

        @Option(names = "--direct", description = "Use the Record Layer library directly on the backend (default).")
        boolean direct;

        @Option(names = "--proxy", paramLabel = "HOST:PORT",
                description = "Go through the record service of a running `rl server` at HOST:PORT.")
        String proxy;

        @Mixin
        BackendOptions backendOptions = new BackendOptions();

        @Mixin
        ClientSecurityOptions security = new ClientSecurityOptions();

        @Option(names = "--latency", paramLabel = "PROFILE",
                description = "With --direct: injected latency of the embedded backend, none (default) or cluster.")
        String latency;

        @Option(names = "--seed", description = "Seed of the random tickets and picks (default: a random seed).")
        Long seed;

        Random random() {
            return seed == null ? new Random() : new Random(seed);
        }

        /** Opens the ticket layer; refuses options that do not fit together with a usage error. */
        Session open() {
            if (proxy == null && security.given()) {
                throw usage("--tls, --ca-file, --cert and --key go with --proxy");
            }
            if (proxy == null) {
                BackendSpec spec;
                LatencyProfile profile;
                try {
                    spec = backendOptions.spec();
                    profile = LatencyProfile.named(latency == null ? "none" : latency);
                } catch (IllegalArgumentException e) {
                    throw usage(e.getMessage());
                }
                Backend backend = Backend.open(spec, profile);
                try {
                    String where = spec + (profile.isNone() ? "" : ", latency " + latency.toLowerCase(Locale.ROOT));
                    return new Session(DirectTicketLayer.open(backend.recordDatabase(), where), backend);
                } catch (RuntimeException e) {
                    backend.close();
                    throw e;
                }
            }
            if (direct) {
                throw usage("--direct and --proxy exclude each other");
            }
            CommandLine.ParseResult parsed = command.commandLine().getParseResult();
            for (String serverSide : List.of("--memory", "--fdb", "--backend", "--data-dir", "--latency")) {
                if (parsed.hasMatchedOption(serverSide)) {
                    throw usage(serverSide + " does not go with --proxy: `rl server` chooses the server's backend");
                }
            }
            try {
                return new Session(GrpcTicketLayer.connect(proxy, security.security()), null);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }

        CommandLine.ParameterException usage(String message) {
            return new CommandLine.ParameterException(command.commandLine(), message);
        }

        /** Checks a count argument. */
        int positive(int n, String label) {
            if (n <= 0) {
                throw usage(label + " must be positive, got " + n);
            }
            return n;
        }

        /** Prints {@code what: 123.4 ms (where)} and any detail after it. */
        void report(String what, long nanos, TicketLayer layer, String detail) {
            PrintWriter out = command.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %.1f ms (%s)%s%n", what, nanos / 1e6, layer.describe(),
                    detail.isEmpty() ? "" : " " + detail);
            out.flush();
        }
    }

    /** An open ticket layer and the backend it runs on, if it opened one. */
    record Session(TicketLayer layer, Backend backend) implements AutoCloseable {
        @Override
        public void close() {
            try {
                layer.close();
            } finally {
                if (backend != null) {
                    backend.close();
                }
            }
        }
    }

    @Command(name = "create-single", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Saves N random tickets (ids 0..N-1), one transaction each; times the saves.")
    static final class CreateSingle implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "N", description = "How many tickets.")
        int n;

        @Mixin
        Target target;

        @Override
        public Integer call() {
            target.positive(n, "N");
            List<Ticket> tickets = new RandomTickets(target.random()).next(0, n);
            try (Session s = target.open()) {
                long start = System.nanoTime();
                for (Ticket t : tickets) {
                    s.layer().save(t);
                }
                target.report("create-single " + n, System.nanoTime() - start, s.layer(), "");
            }
            return 0;
        }
    }

    @Command(name = "create-multiple", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Saves BATCHES batches of SIZE random tickets, one transaction per batch (ids "
                    + "i*SIZE+j); times the saves. The study ran create-multiple 500 N.")
    static final class CreateMultiple implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "BATCHES", description = "How many transactions.")
        int batches;

        @Parameters(index = "1", paramLabel = "SIZE", description = "Tickets per transaction.")
        int size;

        @Mixin
        Target target;

        @Override
        public Integer call() {
            target.positive(batches, "BATCHES");
            target.positive(size, "SIZE");
            if ((long) batches * size > Integer.MAX_VALUE) {
                throw target.usage("BATCHES * SIZE must fit a ticket id");
            }
            RandomTickets random = new RandomTickets(target.random());
            List<List<Ticket>> lists = new ArrayList<>(batches);
            for (int i = 0; i < batches; i++) {
                lists.add(random.next(i * size, size));
            }
            try (Session s = target.open()) {
                long start = System.nanoTime();
                for (List<Ticket> batch : lists) {
                    s.layer().saveAll(batch);
                }
                target.report("create-multiple " + batches + " " + size, System.nanoTime() - start, s.layer(), "");
            }
            return 0;
        }
    }

    @Command(name = "get-single", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Loads N stored tickets in random order, one transaction each (picked, untimed, from a scan; "
                    + "round again when N exceeds what is stored); times the loads.")
    static final class GetSingle implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "N", description = "How many loads.")
        int n;

        @Mixin
        Target target;

        @Override
        public Integer call() {
            target.positive(n, "N");
            try (Session s = target.open()) {
                TicketLayer layer = s.layer();
                int[] ids = storedIds(layer);
                if (ids.length == 0) {
                    throw new IllegalStateException("no tickets stored (" + layer.describe()
                            + "): create some first, e.g. rl tickets create-multiple 150 500");
                }
                shuffle(ids, target.random());
                int missing = 0;
                long start = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    if (layer.load(ids[i % ids.length]) == null) {
                        missing++;
                    }
                }
                long elapsed = System.nanoTime() - start;
                target.report("get-single " + n, elapsed, layer, "from " + ids.length + " stored");
                if (missing > 0) {
                    throw new IllegalStateException(missing + " of " + n + " loads found nothing: deleted meanwhile?");
                }
            }
            return 0;
        }

        /** The ids of every stored ticket, from a streamed scan: ints, not tickets, are kept. */
        private static int[] storedIds(TicketLayer layer) {
            IntStream.Builder ids = IntStream.builder();
            layer.scan(t -> ids.add(t.getId()));
            return ids.build().toArray();
        }

        private static void shuffle(int[] a, Random random) {
            for (int i = a.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
        }
    }

    @Command(name = "get-multiple", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Reads every stored ticket N times (streamed full scans); times the scans.")
    static final class GetMultiple implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "N", description = "How many full scans.")
        int n;

        @Mixin
        Target target;

        @Override
        public Integer call() {
            target.positive(n, "N");
            try (Session s = target.open()) {
                long[] counts = new long[n];
                long start = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    counts[i] = s.layer().scan(t -> { });
                }
                long elapsed = System.nanoTime() - start;
                long min = Arrays.stream(counts).min().orElse(0);
                long max = Arrays.stream(counts).max().orElse(0);
                target.report("get-multiple " + n, elapsed, s.layer(),
                        (min == max ? String.valueOf(min) : min + "-" + max) + " tickets per scan");
            }
            return 0;
        }
    }

    @Command(name = "delete-all", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Deletes every ticket; times it.")
    static final class DeleteAll implements Callable<Integer> {
        @Mixin
        Target target;

        @Override
        public Integer call() {
            try (Session s = target.open()) {
                long start = System.nanoTime();
                s.layer().deleteAll();
                target.report("delete-all", System.nanoTime() - start, s.layer(), "");
            }
            return 0;
        }
    }
}
