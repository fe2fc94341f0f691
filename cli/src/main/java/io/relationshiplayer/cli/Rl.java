package io.relationshiplayer.cli;

import io.relationshiplayer.client.ClientException;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code rl} command. */
@Command(name = "rl", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Relationship Layer: SQL and records over gRPC on the FoundationDB Record Layer.",
        subcommands = {DemoCommand.class, SqlCommand.class, ShellCommand.class, DumpCommand.class, ServerCommand.class,
                TicketsCommand.class, BenchCommand.class, TokenCommand.class, ServerWarmUp.Command.class,
                CommandLine.HelpCommand.class,
                AutoComplete.GenerateCompletion.class},
        footer = {"", "Exit codes: 0 ok, 1 error, 2 usage, 3 stopped by a check (rl shell with ON_ERROR_STOP, rl bench "
                + "--check on a regression).",
                "Shell completion: source <(rl generate-completion)"})
public final class Rl implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** gRPC's own log (java.util.logging), kept referenced so that its level holds. */
    private static final java.util.logging.Logger GRPC_LOG = java.util.logging.Logger.getLogger("io.grpc");

    public static void main(String[] args) {
        if (args.length == 0 || !args[0].equals("server")) {
            // a client command reports failures itself, in one line: gRPC's warnings with stacks (a name that does not
            // resolve, a stream reset after a cancel) would come first
            GRPC_LOG.setLevel(java.util.logging.Level.SEVERE);
        }
        System.exit(commandLine(System.getenv(), args).execute(args));
    }

    /** The configured command line, with no environment or config file defaults. */
    public static CommandLine commandLine() {
        return commandLine(Map.of(), new String[0]);
    }

    /**
     * The configured command line: one error handler turns failures into a message and exit code 1; {@code rl server}
     * takes option defaults from {@code env} (RL_*) and the config file named in {@code args} ({@link ServerDefaults}).
     */
    public static CommandLine commandLine(Map<String, String> env, String[] args) {
        CommandLine cl = new CommandLine(new Rl());
        ServerDefaults.install(cl, args, env);
        // a usage error is one line and a hint, as psql and the GNU tools say it, not the forty lines of the help
        cl.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine c = ex.getCommandLine();
            java.io.PrintWriter err = c.getErr();
            err.println(c.getColorScheme().errorText("rl: " + ex.getMessage()));
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            err.flush();
            return c.getCommandSpec().exitCodeOnInvalidInput();
        });
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof io.relationshiplayer.cli.sql.OutputClosedException) {
                return 0; // the reader left (| head): the statement was cancelled, nothing more to say
            }
            if (e instanceof ClientException) {
                // a failure people can act on: one line, no stack trace
                commandLine.getErr().println("rl: " + describe(e));
                commandLine.getErr().flush();
                return 1;
            }
            // every failure is one line in the same form: rl: what went wrong (and, where it helps, what to do)
            commandLine.getErr().println(commandLine.getColorScheme().errorText("rl: " + describe(e)));
            if (System.getenv("RL_DEBUG") != null) {
                e.printStackTrace(commandLine.getErr());
            }
            return 1;
        });
        return cl;
    }

    static String describe(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.util.concurrent.CompletionException
                || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
